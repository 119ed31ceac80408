import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AUTH_CHALLENGE_TTL_SECONDS, identityCalls, userCalls } from '@taice/contract';
import { authChallenges, userIdentities } from '../src/modules/identities/identities.schema';
import { createTestApp, type TestApp } from './support/test-app';
import { freshIp, register } from './support/accounts';
import { newWallet, walletLogin } from './support/evm-wallet';
import { standInClaims, startOidcProvider, type OidcStandIn } from './support/oidc-provider';

const SITE = 'http://taice.test';
const START = '/api/frontend/auth/google';
const CALLBACK = `${START}/callback`;

let oidc: OidcStandIn;
let t: TestApp;
beforeAll(async () => {
  oidc = await startOidcProvider({ redirectUris: [SITE + CALLBACK] });
  t = await createTestApp({
    env: {
      GOOGLE_ISSUER: oidc.issuer,
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      PUBLIC_URL: SITE,
    },
  });
});
afterAll(async () => {
  await t.close();
  await oidc.close();
});

/** A Google user of its own for each test; `unverified-` ones have an unverified e-mail. */
function freshLogin(prefix = 'user'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** The test browser's Google flow cookie, as the start route set it. */
let browserCookie = '';
/** The cookie of the browser each ticket was issued to. */
const cookieOfTicket = new Map<string, string>();

/** Where a redirect route sends the browser (checking it is an uncached 302). */
async function redirectOf(app: TestApp, url: string): Promise<string> {
  // Each visit from an address of its own: the start route allows 30 per address a minute.
  const res = await app.inject({
    method: 'GET',
    url,
    remoteAddress: freshIp(),
    headers: browserCookie ? { cookie: browserCookie } : {},
  });
  const setCookie = res.headers['set-cookie'];
  if (setCookie) browserCookie = String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;
  expect(res.statusCode).toBe(302);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.headers.location as string;
}

function start(query: Record<string, string>, app = t): Promise<string> {
  return redirectOf(app, `${START}?${new URLSearchParams(query)}`);
}

/** The callback's redirect for a callback URL on this site (path and query only, as a browser sends). */
function callback(callbackUrl: string, app = t): Promise<string> {
  const url = new URL(callbackUrl, SITE);
  return redirectOf(app, url.pathname + url.search);
}

function split(location: string) {
  const [path, fragment = ''] = location.split('#');
  return { path, fragment: new URLSearchParams(fragment) };
}

function stateOf(authorizationUrl: string): string {
  return new URL(authorizationUrl).searchParams.get('state')!;
}

/** Runs the browser flow for `login` through the stand-in provider; returns the ticket left for the page. */
async function googleTicket(login: string, intent: 'login' | 'bind' = 'login'): Promise<string> {
  const location = await callback(await oidc.signIn(await start({ intent, return_to: '/Login' }), login));
  const { path, fragment } = split(location);
  expect(path).toBe('/Login');
  expect(fragment.get('intent')).toBe(intent);
  const ticket = fragment.get('google_ticket')!;
  cookieOfTicket.set(ticket, browserCookie);
  return ticket;
}

const sameBrowser = (ticket: string) => ({ cookie: cookieOfTicket.get(ticket) ?? '' });

function googleLogin(ticket: string, headers = sameBrowser(ticket)) {
  return t.call(identityCalls.googleLogin, { body: { ticket } }, { headers });
}

function googleEmailBind(ticket: string, token?: string, headers = sameBrowser(ticket)) {
  return t.call(identityCalls.googleEmailBind, { body: { ticket } }, { token, headers });
}

async function googleIdentitiesOf(userId: number) {
  return t.database.db
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, 'google')));
}

describe('the redirect to the provider', () => {
  it('asks for openid email profile with PKCE (S256), a state and a nonce, returning to the callback', async () => {
    const url = new URL(await start({ return_to: '/Login' }));
    expect(url.origin).toBe(oidc.issuer);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      client_id: oidc.clientId,
      redirect_uri: SITE + CALLBACK,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(params.nonce).toBeTruthy();
    const [saved] = await t.database.db
      .select()
      .from(authChallenges)
      .where(and(eq(authChallenges.kind, 'google_state'), eq(authChallenges.value, params.state!)));
    expect(saved?.data).toMatchObject({ intent: 'login', returnTo: '/Login', nonce: params.nonce });
    expect(JSON.stringify(saved?.data)).not.toContain(params.code_challenge);
  });

  it('returns only to paths on this site, else to /Home', async () => {
    const declined = async (returnTo: string) => {
      const state = stateOf(await start({ return_to: returnTo }));
      return callback(`${CALLBACK}?error=access_denied&state=${state}`);
    };
    expect(await declined('/Me?tab=likes')).toBe('/Me?tab=likes#google_error=google_ticket_invalid');
    for (const outside of [
      '//evil.com',
      'https://evil.com',
      '/\\evil.com',
      '/\t/evil.com',
      '/.//evil.com',
      '/a/..//evil.com',
      'Home',
      '',
    ]) {
      expect(await declined(outside)).toBe('/Home#google_error=google_ticket_invalid');
    }
  });
});

