import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync } from 'node:zlib';
import { videoCalls } from '@taice/contract';
import { register } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';
import { createPost } from './support/videos';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'taice-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>TAICE</title></head><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app");'.repeat(200));
  // The build writes each asset's brotli and gzip forms beside it.
  await fs.writeFile(
    path.join(dist, 'assets', 'app-abc123.js.br'),
    brotliCompressSync('console.log("app");'.repeat(200)),
  );
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

  it('sends the build-time brotli file as it is, with its encoding and Vary', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.rawPayload).toEqual(await fs.readFile(path.join(dist, 'assets', 'app-abc123.js.br')));
  });

  it("names a video page's poster in a preload, so the browser fetches it before any script runs", async () => {
    const author = await register(t);
    const id = await createPost(t, author.user.id);
    const video = (await t.call(videoCalls.postDetail, { query: { id } })).data;
    const res = await t.inject({ method: 'GET', url: `/videoDetail?id=${video.id}` });
    const preload = res.body.indexOf(`<link rel="preload" as="image" href="${video.cover}" fetchpriority="high" />`);
    expect(preload).toBeGreaterThan(-1);
    expect(preload).toBeLessThan(res.body.indexOf('</head>'));
  });

  it("carries the video's answer as a visitor sees it, so the page renders without asking (decision 062)", async () => {
    const author = await register(t);
    // A title that would end the script element if it were not escaped.
    const id = await createPost(t, author.user.id, { title: 'Night </script><script>alert(1)</script> & day' });
    const video = (await t.call(videoCalls.postDetail, { query: { id } })).data;
    const res = await t.inject({ method: 'GET', url: `/videoDetail?id=${id}` });
    const found = /<script type="application\/json" id="first-screen-answer">(.*?)<\/script>/.exec(res.body);
    expect(found).not.toBeNull();
    expect(found![1]).not.toContain('</script>');
    expect(JSON.parse(found![1]!)).toEqual({
      path: videoCalls.postDetail.path,
      query: { id },
      lang: 'en_US',
      data: JSON.parse(JSON.stringify(video)),
    });
  });

  it('names the first home banner in a preload, and nothing for an unknown video or another page', async () => {
    expect((await t.inject({ method: 'GET', url: '/Home' })).body).toMatch(
      /<link rel="preload" as="image" href="\/static\/banners\/[^"]+\.svg" \/>.*<\/head>/,
    );
    for (const url of ['/videoDetail?id=99999999', '/videoDetail?id=abc', '/V2/videos']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('rel="preload"');
      expect(res.body).not.toContain('first-screen-answer');
    }
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
