import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('API documentation', () => {
  it('publishes an OpenAPI document generated from the contract schemas', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<string, Record<string, { parameters?: { name: string; required?: boolean }[] }>>;
    }>();
    expect(doc.openapi).toBe('3.1.0');
    const docCall = doc.paths['/api/frontend/doc/getByType']?.get;
    expect(docCall?.parameters).toContainEqual(expect.objectContaining({ name: 'type', required: true }));
    expect(doc.paths['/api/common/country-info/list']).toBeDefined();
    expect(doc.paths['/healthz']).toBeDefined();
  });

  it('serves a docs page', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
