import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// A local OpenID Connect provider standing in for Google: the real protocol
// (discovery, PKCE, signed ID tokens) with oidc-provider's development login
// and consent pages, where any password is accepted. No server imports, so
// e2e can load it too (e2e/oidc-stand-in.mjs).
//
// For YouTube sync it also grants Google's read-only YouTube scope, with a
// refresh token (Google's `access_type=offline`; here: whenever that scope is
// granted), and answers token introspection (the YouTube stand-in checks the
// access tokens it is shown there) and revocation.

/** The scope YouTube sync asks for (as `YOUTUBE_SCOPE` in the contract). */
export const YOUTUBE_READONLY_SCOPE = 'https://www.googleapis.com/auth/youtube.readonly';

export interface StandInClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture: string;
}

export interface OidcStandIn {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Signs `login` in at `authorizationUrl` through the login and consent
   * forms, as a browser would; returns the callback URL carrying code and state.
   */
  signIn(authorizationUrl: string, login: string): Promise<string>;
  /** Revokes an access or refresh token, as a user removing the app's access at Google would. */
  revoke(token: string): Promise<void>;
  /** Refresh token grants answered so far (refused ones too). */
  refreshes(): number;
  close(): Promise<void>;
}

/**
 * Who a login name signs in as: `alice-liddell` is sub `alice-liddell` (the
 * provider's account id is the login), the verified alice-liddell@example.com,
 * "Alice Liddell"; a login starting `unverified-` has an unverified e-mail.
 */
export function standInClaims(login: string): StandInClaims {
  return {
    sub: login,
    email: `${login.toLowerCase()}@example.com`,
    email_verified: !login.startsWith('unverified-'),
    name: login.replace(/(^|-)(\w)/g, (_, dash: string, c: string) => (dash ? ' ' : '') + c.toUpperCase()),
    picture: `https://example.com/avatars/${encodeURIComponent(login)}.png`,
  };
}

export async function startOidcProvider(options: { redirectUris: string[]; port?: number }): Promise<OidcStandIn> {
  // The issuer names its port, so the port is taken before the provider exists.
  let handle: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'taice-stand-in';
  const clientSecret = randomBytes(16).toString('hex');

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'stand-in', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: true },
      introspection: { enabled: true, allowedPolicy: async () => true },
      revocation: { enabled: true, allowedPolicy: async () => true },
    },
    scopes: ['openid', 'offline_access', YOUTUBE_READONLY_SCOPE],
    // Google issues refresh tokens for `access_type=offline`, which this provider does not know.
    issueRefreshToken: async (
      _ctx: unknown,
      client: { grantTypeAllowed(type: string): boolean },
      code: { scopes: Set<string> },
    ) =>
      client.grantTypeAllowed('refresh_token') &&
      (code.scopes.has('offline_access') || code.scopes.has(YOUTUBE_READONLY_SCOPE)),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Set, like renderError, so the provider does not print a notice about each default.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, IdToken: 3600, AccessToken: 3600, RefreshToken: 86400 },
    // Plain text, so a failed sign-in explains itself in the test output.
    renderError: (ctx: { type: string; body: string }, out: Record<string, string>) => {
      ctx.type = 'text/plain';
      ctx.body = Object.entries(out)
        .map(([key, value]) => `${key}: ${value}`)
        .join('\n');
    },
    // Google puts the profile in the ID token itself, not only behind the userinfo endpoint.
    conformIdTokenClaims: false,
    // devInteractions takes the login field as the account id; every login exists.
    findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => standInClaims(id) }),
  });
  handle = provider.callback();
  let refreshCount = 0;
  const countRefresh = (ctx: { oidc?: { params?: { grant_type?: unknown } } }) => {
    if (ctx.oidc?.params?.grant_type === 'refresh_token') refreshCount++;
  };
  provider.on('grant.success', countRefresh);
  provider.on('grant.error', countRefresh);

  return {
    issuer,
    clientId,
    clientSecret,
    signIn: (authorizationUrl, login) => driveSignIn(issuer, authorizationUrl, login),
    async revoke(token) {
      const response = await fetch(`${issuer}/token/revocation`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
        body: new URLSearchParams({ token }),
      });
      if (!response.ok) throw new Error(`revocation answered ${response.status}`);
    },
    refreshes: () => refreshCount,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Follows the provider's redirects and submits its forms until it sends the browser off-site. */
async function driveSignIn(issuer: string, authorizationUrl: string, login: string): Promise<string> {
  const cookies = new Map<string, string>();
  let request: { url: string; form?: URLSearchParams } = { url: authorizationUrl };
  for (let step = 0; step < 12; step++) {
    const response = await fetch(request.url, {
      method: request.form ? 'POST' : 'GET',
      body: request.form,
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(name.length + 1);
      if (value) cookies.set(name, value);
      else cookies.delete(name);
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, request.url);
      if (next.origin !== issuer) return next.href;
      request = { url: next.href };
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (!response.ok || !action || !prompt) {
      throw new Error(`stand-in provider answered ${response.status}: ${page.slice(0, 500)}`);
    }
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    request = { url: new URL(action.replaceAll('&amp;', '&'), issuer).href, form };
  }
  throw new Error('stand-in provider sign-in did not finish');
}
