// The pools feature's public file: all the app and other features may import from it (ESLint keeps the rest private).
/** The creator's reward pools of a video (fund dialog, list, cancel): for the channel's my-video detail page. */
export { RewardPoolPanel } from './components/reward-pool-panel';
/** The pool on a video for its viewers (reward, countdown, claim): for the video page. */
export { VideoPoolCard } from './components/video-pool-card';
