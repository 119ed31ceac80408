import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia, runFfmpeg } from '../src/platform/media/ffmpeg';
import {
  makeFrames,
  planRenditions,
  resolvePreset,
  transcodeToHls,
  TranscodeError,
  type TranscodeResult,
} from '../src/platform/media/transcode';

let work: string;
let small: TranscodeResult;
let wide: TranscodeResult;

/** A clip from ffmpeg's own sources: a moving test picture, with a tone unless `silent`. */
async function makeClip(out: string, size: string, seconds: number, silent = false): Promise<void> {
  await runFfmpeg([
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=${size}:r=25:d=${seconds}`,
    ...(silent ? [] : ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`]),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    ...(silent ? [] : ['-c:a', 'aac', '-shortest']),
    out,
  ]);
}

interface Playlist {
  segments: { seconds: number; uri: string }[];
  targetDuration: number;
  ended: boolean;
}

function parseMedia(text: string): Playlist {
  const lines = text.trim().split('\n');
  expect(lines[0]).toBe('#EXTM3U');
  const segments: Playlist['segments'] = [];
  let seconds = -1;
  for (const line of lines) {
    const inf = /^#EXTINF:([\d.]+),/.exec(line);
    if (inf) seconds = Number(inf[1]);
    else if (line && !line.startsWith('#')) {
      expect(seconds).toBeGreaterThan(0);
      segments.push({ seconds, uri: line });
      seconds = -1;
    }
  }
  return {
    segments,
    targetDuration: Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(text)?.[1]),
    ended: text.includes('#EXT-X-ENDLIST'),
  };
}

function parseMaster(text: string): { attrs: Record<string, string>; uri: string }[] {
  const lines = text.trim().split('\n');
  expect(lines[0]).toBe('#EXTM3U');
  const variants: { attrs: Record<string, string>; uri: string }[] = [];
  for (const [i, line] of lines.entries()) {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const attrs: Record<string, string> = {};
    for (const m of line.slice('#EXT-X-STREAM-INF:'.length).matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g)) {
      attrs[m[1]!] = m[2]!.replace(/^"|"$/g, '');
    }
    variants.push({ attrs, uri: lines[i + 1]! });
  }
  return variants;
}

async function isJpeg(file: string): Promise<boolean> {
  const head = (await fs.readFile(file)).subarray(0, 3);
  return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
}

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'taice-transcode-'));
  await makeClip(path.join(work, 'small.mp4'), '320x240', 2, true);
  await makeClip(path.join(work, 'wide.mp4'), '1280x720', 2);
  await fs.writeFile(path.join(work, 'notes.mp4'), 'this is a text file with a video name\n');
  small = await transcodeToHls(path.join(work, 'small.mp4'), path.join(work, 'small'), { preset: 'ultrafast' });
  wide = await transcodeToHls(path.join(work, 'wide.mp4'), path.join(work, 'wide'), {
    preset: 'ultrafast',
    segmentSeconds: 1,
  });
}, 60_000);
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

