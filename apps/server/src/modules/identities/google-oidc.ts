import * as oidc from 'openid-client';
import type { Config } from '../../config';
import type { GoogleProfile } from './google-tickets';

const SCOPE = 'openid email profile';
/** Seconds allowed for each request to the provider (discovery, token exchange, keys). */
const REQUEST_TIMEOUT_SECONDS = 10;

/** What the callback needs back to finish an authorisation: kept server side, never in the browser. */
export interface GoogleChecks {
  state: string;
  codeVerifier: string;
  nonce: string;
}

/**
 * The OpenID Connect client for Google (or any provider at GOOGLE_ISSUER):
 * authorisation code flow with PKCE, state and nonce.
 */
export function createGoogleOidc(config: Config) {
  let discovered: Promise<oidc.Configuration> | null = null;

  /** Discovered on first use and kept; a failed discovery is retried by the next request. */
  function configuration(): Promise<oidc.Configuration> {
    discovered ??= discover().catch((err: unknown) => {
      discovered = null;
      throw err;
    });
    return discovered;
  }

  function discover(): Promise<oidc.Configuration> {
    const issuer = new URL(config.GOOGLE_ISSUER);
    const secret = config.GOOGLE_CLIENT_SECRET;
    // A local stand-in provider speaks plain HTTP; production talks to providers over HTTPS only.
    const insecure = issuer.protocol === 'http:' && config.NODE_ENV !== 'production';
    return oidc.discovery(
      issuer,
      config.GOOGLE_CLIENT_ID!,
      undefined,
      secret ? oidc.ClientSecretBasic(secret) : oidc.None(),
      { timeout: REQUEST_TIMEOUT_SECONDS, execute: insecure ? [oidc.allowInsecureRequests] : [] },
    );
  }

  return {
    /** Off until a client id is configured. */
    get enabled(): boolean {
      return Boolean(config.GOOGLE_CLIENT_ID);
    },

    /** Fresh PKCE verifier and nonce; the caller stores them under the state it issues. */
    newSecrets(): Omit<GoogleChecks, 'state'> {
      return { codeVerifier: oidc.randomPKCECodeVerifier(), nonce: oidc.randomNonce() };
    },

    /** The provider's sign-in page for this authorisation. */
    async authorizationUrl(redirectUri: string, checks: GoogleChecks): Promise<string> {
      const url = oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: SCOPE,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
      return url.href;
    },

    /**
     * Exchanges the code of the callback at `callbackUrl` (the redirect URI
     * with the provider's query) and returns who signed in, from the ID token.
     */
    async finish(callbackUrl: URL, checks: GoogleChecks): Promise<GoogleProfile> {
      const tokens = await oidc.authorizationCodeGrant(await configuration(), callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
      return {
        sub: claims.sub,
        email: text(claims.email),
        // Some older Google tokens carry the flag as a string.
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        name: text(claims.name),
        picture: text(claims.picture),
      };
    },
  };
}

export type GoogleOidc = ReturnType<typeof createGoogleOidc>;
