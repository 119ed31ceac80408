// The search feature's public file: all the app and other features may import from it (ESLint keeps the rest private).
import { lazyPage } from '../../shared/ui/lazy-page';

export { KeywordSearchForm } from './components/keyword-search-form';

export const DiscoverPage = lazyPage(() => import('./pages/discover-page'));
