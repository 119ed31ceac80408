import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'taice-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>TAICE</title><div id="root"></div>');
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app");'.repeat(200));
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('serving the web app on the API port', () => {
  it('serves the page for client routes so that reloads work', async () => {
    for (const url of ['/', '/Home', '/V2/videos?x=1', '/no/such/page']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('answers unknown API paths with the envelope, not the page', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/frontend/nothing' });
    expect(res.json()).toMatchObject({ code: 404 });
  });

  it('serves the seeded banner art', async () => {
    const res = await t.inject({ method: 'GET', url: '/static/banners/invite.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });
});
