/** The uploads module's public surface: upload grants and avatars. */
export { createAvatars, type Avatars } from './avatars';
export { createUploadGrants } from './upload-grants';
export { uploadsRoutes } from './uploads.routes';
