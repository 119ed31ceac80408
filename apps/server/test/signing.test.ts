import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { computeSign, DEFAULT_SIGN_SECRET, defineCall, newNonce, contentCalls } from '@taice/contract';
import { registerCall } from '../src/platform/http/call-routes';
import { createTestApp, type TestApp } from './support/test-app';

const echoCall = defineCall({
  method: 'POST',
  path: '/api/test/echo',
  auth: 'none',
  tag: 'test',
  summary: 'echo',
  body: z.object({ text: z.string() }).passthrough(),
  data: z.object({ body: z.record(z.string(), z.unknown()), deviceId: z.string().nullable() }),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      registerCall(app, echoCall, ({ body, request }) => ({ body, deviceId: request.ctx.deviceId }));
    },
  });
});
afterAll(() => t.close());

const now = () => String(Math.floor(t.clock.now().getTime() / 1000));

describe('request signing', () => {
  it('accepts a correctly signed GET and POST and hides the signing fields from handlers', async () => {
    expect((await t.call(contentCalls.keyValueGet, { query: { keys: 'site.name' } })).code).toBe(0);
    const res = await t.call(echoCall, { body: { text: 'hi' } }, { sign: { device_id: 'phone-1' } });
    expect(res.code).toBe(0);
    expect(res.data).toEqual({ body: { text: 'hi' }, deviceId: 'phone-1' });
  });

  it('refuses a request without a signature', async () => {
    const res = await t.call(contentCalls.keyValueGet, { query: { keys: 'site.name' } }, { sign: false });
    expect(res).toEqual({ code: 4001, msg: 'The request is not signed', data: null });
    const partial = await t.send(
      contentCalls.keyValueGet,
      { query: { keys: 'site.name', timestamp: now(), nonce: newNonce() } },
      { sign: false },
    );
    expect(partial.code).toBe(4001);
  });

  it('refuses a wrong signature', async () => {
    const res = await t.call(
      contentCalls.keyValueGet,
      { query: { keys: 'site.name' } },
      { sign: { sign: 'ab'.repeat(32) } },
    );
    expect(res.code).toBe(4002);
    const otherSecret = computeSign(now(), 'nonce-123456', 'not-the-secret');
    const res2 = await t.call(
      echoCall,
      { body: { text: 'x' } },
      { sign: { nonce: 'nonce-123456', sign: otherSecret } },
    );
    expect(res2).toEqual({ code: 4002, msg: 'The request signature is invalid', data: null });
  });

  it('refuses a signature over a malformed nonce or device id', async () => {
    const ts = now();
    const bad = await t.call(
      contentCalls.keyValueGet,
      { query: { keys: 'site.name' } },
      { sign: { timestamp: ts, nonce: 'a b', sign: computeSign(ts, 'a b', DEFAULT_SIGN_SECRET) } },
    );
    expect(bad.code).toBe(4002);
  });

  it('refuses a timestamp more than 5 minutes away from the server clock, either way', async () => {
    const stale = String(Math.floor(t.clock.now().getTime() / 1000) - 301);
    const future = String(Math.floor(t.clock.now().getTime() / 1000) + 301);
    for (const timestamp of [stale, future]) {
      const nonce = newNonce();
      const res = await t.call(
        contentCalls.keyValueGet,
        { query: { keys: 'site.name' } },
        { sign: { timestamp, nonce, sign: computeSign(timestamp, nonce, DEFAULT_SIGN_SECRET) } },
      );
      expect(res.code).toBe(4003);
    }
    const edge = String(Math.floor(t.clock.now().getTime() / 1000) - 290);
    const nonce = newNonce();
    const ok = await t.call(
      contentCalls.keyValueGet,
      { query: { keys: 'site.name' } },
      { sign: { timestamp: edge, nonce, sign: computeSign(edge, nonce, DEFAULT_SIGN_SECRET) } },
    );
    expect(ok.code).toBe(0);
  });

  it('refuses a nonce seen before, in the language asked', async () => {
    const nonce = newNonce();
    expect((await t.call(contentCalls.keyValueGet, { query: { keys: 'site.name' } }, { sign: { nonce } })).code).toBe(
      0,
    );
    const again = await t.call(
      contentCalls.keyValueGet,
      { query: { keys: 'site.name' } },
      { sign: { nonce }, lang: 'zh-CN' },
    );
    expect(again).toEqual({ code: 4004, msg: '重复的请求', data: null });
    // the same nonce on another call is still a replay
    expect((await t.call(echoCall, { body: { text: 'x' } }, { sign: { nonce } })).code).toBe(4004);
  });

  it('reads the signature as hex in either case and refuses anything else', async () => {
    const timestamp = now();
    const nonce = newNonce();
    const upper = computeSign(timestamp, nonce, DEFAULT_SIGN_SECRET).toUpperCase();
    const get = (sign: string, n = newNonce()) =>
      t.call(contentCalls.keyValueGet, { query: { keys: 'site.name' } }, { sign: { timestamp, nonce: n, sign } });
    expect((await get(upper, nonce)).code).toBe(0);
    // each refused signature is otherwise right for the nonce it is sent with
    for (const spoil of [() => 'z'.repeat(64), (s: string) => s.slice(0, 62), (s: string) => `${s}00`]) {
      const fresh = newNonce();
      const bad = spoil(computeSign(timestamp, fresh, DEFAULT_SIGN_SECRET));
      expect((await get(bad, fresh)).code, bad).toBe(4002);
    }
  });

  it('does not burn a nonce on a request refused for its signature', async () => {
    const nonce = newNonce();
    expect(
      (
        await t.call(
          contentCalls.keyValueGet,
          { query: { keys: 'site.name' } },
          { sign: { nonce, sign: '0'.repeat(64) } },
        )
      ).code,
    ).toBe(4002);
    expect((await t.call(contentCalls.keyValueGet, { query: { keys: 'site.name' } }, { sign: { nonce } })).code).toBe(
      0,
    );
  });

  it('leaves health checks and the API docs unsigned', async () => {
    expect((await t.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.inject({ method: 'GET', url: '/api/docs/json' })).json()).toHaveProperty('openapi');
  });

  it('answers an unknown /api path with 404 whether signed or not', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/frontend/nope' })).json()).toMatchObject({ code: 404 });
    expect((await t.get('/api/frontend/nope')).code).toBe(404);
  });
});

describe.runIf(process.env.REDIS_URL)('replay protection across server processes (Redis)', () => {
  it('refuses on one process a nonce first seen by another', async () => {
    const other = await createTestApp({ env: { REDIS_PREFIX: t.config.REDIS_PREFIX } });
    try {
      const nonce = newNonce();
      expect((await t.call(contentCalls.keyValueGet, { query: { keys: 'site.name' } }, { sign: { nonce } })).code).toBe(
        0,
      );
      expect(
        (await other.call(contentCalls.keyValueGet, { query: { keys: 'site.name' } }, { sign: { nonce } })).code,
      ).toBe(4004);
    } finally {
      await other.close();
    }
  });
});
