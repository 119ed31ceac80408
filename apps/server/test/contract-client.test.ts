import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contentCalls, defineCall } from '@taice/contract';
import { createTestApp, type TestApp } from './support/test-app';

// The test client itself: an answer that drifts from its call's data schema
// fails the test that made the call.
const answer = { code: 0, msg: 'success', data: { name: 'x' } };
const driftCall = defineCall({
  method: 'GET',
  path: '/api/test/drift',
  auth: 'none',
  tag: 'test',
  summary: 'drift',
  data: z.object({ id: z.number() }),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      app.get('/api/test/drift', async () => answer);
    },
  });
});
afterAll(() => t.close());

describe('the contract test client', () => {
  it('fails a call whose answer does not fit the call’s data schema', async () => {
    await expect(t.call(driftCall)).rejects.toThrow('/api/test/drift answered outside its contract');
    expect(await t.call({ ...driftCall, data: z.object({ name: z.string() }) })).toEqual(answer);
  });

  it('sends the contract’s paths only through its calls', async () => {
    await expect(t.get(contentCalls.banners.path)).rejects.toThrow('is a call of the contract');
    expect((await t.call(contentCalls.banners)).code).toBe(0);
  });
});
