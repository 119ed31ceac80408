/** The countries module's public surface. */
export { countriesRoutes } from './countries.routes';
