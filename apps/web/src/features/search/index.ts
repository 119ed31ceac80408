// The search feature's public file: all the app and other features may import from it (ESLint keeps the rest private).
export { KeywordSearchForm } from './components/keyword-search-form';
