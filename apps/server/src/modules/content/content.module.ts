/** The content module's public surface: site texts and settings. */
export { contentRoutes } from './content.routes';
export { contentSeeds } from './content.seed';
export { createContentService } from './content.service';
export { settingsAdmin } from './settings.admin';
