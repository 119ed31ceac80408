// The message center's public file: all the app and other features may import from it (ESLint keeps the rest private).
export { UnreadBadge, useUnreadCount } from './components/unread-badge';
export { UnreadSync } from './components/unread-sync';
