// The creators feature's public file: all the app and other features may import from it (ESLint keeps the rest private).
import { lazyPage } from '../../shared/ui/lazy-page';

export { CreatorCard, creatorGridClass } from './components/creator-card';
export { CreatorFollowButton } from './components/creator-follow-button';
export { FollowButton } from './components/follow-button';

export const CreatorsPage = lazyPage(() => import('./pages/creators-page'));
export const SubscriptionsPage = lazyPage(() => import('./pages/subscriptions-page'));
export const FansPage = lazyPage(() => import('./pages/fans-page'));
