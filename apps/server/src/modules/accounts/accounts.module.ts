/** The accounts module's public surface: what the app and other modules may use of it (tables: `accounts.schema.ts`). */
export { accountsRoutes } from './accounts.routes';
export { createAccounts, type Accounts, type LoginResult } from './accounts.service';
export { createEmailCodes } from './email-codes';
export { createSessionCache } from './session-cache';
export { createSessions, sessionMeta, type SessionMeta, type Sessions } from './sessions';
export { createSignUps, type NewAccount, type SignUps } from './sign-ups';
export { createUserProfiles, type BindingsOf, type UserProfiles } from './user-info';
