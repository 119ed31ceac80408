// The tasks feature's public file: all the app and other features may import from it (ESLint keeps the rest private).
export { FloatingTasks } from './components/floating-tasks';
