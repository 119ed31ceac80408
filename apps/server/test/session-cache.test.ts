import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LOGIN_TYPES, identityCalls, userCalls } from '@taice/contract';
import { sessions } from '../src/modules/accounts/accounts.schema';
import { createSessionCache } from '../src/modules/accounts/session-cache';
import { ManualClock } from '../src/platform/time/clock';
import { createTestApp, type TestApp } from './support/test-app';
import { freshIp, lastCode, PASSWORD, register, sendCode } from './support/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const infoCode = async (app: TestApp, token: string) => (await app.call(userCalls.userInfo, {}, { token })).code;

async function login(app: TestApp, email: string): Promise<string> {
  const res = await app.call(userCalls.emailLogin, { body: { email, password: PASSWORD } }, { ip: freshIp() });
  expect(res.code).toBe(0);
  return res.data.token;
}

async function resetPassword(app: TestApp, email: string): Promise<void> {
  await sendCode(app, email, 'forget_password');
  const res = await app.call(userCalls.forgetPassword, {
    body: {
      email,
      code: await lastCode(app, email),
      password: 'a brand new pass',
    },
  });
  expect(res.code).toBe(0);
}

describe('session cache', () => {
  it('answers a cached session without the database, for at most a minute', async () => {
    const { token } = await register(t);
    expect(await infoCode(t, token)).toBe(0);
    // Ended behind the server's back (no code path does this): the cache does not see it...
    await t.database.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.tokenHash, hashOf(token)));
    expect(await infoCode(t, token)).toBe(0);
    // ...until its entry is a minute old.
    t.clock.advance(61_000);
    expect(await infoCode(t, token)).toBe(401);
  });

  it('refuses a cached token at once after logout', async () => {
    const { token } = await register(t);
    expect(await infoCode(t, token)).toBe(0);
    expect((await t.call(userCalls.logout, {}, { token })).code).toBe(0);
    expect(await infoCode(t, token)).toBe(401);
  });

  it('refuses the old cached token at once after a token refresh', async () => {
    const { token } = await register(t);
    expect(await infoCode(t, token)).toBe(0);
    const refreshed = await t.call(identityCalls.getAccessToken, {}, { token });
    expect(refreshed.code).toBe(0);
    expect(await infoCode(t, token)).toBe(401);
    expect(await infoCode(t, refreshed.data.token)).toBe(0);
  });

  it("refuses every cached token of the account at once after a password reset, and only that account's", async () => {
    const account = await register(t);
    const other = await register(t);
    const second = await login(t, account.email);
    for (const token of [account.token, second, other.token]) expect(await infoCode(t, token)).toBe(0);
    await resetPassword(t, account.email);
    expect(await infoCode(t, account.token)).toBe(401);
    expect(await infoCode(t, second)).toBe(401);
    expect(await infoCode(t, other.token)).toBe(0);
  });

  it('refuses a cached session once it expires', async () => {
    const { token } = await register(t);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(t.clock.now().getTime() + 30_000) })
      .where(eq(sessions.tokenHash, hashOf(token)));
    expect(await infoCode(t, token)).toBe(0);
    t.clock.advance(29_000);
    expect(await infoCode(t, token)).toBe(0);
    t.clock.advance(2_000);
    expect(await infoCode(t, token)).toBe(401);
  });

  it('does not keep what a lookup read while sessions were being ended', async () => {
    const cache = await createSessionCache({ clock: new ManualClock(), redis: null, channel: 'unused' });
    const session = { sessionId: 1, userId: 7, loginType: LOGIN_TYPES.email, expiresAt: new Date(Date.now() + 60_000) };
    const startedAt = cache.generation();
    await cache.drop({ userId: 7 });
    cache.set('hash', session, startedAt);
    expect(cache.get('hash')).toBeNull();
    cache.set('hash', session, cache.generation());
    expect(cache.get('hash')).toEqual(session);
    await cache.drop({ userId: 7 });
    expect(cache.get('hash')).toBeNull();
  });
});

describe.runIf(process.env.REDIS_URL)('session cache across server processes (Redis)', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ databaseUrl: t.databaseUrl });
  });
  afterAll(() => other.close());

  it('refuses on one process, at once, a cached token logged out on another', async () => {
    const { token } = await register(t);
    expect(await infoCode(other, token)).toBe(0);
    expect((await t.call(userCalls.logout, {}, { token })).code).toBe(0);
    expect(await infoCode(other, token)).toBe(401);
  });

  it('refuses on one process, at once, an old token refreshed on another', async () => {
    const { token } = await register(t);
    expect(await infoCode(other, token)).toBe(0);
    expect((await t.call(identityCalls.getAccessToken, {}, { token })).code).toBe(0);
    expect(await infoCode(other, token)).toBe(401);
  });

  it('refuses on one process, at once, every cached token of an account reset on another', async () => {
    const account = await register(t);
    const second = await login(t, account.email);
    for (const token of [account.token, second]) expect(await infoCode(other, token)).toBe(0);
    await resetPassword(t, account.email);
    for (const token of [account.token, second]) expect(await infoCode(other, token)).toBe(401);
  });
});
