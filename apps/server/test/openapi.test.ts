import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCalls } from './support/contract-calls';
import { createTestApp, type TestApp } from './support/test-app';

interface OpenApiOperation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; required?: boolean }[];
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
}

async function openApiDocument(): Promise<OpenApiDocument> {
  const res = await t.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  return res.json<OpenApiDocument>();
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('API documentation', () => {
  it('publishes an OpenAPI document generated from the contract schemas', async () => {
    const doc = await openApiDocument();
    expect(doc.openapi).toBe('3.1.0');
    const docCall = doc.paths['/api/frontend/doc/getByType']?.get;
    expect(docCall?.parameters).toContainEqual(expect.objectContaining({ name: 'type', required: true }));
    expect(doc.paths['/api/common/country-info/list']).toBeDefined();
    expect(doc.paths['/healthz']).toBeDefined();
  });

  it('lists every call of the contract with its method, summary, tag and login', async () => {
    const doc = await openApiDocument();
    expect(contractCalls.length).toBeGreaterThanOrEqual(81);
    for (const call of contractCalls) {
      const operation = doc.paths[call.path]?.[call.method.toLowerCase()];
      expect(operation, `${call.method} ${call.path}`).toMatchObject({ summary: call.summary, tags: [call.tag] });
      expect(operation?.security, `${call.method} ${call.path} security`).toEqual(
        call.auth === 'none' ? undefined : [{ bearer: [] }],
      );
    }
  });

  it('serves a docs page', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