describe('the callback', () => {
  it('turns a declined sign-in into #google_error on the return page and spends the state', async () => {
    const state = stateOf(await start({ intent: 'bind', return_to: '/Setting' }));
    const declined = `${CALLBACK}?error=access_denied&error_description=denied&state=${state}`;
    expect(await callback(declined)).toBe('/Setting#google_error=google_ticket_invalid');
    expect(await callback(declined)).toBe('/Home#google_error=google_ticket_invalid');
  });

  it('refuses a missing, unknown, tampered or replayed state', async () => {
    const signedIn = new URL(await oidc.signIn(await start({ return_to: '/Login' }), freshLogin()));
    const tampered = new URL(signedIn);
    tampered.searchParams.set('state', `${signedIn.searchParams.get('state')}x`);
    const withoutState = new URL(signedIn);
    withoutState.searchParams.delete('state');
    const withNul = new URL(signedIn);
    withNul.searchParams.set('state', 'state\u0000');
    for (const url of [withoutState, tampered, withNul]) {
      expect(await callback(url.href)).toBe('/Home#google_error=google_ticket_invalid');
    }
    expect(split(await callback(signedIn.href)).fragment.get('google_ticket')).toBeTruthy();
    expect(await callback(signedIn.href)).toBe('/Home#google_error=google_ticket_invalid');
  });

  it('refuses a code the provider does not know, logging why', async () => {
    const signedIn = new URL(await oidc.signIn(await start({ return_to: '/Login' }), freshLogin()));
    signedIn.searchParams.set('code', 'not-a-code');
    expect(await callback(signedIn.href)).toBe('/Login#google_error=google_ticket_invalid');
  });

  it('checks the nonce and the PKCE verifier kept with the state', async () => {
    for (const field of ['nonce', 'codeVerifier']) {
      const signedIn = await oidc.signIn(await start({ return_to: '/Login' }), freshLogin());
      const state = new URL(signedIn).searchParams.get('state')!;
      const where = and(eq(authChallenges.kind, 'google_state'), eq(authChallenges.value, state));
      const [saved] = await t.database.db.select().from(authChallenges).where(where);
      const data = { ...saved?.data, [field]: 'x'.repeat(43) };
      await t.database.db.update(authChallenges).set({ data }).where(where);
      expect(await callback(signedIn)).toBe('/Login#google_error=google_ticket_invalid');
    }
  });

  it('redirects with an error and logs a warning while the provider cannot be reached, then retries', async () => {
    const gone = await startOidcProvider({ redirectUris: [SITE + CALLBACK] });
    const port = Number(new URL(gone.issuer).port);
    await gone.close();
    const logLines: Record<string, unknown>[] = [];
    const app = await createTestApp({
      env: { GOOGLE_ISSUER: gone.issuer, GOOGLE_CLIENT_ID: 'taice', PUBLIC_URL: SITE },
      logLines,
    });
    try {
      expect(await start({ return_to: '/Login' }, app)).toBe('/Login#google_error=google_ticket_invalid');
      expect(logLines.some((l) => l.level === 40 && l.msg === 'google sign-in failed')).toBe(true);
      const back = await startOidcProvider({ redirectUris: [SITE + CALLBACK], port });
      try {
        expect(await start({ return_to: '/Login' }, app)).toMatch(`${back.issuer}/`);
      } finally {
        await back.close();
      }
    } finally {
      await app.close();
    }
  });

  it('says Google is not configured when there is no client id', async () => {
    const bare = await createTestApp();
    try {
      expect(await start({ return_to: '/Login' }, bare)).toBe('/Login#google_error=provider_not_configured');
      expect(await callback(`${CALLBACK}?code=x&state=y`, bare)).toBe('/Home#google_error=google_ticket_invalid');
    } finally {
      await bare.close();
    }
  });
});

