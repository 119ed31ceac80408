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

  /** Exchanges the callback's code: who signed in (from the ID token) and the tokens granted. */
  async function grant(
    callbackUrl: URL,
    checks: GoogleChecks,
  ): Promise<{ profile: GoogleProfile; tokens: GoogleTokens }> {
    const tokens = await oidc.authorizationCodeGrant(await configuration(), callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
    return {
      profile: {
        sub: claims.sub,
        email: text(claims.email),
        // Some older Google tokens carry the flag as a string.
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        name: text(claims.name),
        picture: text(claims.picture),
      },
      tokens: tokensOf(tokens),
    };
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

    /**
     * The provider's sign-in page for this authorisation. `access` asks for more than signing in
     * (YouTube sync): its scope instead of the login's, and extra parameters such as Google's
     * incremental authorisation (`access_type=offline`, `prompt=consent`, `include_granted_scopes`).
     */
    async authorizationUrl(redirectUri: string, checks: GoogleChecks, access?: GoogleAccess): Promise<string> {
      const url = oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: access?.scope ?? SCOPE,
        ...access?.params,
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
      return (await grant(callbackUrl, checks)).profile;
    },

    /** `finish`, also answering the tokens the provider granted (for calls to Google's APIs). */
    grant,

    /**
     * A fresh access token for a refresh token. The provider's refusal (`invalid_grant`: revoked or
     * expired) is an `oidc.ResponseBodyError`; `refreshToken` in the answer is null when the provider
     * keeps the old one.
     */
    async refresh(refreshToken: string): Promise<GoogleTokens> {
      return tokensOf(await oidc.refreshTokenGrant(await configuration(), refreshToken));
    },

    /** Revokes a token at the provider, when it offers revocation (best effort: failures are the caller's to log). */
    async revoke(token: string): Promise<void> {
      const config = await configuration();
      if (config.serverMetadata().revocation_endpoint) await oidc.tokenRevocation(config, token);
    },
  };
}

/** More than signing in: the scope to ask for and extra authorisation parameters. */
export interface GoogleAccess {
  scope: string;
  params?: Record<string, string>;
}

/** What a token response granted, for calling the provider's APIs on the user's behalf. */
export interface GoogleTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Seconds the access token lasts, as the provider says (null when it does not say). */
  expiresIn: number | null;
  /** The scopes granted, space separated ('' when the provider does not say). */
  scope: string;
}

function tokensOf(response: oidc.TokenEndpointResponse): GoogleTokens {
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token ?? null,
    expiresIn: typeof response.expires_in === 'number' ? response.expires_in : null,
    scope: response.scope ?? '',
  };
}

export type GoogleOidc = ReturnType<typeof createGoogleOidc>;

/** Whether the provider refused a grant (a revoked or expired refresh token): starting over is the only way on. */
export function isGrantRefused(err: unknown): boolean {
  return err instanceof oidc.ResponseBodyError && err.error === 'invalid_grant';
}
