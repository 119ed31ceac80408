/** The identities module's public surface: outside logins (wallets, Telegram, Google) bound to accounts. */
export { createBindings } from './bindings';
export { createChallenges } from './challenges';
export { createGoogleOidc } from './google-oidc';
export { createGoogleTickets } from './google-tickets';
export { googleRoutes } from './google.routes';
export { identitiesRoutes } from './identities.routes';
export { identitiesJobs } from './jobs';
export { createIdentities } from './identities.service';
