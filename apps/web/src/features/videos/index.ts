// The videos feature's public file: all the app and other features may import from it (ESLint keeps the rest private).
import { lazyPage } from '../../shared/ui/lazy-page';

export { AuthorVideos } from './components/author-videos';
export { PlatformStats } from './components/platform-stats';
export { RecommendedVideos } from './components/recommended-videos';
export { VideoGrid, VideoGridSkeleton } from './components/video-grid';

export const VideosPage = lazyPage(() => import('./pages/videos-page'));
export const VideoDetailPage = lazyPage(() => import('./pages/video-detail-page'));
export const HistoryPage = lazyPage(() => import('./pages/history-page'));
export const CollectionPage = lazyPage(() => import('./pages/collection-page'));
