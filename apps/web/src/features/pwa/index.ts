// The pwa feature's public file: all the app and other features may import from it (ESLint keeps the rest private).
export { AddToHomeHint } from './add-to-home-hint';
