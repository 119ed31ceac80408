import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { createStorage, type ConfiguredStorage } from '../src/platform/media/storage';
import { demoClipSpec, ensureClipMedia } from '../src/modules/videos/videos.demo-seed';
import { startS3rver, type S3rver } from './support/s3rver';

const BUCKET = 'taice-media';
let server: S3rver;
let dir: string;
let endpoint: string;
let storage: ConfiguredStorage;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'taice-s3-'));
  const started = await startS3rver(path.join(dir, 'buckets'), BUCKET);
  server = started.server;
  endpoint = started.endpoint;
  storage = createStorage(loadConfig({ DATA_DIR: path.join(dir, 'data'), ...started.env }));
});
afterAll(async () => {
  await server?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('S3 storage driver', () => {
  it('is chosen when S3_BUCKET is set, and its files are served by the bucket', () => {
    expect(storage.driver).toBe('s3');
    expect(storage.publicUrl('avatars/1/a b.webp')).toBe(`${endpoint}/${BUCKET}/avatars/1/a%20b.webp`);
    expect(createStorage(loadConfig({ DATA_DIR: dir })).driver).toBe('local');
  });

  it('stores bytes and files, tells what exists, reads them back and removes them', async () => {
    const data = Buffer.from('hello object storage');
    expect(await storage.exists('test/hello.txt')).toBe(false);
    expect(await storage.get('test/hello.txt')).toBeNull();
    await storage.put('test/hello.txt', data, 'text/plain');
    expect(await storage.exists('test/hello.txt')).toBe(true);
    expect((await storage.get('test/hello.txt'))?.toString()).toBe('hello object storage');

    const file = path.join(dir, 'big.bin');
    const big = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    await fs.writeFile(file, big);
    await storage.putFile('test/big.bin', file, 'application/octet-stream');
    expect((await storage.get('test/big.bin'))?.equals(big)).toBe(true);

    await storage.remove('test/hello.txt');
    expect(await storage.exists('test/hello.txt')).toBe(false);
    await storage.remove('test/never-there.txt');
  });

  it('serves stored files at their public URL with their type and a long cache, ranges too', async () => {
    await storage.put('test/clip.m3u8', Buffer.from('#EXTM3U\n'), 'application/vnd.apple.mpegurl');
    const res = await fetch(storage.publicUrl('test/clip.m3u8'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('#EXTM3U\n');

    const range = await fetch(storage.publicUrl('test/big.bin'), { headers: { range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(100);
  });

  it('refuses keys that climb out of their folder', async () => {
    await expect(storage.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/bad storage key/);
    await expect(storage.exists('a//b')).rejects.toThrow(/bad storage key/);
  });

  it('takes the demo media: clip, poster and HLS rendition land in the bucket', async () => {
    const { media } = await ensureClipMedia(storage, demoClipSpec(0), path.join(dir, 'cache'));
    for (const key of [media.mp4Key, media.coverKey, media.hlsKey]) expect(await storage.exists(key)).toBe(true);
    // The master playlist names the renditions; each one's segments are in the bucket.
    const master = (await storage.get(media.hlsKey))!.toString();
    const renditions = master.split('\n').filter((line) => line.endsWith('.m3u8'));
    expect(renditions.length).toBeGreaterThan(0);
    for (const r of renditions) {
      const key = media.hlsKey.replace('master.m3u8', r);
      const segments = (await storage.get(key))!
        .toString()
        .split('\n')
        .filter((line) => line.endsWith('.ts'));
      expect(segments.length).toBeGreaterThan(0);
      for (const s of segments) expect(await storage.exists(key.replace('index.m3u8', s))).toBe(true);
    }
    // A second time it is found in the bucket and nothing is generated.
    expect((await ensureClipMedia(storage, demoClipSpec(0), path.join(dir, 'cache'))).generated).toBe(false);
  }, 60_000);
});

describe('S3 configuration', () => {
  it('names the setting that is wrong', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: must be set/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-one' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
