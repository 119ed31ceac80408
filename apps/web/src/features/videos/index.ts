// The videos feature's public file: all the app and other features may import from it (ESLint keeps the rest private).
export { AuthorVideos } from './components/author-videos';
export { useCategories } from './api/use-categories';
export { PlatformStats } from './components/platform-stats';
export { RecommendedVideos } from './components/recommended-videos';
export { VideoGrid, VideoGridSkeleton } from './components/video-grid';
