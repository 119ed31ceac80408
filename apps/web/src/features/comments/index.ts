// The comments feature's public file: all the app and other features may import from it (ESLint keeps the rest private).
export { CommentSection } from './components/comment-section';
