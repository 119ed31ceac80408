// The creators feature's public file: all the app and other features may import from it (ESLint keeps the rest private).
export { CreatorCard, creatorGridClass } from './components/creator-card';
export { CreatorFollowButton } from './components/creator-follow-button';
export { FollowButton } from './components/follow-button';