describe('transcodeToHls', () => {
  it('gives a 720p source renditions at 360p and 720p, keeping the aspect ratio', () => {
    expect(wide.renditions.map((r) => [r.width, r.height])).toEqual([
      [640, 360],
      [1280, 720],
    ]);
    expect(wide.renditions.map((r) => r.playlist)).toEqual(['360p/index.m3u8', '720p/index.m3u8']);
    expect(wide.renditions.every((r) => r.bandwidth > 10_000)).toBe(true);
    expect(wide.renditions[1]!.bandwidth).toBeGreaterThan(wide.renditions[0]!.bandwidth);
    expect({ width: wide.width, height: wide.height }).toEqual({ width: 1280, height: 720 });
    expect(wide.duration).toBeGreaterThan(1.9);
    expect(wide.duration).toBeLessThan(2.2);
  });

  it('gives a source below 360p one rendition at its own size', () => {
    expect(small.renditions.map((r) => [r.width, r.height, r.playlist])).toEqual([[320, 240, '240p/index.m3u8']]);
    expect(small.duration).toBeGreaterThan(1.9);
    expect(small.duration).toBeLessThan(2.2);
  });

  it('writes a master playlist naming every rendition with its bandwidth, size and codecs', async () => {
    const variants = parseMaster(await fs.readFile(path.join(work, 'wide', wide.master), 'utf8'));
    expect(variants.map((v) => v.uri)).toEqual(wide.renditions.map((r) => r.playlist));
    for (const [i, v] of variants.entries()) {
      const r = wide.renditions[i]!;
      expect(v.attrs.BANDWIDTH).toBe(String(r.bandwidth));
      expect(v.attrs.RESOLUTION).toBe(`${r.width}x${r.height}`);
      expect(v.attrs.CODECS).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);
    }
    // No sound in the source: no audio codec announced.
    const silent = parseMaster(await fs.readFile(path.join(work, 'small', small.master), 'utf8'));
    expect(silent[0]!.attrs.CODECS).toMatch(/^avc1\.[0-9a-f]{6}$/);
  });

  it('writes VOD media playlists whose segments exist and add up to the duration', async () => {
    for (const [dir, result, segment] of [
      ['wide', wide, 1],
      ['small', small, 4],
    ] as const) {
      for (const r of result.renditions) {
        const file = path.join(work, dir, r.playlist);
        const list = parseMedia(await fs.readFile(file, 'utf8'));
        expect(list.ended).toBe(true);
        expect(list.targetDuration).toBeLessThanOrEqual(segment + 1);
        const total = list.segments.reduce((s, x) => s + x.seconds, 0);
        expect(Math.abs(total - result.duration)).toBeLessThan(0.2);
        for (const s of list.segments) {
          expect((await fs.stat(path.join(path.dirname(file), s.uri))).size).toBeGreaterThan(1_000);
        }
      }
    }
    // Keyframes on the 1 s grid: the 2 s clip is cut into two segments.
    const list = parseMedia(await fs.readFile(path.join(work, 'wide', '720p/index.m3u8'), 'utf8'));
    expect(list.segments.length).toBe(2);
  });

  it('makes a JPEG poster, a silent preview and a playable MP4 fallback with sound', async () => {
    expect(await isJpeg(path.join(work, 'wide', wide.poster))).toBe(true);
    expect(await isJpeg(path.join(work, 'small', small.poster))).toBe(true);
    const preview = await probeMedia(path.join(work, 'wide', wide.preview));
    expect(preview.hasAudio).toBe(false);
    expect(preview.duration).toBeGreaterThan(1.5);
    expect(preview.duration).toBeLessThanOrEqual(3.1);
    expect(preview.width).toBe(640);
    const mp4 = await probeMedia(path.join(work, 'wide', wide.mp4));
    expect(mp4).toMatchObject({ width: 1280, height: 720, hasAudio: true });
    const head = (await fs.readFile(path.join(work, 'wide', wide.mp4))).subarray(0, 64 * 1024).toString('latin1');
    // +faststart: the index comes before the media data.
    expect(head.indexOf('moov')).toBeGreaterThan(0);
    const silent = await probeMedia(path.join(work, 'small', small.mp4));
    expect(silent).toMatchObject({ width: 320, height: 240, hasAudio: false });
  });

  it('encodes sound that is not AAC into AAC, and copies AAC sound as it is', async () => {
    const source = path.join(work, 'mp2.mkv');
    await runFfmpeg([
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=320x240:r=25:d=1',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=330:duration=1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'mp2',
      '-shortest',
      source,
    ]);
    const result = await transcodeToHls(source, path.join(work, 'mp2'), { preset: 'ultrafast' });
    const segment = await probeMedia(
      path.join(work, 'mp2', path.dirname(result.renditions[0]!.playlist), 'seg_000.ts'),
    );
    expect(segment.audio).toMatchObject({ codec: expect.stringMatching(/^aac/), channels: 2 });
    // The 720p clip's mono AAC track was copied: still one channel.
    const copied = await probeMedia(path.join(work, 'wide', '720p', 'seg_000.ts'));
    expect(copied.audio).toMatchObject({ codec: expect.stringMatching(/^aac/), channels: 1 });
  });

  it('refuses a file that is not a video with a typed error, and writes nothing', async () => {
    const out = path.join(work, 'notes');
    const err = await transcodeToHls(path.join(work, 'notes.mp4'), out).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TranscodeError);
    expect((err as TranscodeError).reason).toBe('not_video');
    await expect(fs.stat(out)).rejects.toThrow();
    const frames = await makeFrames(path.join(work, 'notes.mp4'), out).catch((e: unknown) => e);
    expect((frames as TranscodeError).reason).toBe('not_video');
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const err = await transcodeToHls(path.join(work, 'wide.mp4'), path.join(work, 'aborted'), {
      preset: 'ultrafast',
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect((err as TranscodeError).reason).toBe('aborted');
  });
});

describe('makeFrames', () => {
  it('makes the asked number of distinct JPEG frames spread over the video', async () => {
    const out = path.join(work, 'frames');
    const names = await makeFrames(path.join(work, 'wide.mp4'), out, 3);
    expect(names).toEqual(['frame_1.jpg', 'frame_2.jpg', 'frame_3.jpg']);
    const bytes = await Promise.all(names.map((n) => fs.readFile(path.join(out, n))));
    for (const b of bytes) expect([...b.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(new Set(bytes.map((b) => b.toString('base64'))).size).toBe(3);
    expect(await makeFrames(path.join(work, 'small.mp4'), path.join(work, 'frames4'))).toHaveLength(4);
  });
});

describe('rendition planning', () => {
  it('keeps the ladder on the shorter side, with even sizes', () => {
    const landscape = planRenditions({ displayWidth: 1920, displayHeight: 1080, fps: 60 });
    expect(landscape.map((p) => [p.width, p.height, p.fps])).toEqual([
      [640, 360, 30],
      [1280, 720, 30],
      [1920, 1080, 30],
    ]);
    const portrait = planRenditions({ displayWidth: 720, displayHeight: 1280, fps: 30 });
    expect(portrait.map((p) => [p.width, p.height])).toEqual([
      [360, 640],
      [720, 1280],
    ]);
    const odd = planRenditions({ displayWidth: 853, displayHeight: 479, fps: 25 });
    expect(odd.map((p) => [p.width, p.height])).toEqual([[642, 360]]);
    expect(planRenditions({ displayWidth: 175, displayHeight: 99, fps: 25 }).map((p) => [p.width, p.height])).toEqual([
      [174, 98],
    ]);
  });

  it('takes the preset asked, else VIDEO_PRESET, else veryfast, and refuses an unknown one', () => {
    expect(resolvePreset('ultrafast', {})).toBe('ultrafast');
    expect(resolvePreset(undefined, { VIDEO_PRESET: 'fast' })).toBe('fast');
    expect(resolvePreset(undefined, {})).toBe('veryfast');
    expect(() => resolvePreset('warp', {})).toThrow(TranscodeError);
  });
});
