// The tasks feature's public file: all the app and other features may import from it (ESLint keeps the rest private).
import { lazyPage } from '../../shared/ui/lazy-page';

export { FloatingTasks } from './components/floating-tasks';

export const TaskPage = lazyPage(() => import('./pages/task-page'));