describe('google/login with the ticket', () => {
  it('creates an account on first login, with the verified Google e-mail and profile', async () => {
    const login = freshLogin('new');
    const claims = standInClaims(login);
    const res = await googleLogin(await googleTicket(login));
    expect(res.code).toBe(0);
    expect(res.data.user).toMatchObject({
      email: claims.email,
      nickname: claims.name,
      avatar: claims.picture,
      logType: 5,
      is_new_register: 1,
      bindings: { google: claims.email },
    });
    const [identity] = await googleIdentitiesOf(res.data.user.id);
    expect(identity?.subject).toBe(claims.sub);
    const info = await t.call(userCalls.userInfo, {}, { token: res.data.token });
    expect(info.data.id).toBe(res.data.user.id);
  });

  it('logs the same Google user into the same account next time', async () => {
    const login = freshLogin();
    const first = await googleLogin(await googleTicket(login));
    const again = await googleLogin(await googleTicket(login));
    expect(again.data.user).toMatchObject({ id: first.data.user.id, is_new_register: 0, logType: 5 });
    expect(again.data.token).not.toBe(first.data.token);
  });

  it('logs into the e-mail account holding the same verified address, linking Google to it', async () => {
    const login = freshLogin('mail');
    const account = await register(t, { email: standInClaims(login).email });
    const res = await googleLogin(await googleTicket(login));
    expect(res.data.user).toMatchObject({ id: account.user.id, email: account.email, logType: 5 });
    expect(res.data.user.bindings.google).toBe(account.email);
  });

  it('neither links nor takes an unverified e-mail', async () => {
    const login = freshLogin('unverified');
    const account = await register(t, { email: standInClaims(login).email });
    const res = await googleLogin(await googleTicket(login));
    expect(res.code).toBe(0);
    expect(res.data.user.id).not.toBe(account.user.id);
    expect(res.data.user.email).toBe('');
    expect(await googleIdentitiesOf(account.user.id)).toEqual([]);
  });

  it('is worthless in another browser: a ticket or a callback address passed on does nothing there', async () => {
    const ticket = await googleTicket(freshLogin());
    expect(await googleLogin(ticket, { cookie: '' })).toMatchObject({ code: 15011, data: null });
    const account = await register(t);
    const forced = await googleEmailBind(ticket, account.token, { cookie: 'taice_google_flow=someone-else' });
    expect(forced.code).toBe(15011);
    // The rightful browser can still use it.
    expect((await googleLogin(ticket)).code).toBe(0);

    const signedIn = await oidc.signIn(await start({ return_to: '/Login' }), freshLogin());
    browserCookie = '';
    expect(await callback(signedIn)).toBe('/Login#google_error=google_ticket_invalid');
  });

  it('takes a ticket once', async () => {
    const ticket = await googleTicket(freshLogin());
    expect((await googleLogin(ticket)).code).toBe(0);
    expect(await googleLogin(ticket)).toMatchObject({ code: 15011, data: null });
  });

  it('refuses an expired ticket', async () => {
    const ticket = await googleTicket(freshLogin());
    t.clock.advance((AUTH_CHALLENGE_TTL_SECONDS + 1) * 1000);
    expect(await googleLogin(ticket)).toMatchObject({ code: 15011, data: null });
  });
});

describe('googleEmailBind', () => {
  it('binds Google to an e-mail account, keeping its e-mail', async () => {
    const account = await register(t);
    const login = freshLogin();
    const claims = standInClaims(login);
    const res = await googleEmailBind(await googleTicket(login, 'bind'), account.token);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ id: account.user.id, email: account.email });
    expect(res.data.bindings.google).toBe(claims.email);
  });

  it('gives an account without e-mail the verified Google e-mail', async () => {
    const { token, user } = await walletLogin(t, newWallet());
    expect(user.email).toBe('');
    const login = freshLogin();
    const claims = standInClaims(login);
    const res = await googleEmailBind(await googleTicket(login, 'bind'), token);
    expect(res.data).toMatchObject({ id: user.id, email: claims.email, bindings: { google: claims.email } });
  });

  it('refuses a Google account bound to another user, changing nothing', async () => {
    const login = freshLogin();
    const owner = await googleLogin(await googleTicket(login));
    const other = await register(t);
    const ticket = await googleTicket(login, 'bind');
    const res = await googleEmailBind(ticket, other.token);
    expect(res).toEqual({
      code: 15012,
      msg: 'This Google account is already bound to another user',
      data: null,
    });
    expect(await googleIdentitiesOf(other.user.id)).toEqual([]);
    expect(await googleIdentitiesOf(owner.data.user.id)).toHaveLength(1);
    // The refusal rolled back with the rest: the ticket is still unspent.
    expect((await googleLogin(ticket)).data.user.id).toBe(owner.data.user.id);
  });

  it('refuses a second, different Google account', async () => {
    const account = await register(t);
    expect((await googleEmailBind(await googleTicket(freshLogin(), 'bind'), account.token)).code).toBe(0);
    const res = await googleEmailBind(await googleTicket(freshLogin(), 'bind'), account.token);
    expect(res).toMatchObject({ code: 15013, msg: 'Your account is already bound to another Google account' });
    expect(await googleIdentitiesOf(account.user.id)).toHaveLength(1);
  });

  it('asks to log in first', async () => {
    const ticket = await googleTicket(freshLogin(), 'bind');
    expect((await googleEmailBind(ticket)).code).toBe(401);
  });
});
