// The stand-in for Google that the browser tests sign in at: the same local
// OpenID Connect provider as the server's API tests (one setup, written in
// TypeScript and loaded through tsx, since start-server.mjs runs on plain Node).
// In the browser its login page takes any login and any password; see
// standInClaims in that file for who a login becomes.
import { tsImport } from 'tsx/esm/api';

export const { startOidcProvider, standInClaims } = await tsImport(
  '../apps/server/test/support/oidc-provider.ts',
  import.meta.url,
);
