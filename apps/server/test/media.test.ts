import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg, FfmpegError, makePoster, packageHls, probeVideo } from '../src/platform/media/ffmpeg';
import { generateDemoClip } from '../src/modules/videos/demo-clips';
import { contentTypeOf, createStorage, type ConfiguredStorage } from '../src/platform/media/storage';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let work: string;
let storage: ConfiguredStorage;
let mp4Size: number;
let segments: string[];

/** A clip made by the real pipeline, stored the way the demo seed stores it, served by the app on /media/. */
beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'taice-media-'));
  // With a web app present, unknown paths get its page; media paths must not.
  const dist = path.join(work, 'dist');
  await fs.mkdir(dist);
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>TAICE</title><div id="root"></div>');
  t = await createTestApp({ env: { DATA_DIR: path.join(work, 'data'), WEB_DIST_DIR: dist } });
  storage = createStorage(t.config);

  const clip = path.join(work, 'clip.mp4');
  await generateDemoClip(
    {
      scene: 'plasma',
      palette: ['#0b1026', '#1e40af', '#bfdbfe'],
      variant: 1,
      key: 523.25,
      tempo: 100,
      seconds: 5,
      title: 'Media test',
      label: 'Media test',
      channel: 'TAICE',
      width: 640,
      height: 360,
    },
    clip,
  );
  await makePoster(clip, path.join(work, 'poster.jpg'));
  const hls = await packageHls(clip, path.join(work, 'hls'), 2);
  segments = hls.files.filter((f) => f.endsWith('.ts'));
  mp4Size = (await fs.stat(clip)).size;

  await storage.putFile('test-media/clip.mp4', clip, 'video/mp4');
  await storage.putFile('test-media/poster.jpg', path.join(work, 'poster.jpg'), 'image/jpeg');
  for (const f of hls.files) await storage.putFile(`test-media/hls/${f}`, path.join(work, 'hls', f), contentTypeOf(f));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fs.rm(work, { recursive: true, force: true });
});

describe('the ffmpeg pipeline', () => {
  it('finds an ffmpeg binary, and refuses a configured path that is not one', () => {
    expect(findFfmpeg().path).toBeTruthy();
    // With none on the PATH, the one shipped inside the npm package is used, and it runs.
    const shipped = findFfmpeg({ PATH: path.join(work, 'no-bin') });
    expect(shipped.source).toBe('npm');
    expect(shipped.path).toContain(`${path.sep}node_modules${path.sep}@ffmpeg-installer${path.sep}`);
    const version = spawnSync(shipped.path, ['-hide_banner', '-version'], { encoding: 'utf8' });
    expect(version.status).toBe(0);
    expect(version.stdout).toMatch(/^ffmpeg version/);
    expect(() => findFfmpeg({ ...process.env, FFMPEG_PATH: path.join(work, 'nothing-here') })).toThrow(FfmpegError);
  });

  it('generates a clip of the asked length and size, H.264 baseline with AAC sound', async () => {
    const info = await probeVideo(path.join(work, 'clip.mp4'));
    expect(info.duration).toBeGreaterThanOrEqual(4.9);
    expect(info.duration).toBeLessThan(5.2);
    expect(info).toMatchObject({ width: 640, height: 360 });
    // +faststart: the index (moov) comes before the media data (mdat), so playback starts before the download ends.
    const head = (await fs.readFile(path.join(work, 'clip.mp4'))).subarray(0, 64 * 1024).toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(0);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat') === -1 ? Infinity : head.indexOf('mdat'));
  });

  it('makes a JPEG poster', async () => {
    const poster = await fs.readFile(path.join(work, 'poster.jpg'));
    expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(poster.length).toBeGreaterThan(2_000);
  });

  it('packages a VOD playlist of 2 s segments', async () => {
    const playlist = await fs.readFile(path.join(work, 'hls', 'index.m3u8'), 'utf8');
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist).toContain('#EXT-X-TARGETDURATION:2');
    expect(playlist).toContain('#EXT-X-ENDLIST');
    expect(segments).toHaveLength(3);
    for (const s of segments) expect(playlist).toContain(s);
    const total = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(total).toBeCloseTo(5, 0);
  });

  it('reports a file that is not a video', async () => {
    const bogus = path.join(work, 'bogus.mp4');
    await fs.writeFile(bogus, 'not a video');
    await expect(probeVideo(bogus)).rejects.toThrow(FfmpegError);
  });
});

describe('serving media on /media/', () => {
  it('answers a range request with 206, the asked bytes and a year-long immutable cache', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/media/test-media/clip.mp4',
      headers: { range: 'bytes=100-1123' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-1123/${mp4Size}`);
    expect(res.headers['content-length']).toBe('1024');
    expect(res.rawPayload.length).toBe(1024);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const whole = await fs.readFile(path.join(work, 'clip.mp4'));
    expect(res.rawPayload.equals(whole.subarray(100, 1124))).toBe(true);
  });

  it('answers an open-ended range (what a video element asks first) and refuses one past the end', async () => {
    const open = await t.inject({ method: 'GET', url: '/media/test-media/clip.mp4', headers: { range: 'bytes=0-' } });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe(`bytes 0-${mp4Size - 1}/${mp4Size}`);
    const past = await t.inject({
      method: 'GET',
      url: '/media/test-media/clip.mp4',
      headers: { range: `bytes=${mp4Size + 10}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${mp4Size}`);
  });

  it('serves the whole file, the poster and the HLS rendition with their types', async () => {
    const whole = await t.inject({ method: 'GET', url: '/media/test-media/clip.mp4' });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBe(mp4Size);

    const poster = await t.inject({ method: 'GET', url: '/media/test-media/poster.jpg' });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');

    const playlist = await t.inject({ method: 'GET', url: '/media/test-media/hls/index.m3u8' });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(playlist.body).toContain('#EXTM3U');

    const segment = await t.inject({ method: 'GET', url: `/media/test-media/hls/${segments[0]}` });
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // MPEG-TS packets start with the sync byte 0x47 every 188 bytes.
    expect(segment.rawPayload[0]).toBe(0x47);
    expect(segment.rawPayload[188]).toBe(0x47);
  });

  it('answers a missing file with 404 (not the page of the web app) and never serves outside the storage', async () => {
    const missing = await t.inject({ method: 'GET', url: '/media/test-media/none.mp4' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
    expect((await t.inject({ method: 'GET', url: '/Home' })).body).toContain('<div id="root">');
    const escape = await t.inject({ method: 'GET', url: '/media/..%2f..%2fpackage.json' });
    expect([400, 403, 404]).toContain(escape.statusCode);
    expect(escape.body).not.toContain('"name"');
  });
});
