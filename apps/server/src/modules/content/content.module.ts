/** The content module's public surface: site texts and settings, and their operator API. */
export { contentRoutes } from './content.routes';
export { contentOpsRoutes } from './ops.routes';
export { createContentService } from './content.service';
