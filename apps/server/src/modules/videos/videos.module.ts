/**
 * The videos module's public surface: feeds, watching and the social calls. Other modules follow it
 * through its event bus (`video-events.ts`, public too) and read its tables (`videos.schema.ts`).
 */
export { createPostCards } from './post-cards';
export { socialRoutes } from './social.routes';
export { videosRoutes } from './videos.routes';
export { createFeeds } from './feeds.service';
export { videosOpsRoutes } from './ops.routes';
export { demoMediaJobs } from './videos.demo-seed';
export { countPublished } from './published-counts';
