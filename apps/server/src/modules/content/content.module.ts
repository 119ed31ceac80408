/** The content module's public surface: site texts and settings. */
export { contentRoutes } from './content.routes';
export { createContentService } from './content.service';
