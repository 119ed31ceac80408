import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from '@taice/contract';
import { registerCall } from '../src/platform/http/call-routes';
import { createTestApp, type TestApp } from './support/test-app';

const contextCall = defineCall({
  method: 'GET',
  path: '/api/test/context',
  auth: 'none',
  tag: 'test',
  summary: 'the parsed request context',
  data: z.object({
    lang: z.string(),
    bearerToken: z.string().nullable(),
    timezone: z.string(),
    appType: z.string(),
    deviceId: z.string().nullable(),
  }),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ extend: (app) => registerCall(app, contextCall, ({ request }) => request.ctx) });
});
afterAll(() => t.close());

const contextWith = async (headers: Record<string, string>) =>
  (await t.get<Record<string, unknown>>('/api/test/context', {}, { headers, sign: { device_id: 'dev-42' } })).data;

describe('the request context', () => {
  it('defaults to English, no token, UTC and the web app', async () => {
    expect(await contextWith({})).toEqual({
      lang: 'en_US',
      bearerToken: null,
      timezone: 'UTC',
      appType: 'web',
      deviceId: 'dev-42',
    });
  });

  it('reads every header the client sends', async () => {
    expect(
      await contextWith({
        lang: 'zh-TW',
        authorization: 'Bearer abc.DEF-123',
        timezone: 'Asia/Shanghai',
        'app-type': 'tg_mini',
      }),
    ).toEqual({
      lang: 'zh-TW',
      bearerToken: 'abc.DEF-123',
      timezone: 'Asia/Shanghai',
      appType: 'tg_mini',
      deviceId: 'dev-42',
    });
  });

  it('reads language codes leniently and falls back to English for unknown ones', async () => {
    expect((await contextWith({ lang: 'zh_CN' })).lang).toBe('zh-CN');
    expect((await contextWith({ lang: 'cn' })).lang).toBe('zh-CN');
    expect((await contextWith({ lang: 'tw' })).lang).toBe('zh-TW');
    expect((await contextWith({ lang: 'fr-FR' })).lang).toBe('en_US');
  });

  it('ignores a malformed bearer header, an unknown time zone and an unknown app type', async () => {
    expect(
      await contextWith({ authorization: 'Basic dXNlcg==', timezone: 'Mars/Olympus', 'app-type': 'desktop' }),
    ).toMatchObject({ bearerToken: null, timezone: 'UTC', appType: 'web' });
  });
});
