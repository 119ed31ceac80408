import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_SIGN_SECRET, defineCall, signParams } from '@taice/contract';
import { registerCall } from '../src/platform/http/call-routes';
import { byIp, byUser, rateLimit } from '../src/platform/http/rate-limit';
import { register } from './support/accounts';
import type { RateLimitRule } from '../src/platform/state/shared-state';
import { createTestApp, type TestApp } from './support/test-app';

const rule: RateLimitRule = { name: 'test.ping', points: 3, durationSeconds: 60 };
const userRule: RateLimitRule = { name: 'test.mine', points: 2, durationSeconds: 60 };
const mineCall = defineCall({
  method: 'POST',
  path: '/api/test/mine',
  auth: 'optional',
  tag: 'test',
  summary: 'limited per user',
  data: z.literal('ok'),
});
const pingCall = defineCall({
  method: 'POST',
  path: '/api/test/ping',
  auth: 'none',
  tag: 'test',
  summary: 'limited',
  body: z.object({ account: z.string() }),
  data: z.literal('pong'),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend(app, { shared }) {
      app.register(async (scoped) => {
        scoped.addHook(
          'preHandler',
          rateLimit(shared.limits, rule, byIp, (request) => `account:${(request.body as { account: string }).account}`),
        );
        registerCall(scoped, pingCall, () => 'pong' as const);
      });
      app.register(async (scoped) => {
        scoped.addHook('preHandler', rateLimit(shared.limits, userRule, byUser));
        registerCall(scoped, mineCall, () => 'ok' as const);
      });
    },
  });
});
afterAll(() => t.close());

const ping = (account: string, ip = '10.0.0.1', lang?: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/api/test/ping',
      remoteAddress: ip,
      headers: lang ? { lang } : {},
      payload: { account, ...signed() },
    })
    .then((r) => r.json<{ code: number; msg: string; data: unknown }>());

let counter = 0;
const signed = () =>
  signParams(DEFAULT_SIGN_SECRET, 'd1', t.clock.now().getTime(), `rate-limit-${++counter}-${Date.now()}`);

describe('rate limits', () => {
  it('refuses the request past the limit per IP and tells when to retry', async () => {
    for (let i = 0; i < 3; i++) expect((await ping(`a${i}`, '10.0.0.7')).code).toBe(0);
    const refused = await ping('a9', '10.0.0.7');
    expect(refused.code).toBe(429);
    expect(refused.msg).toMatch(/^Too many requests, please try again in (5\d|60) s$/);
    expect(refused.data).toMatchObject({ retry_after: expect.any(Number) });
    const cn = await ping('a10', '10.0.0.7', 'zh-CN');
    expect(cn.msg).toMatch(/^请求过于频繁，请在 \d+ 秒后重试$/);
  });

  it('counts another key (the account) across IPs', async () => {
    for (let i = 0; i < 3; i++) expect((await ping('shared', `10.1.0.${i}`)).code).toBe(0);
    expect((await ping('shared', '10.1.0.99')).code).toBe(429);
    expect((await ping('other', '10.1.0.99')).code).toBe(0);
  });

  it('holds under a burst of parallel requests: exactly the limit gets through', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => ping(`burst${i}`, '10.2.0.1')));
    expect(results.filter((r) => r.code === 0)).toHaveLength(3);
    expect(results.filter((r) => r.code === 429)).toHaveLength(9);
  });

  it('counts a logged-in user across IPs and leaves visitors to the IP limits', async () => {
    const a = await register(t);
    const b = await register(t);
    expect((await t.post('/api/test/mine', {}, { token: a.token, ip: '10.4.0.1' })).code).toBe(0);
    expect((await t.post('/api/test/mine', {}, { token: a.token, ip: '10.4.0.2' })).code).toBe(0);
    expect((await t.post('/api/test/mine', {}, { token: a.token, ip: '10.4.0.3' })).code).toBe(429);
    expect((await t.post('/api/test/mine', {}, { token: b.token, ip: '10.4.0.3' })).code).toBe(0);
    for (let i = 0; i < 4; i++) expect((await t.post('/api/test/mine', {}, { ip: '10.4.0.9' })).code).toBe(0);
  });

  it('can be reset by the server (for example after a successful login)', async () => {
    for (let i = 0; i < 3; i++) await ping(`r${i}`, '10.3.0.1');
    expect((await ping('r9', '10.3.0.1')).code).toBe(429);
    await t.shared.limits.reset(rule, 'ip:10.3.0.1');
    expect((await ping('r10', '10.3.0.1')).code).toBe(0);
  });
});
