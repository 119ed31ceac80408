/** The operator console's members, balances, audit log and dashboard (decision 045). */
export { consoleJobs, createConsole, type Console } from './console';
export { consoleRoutes } from './console.routes';
