/** The identities module's public surface: outside logins (wallets, Telegram, Google) bound to accounts. */
export { createBindings } from './bindings';
export { createChallenges, type Challenges } from './challenges';
export { createGoogleOidc, isGrantRefused, type GoogleOidc, type GoogleTokens } from './google-oidc';
export { createGoogleTickets, isSameFlow, startFlow } from './google-tickets';
export { googleRoutes } from './google.routes';
export { identitiesRoutes, siteOrigin } from './identities.routes';
export { identitiesJobs } from './jobs';
export { createIdentities } from './identities.service';
