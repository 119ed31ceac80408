import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from '@taice/contract';
import { registerCall } from '../src/platform/http/call-routes';
import { AppError } from '../src/platform/http/app-error';
import { createTestApp, type TestApp } from './support/test-app';

const echoCall = defineCall({
  method: 'POST',
  path: '/api/test/echo',
  auth: 'none',
  tag: 'test',
  summary: 'echo',
  body: z.object({ name: z.string().min(2).max(5), age: z.number().int().min(0).optional() }),
  data: z.object({ body: z.record(z.string(), z.unknown()) }),
});
const boomCall = defineCall({
  method: 'GET',
  path: '/api/test/boom',
  auth: 'none',
  tag: 'test',
  summary: 'throws',
  data: z.null(),
});
const refusedCall = defineCall({
  method: 'GET',
  path: '/api/test/refused',
  auth: 'none',
  tag: 'test',
  summary: 'refuses',
  data: z.null(),
});
const leakyCall = defineCall({
  method: 'GET',
  path: '/api/test/leaky',
  auth: 'none',
  tag: 'test',
  summary: 'returns a field its schema does not declare',
  data: z.object({ name: z.string() }),
});

let t: TestApp;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await createTestApp({
    logLines,
    extend(app) {
      registerCall(app, echoCall, ({ body }) => ({ body }));
      registerCall(app, boomCall, () => {
        throw new Error('database exploded at secret.ts:42');
      });
      registerCall(app, refusedCall, () => {
        throw new AppError('too_many_requests', { seconds: 42 });
      });
      registerCall(app, leakyCall, () => ({ name: 'ok', password_hash: 'x' }) as { name: string });
    },
  });
});
afterAll(() => t.close());

describe('the response envelope', () => {
  it('wraps success as code 0 with data', async () => {
    const res = await t.post('/api/test/echo', { name: 'ann' });
    expect(res).toEqual({ code: 0, msg: 'success', data: { body: { name: 'ann' } } });
  });

  it('says success in the language of the lang header', async () => {
    const res = await t.post('/api/test/echo', { name: 'ann' }, { lang: 'zh-TW' });
    expect(res.msg).toBe('成功');
  });

  it('keeps fields the schema does not declare out of the response', async () => {
    const res = await t.get<Record<string, unknown>>('/api/test/leaky');
    expect(res.data).toEqual({ name: 'ok' });
  });

  it('answers an unknown /api path with code 404 in the envelope', async () => {
    const raw = await t.inject({ method: 'GET', url: '/api/frontend/no/such/call', headers: { lang: 'zh-CN' } });
    expect(raw.statusCode).toBe(200);
    expect(raw.json()).toEqual({ code: 404, msg: '请求的资源不存在', data: null });
  });

  it('answers a business refusal with its own code and a filled-in message', async () => {
    expect(await t.get('/api/test/refused')).toEqual({
      code: 429,
      msg: 'Too many requests, please try again in 42 s',
      data: null,
    });
    expect((await t.get('/api/test/refused', {}, { lang: 'zh-CN' })).msg).toBe('请求过于频繁，请在 42 秒后重试');
  });

  it('hides a thrown bug behind a generic message and logs its stack', async () => {
    const raw = await t.inject({ method: 'GET', url: '/api/test/boom', query: {}, headers: {} });
    // unsigned: refused before the handler runs
    expect(raw.json<{ code: number }>().code).toBe(4001);

    const res = await t.get('/api/test/boom');
    expect(res.code).toBe(500);
    expect(res.msg).toBe('Something went wrong on our side, please try again later');
    expect(JSON.stringify(res)).not.toContain('secret.ts');
    const logged = logLines.find((l) => l.msg === 'unhandled error');
    expect(JSON.stringify(logged)).toContain('database exploded at secret.ts:42');
    expect((logged?.err as { stack?: string }).stack).toContain('Error: database exploded');
  });

  it('carries a request id in every response and in the log', async () => {
    const raw = await t.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-req-12345678' } });
    expect(raw.headers['x-request-id']).toBe('lb-req-12345678');
    const generated = await t.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id!' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await t.get('/api/test/boom');
    expect(logLines.filter((l) => l.msg === 'unhandled error').every((l) => typeof l.reqId === 'string')).toBe(true);
  });
});

describe('validation failures', () => {
  it('name the missing field in the request language', async () => {
    const en = await t.post('/api/test/echo', {});
    expect(en).toEqual({ code: 422, msg: 'name: is required', data: { field: 'name' } });
    const cn = await t.post('/api/test/echo', {}, { lang: 'zh-CN' });
    expect(cn.msg).toBe('name：不能为空');
    const tw = await t.post('/api/test/echo', {}, { lang: 'zh-TW' });
    expect(tw.msg).toBe('name：不能為空');
  });

  it('say what is wrong with a present field', async () => {
    expect((await t.post('/api/test/echo', { name: 'abcdefgh' })).msg).toBe('name: must be at most 5 characters');
    expect((await t.post('/api/test/echo', { name: 'abc', age: -1 })).msg).toBe('age: must be at least 0');
    expect((await t.post('/api/test/echo', { name: 'abc', age: 'old' })).msg).toBe('age: must be a number');
    expect((await t.post('/api/test/echo', { name: 'abc', age: 'old' }, { lang: 'zh-CN' })).msg).toBe(
      'age：应为数字类型',
    );
  });

  it('refuse a malformed JSON body with code 400, not a crash', async () => {
    const raw = await t.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "ab',
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.json()).toEqual({ code: 400, msg: 'Bad request', data: null });
  });

  it('answer a malformed URL with the envelope', async () => {
    const raw = await t.inject({ method: 'GET', url: '/api/frontend/%c0', headers: { lang: 'zh-CN' } });
    expect(raw.json()).toEqual({ code: 400, msg: '请求格式错误', data: null });
  });

  it('refuse a body over the size limit with code 413', async () => {
    const raw = await t.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(raw.json<{ code: number }>().code).toBe(413);
  });
});
