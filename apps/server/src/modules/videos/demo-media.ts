import { createHash, randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serverRoot } from '../../platform/process/paths';
import { contentTypeOf, type Storage } from '../../platform/media/storage';
import { transcodeToHls } from '../../platform/media/transcode';
import { generateDemoClip, titleCard, type DemoClipSpec } from './demo-clips';

/**
 * The media of demo clips (decision 053): generated, run through the upload pipeline (`transcodeToHls`:
 * HLS renditions, poster, preview, MP4 fallback) and stored under `demo/videos/<hash of the spec>/` with
 * `media.json` written last, so a clip whose manifest is in the storage is complete and is never made again.
 */

/** `full`: the real-looking catalogue, made in the background; `short`: a few seconds each, made at once (tests). */
export type DemoMediaMode = 'full' | 'short';

/** Raise to regenerate every demo clip (new keys; old files stay). */
const MEDIA_VERSION = 2;

export interface ClipMedia {
  coverKey: string;
  mp4Key: string;
  hlsKey: string;
  previewKey: string;
  duration: number;
  width: number;
  height: number;
}

interface Manifest {
  duration: number;
  width: number;
  height: number;
  master: string;
  mp4: string;
  poster: string;
  preview: string;
  /** Paths relative to the clip's folder; `media.json` itself is not listed. */
  files: string[];
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 20);

/** The storage folder of a clip: the same spec, the same folder. */
export function clipPrefix(spec: DemoClipSpec): string {
  return `demo/videos/${hashOf({ v: MEDIA_VERSION, spec })}/`;
}

function parseManifest(data: Buffer | string): Manifest | null {
  try {
    const m = JSON.parse(data.toString()) as Partial<Manifest>;
    const names = [m.master, m.mp4, m.poster, m.preview];
    const ok =
      typeof m.duration === 'number' &&
      typeof m.width === 'number' &&
      typeof m.height === 'number' &&
      Array.isArray(m.files) &&
      names.every((f) => typeof f === 'string' && m.files!.includes(f));
    return ok ? (m as Manifest) : null;
  } catch {
    return null;
  }
}

function mediaOf(prefix: string, m: Manifest): ClipMedia {
  return {
    coverKey: `${prefix}${m.poster}`,
    mp4Key: `${prefix}${m.mp4}`,
    hlsKey: `${prefix}${m.master}`,
    previewKey: `${prefix}${m.preview}`,
    duration: Math.round(m.duration * 100) / 100,
    width: m.width,
    height: m.height,
  };
}

/** The clip's media when its manifest is in the storage (one lookup), else null. */
export async function storedClipMedia(storage: Storage, spec: DemoClipSpec): Promise<ClipMedia | null> {
  const prefix = clipPrefix(spec);
  const stored = await storage.get(`${prefix}media.json`);
  const manifest = stored && parseManifest(stored);
  return manifest ? mediaOf(prefix, manifest) : null;
}

/** Short clips are kept here too, so a fresh data folder (tests, e2e) copies instead of encoding. */
export function defaultMediaCacheDir(): string {
  return path.join(serverRoot, 'node_modules', '.cache', 'taice-demo-media');
}

async function cachedManifest(dir: string): Promise<Manifest | null> {
  try {
    return parseManifest(await fsp.readFile(path.join(dir, 'media.json')));
  } catch {
    return null;
  }
}

async function listFiles(dir: string, under = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fsp.readdir(path.join(dir, under), { withFileTypes: true })) {
    const rel = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else if (rel !== 'media.json') out.push(rel);
  }
  return out.sort();
}

export interface BuildOptions {
  /** Where made clips are kept besides the storage (short clips: the default); `null` keeps none. */
  cacheDir?: string | null;
  /** Where a clip is made when it is not kept (default the system's temporary folder). */
  workDir?: string;
  /** x264 preset of the renditions (default VIDEO_PRESET, else veryfast). */
  preset?: string;
  signal?: AbortSignal;
  /** Nice value of ffmpeg (10 for the background catalogue). */
  priority?: number;
}

/** Generates the clip and transcodes it into `dir` (made aside and renamed, so `dir` is complete or absent). */
async function buildClip(spec: DemoClipSpec, dir: string, options: BuildOptions): Promise<Manifest> {
  const tmp = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await fsp.mkdir(tmp, { recursive: true });
  try {
    const source = path.join(tmp, 'source.mp4');
    await generateDemoClip(spec, source, { signal: options.signal, priority: options.priority });
    const out = path.join(tmp, 'out');
    const result = await transcodeToHls(source, out, {
      preset: options.preset,
      posterSeconds: titleCard(spec).posterAt,
      signal: options.signal,
      priority: options.priority,
    });
    const manifest: Manifest = {
      duration: result.duration,
      width: result.width,
      height: result.height,
      master: result.master,
      mp4: result.mp4,
      poster: result.poster,
      preview: result.preview,
      files: await listFiles(out),
    };
    await fsp.writeFile(path.join(out, 'media.json'), JSON.stringify(manifest));
    try {
      await fsp.rename(out, dir);
    } catch {
      // Another process placed the same clip first (its files are as good), or a broken leftover is in the way.
      const theirs = await cachedManifest(dir);
      if (theirs) return theirs;
      await fsp.rm(dir, { recursive: true, force: true });
      await fsp.rename(out, dir);
    }
    return manifest;
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}

/**
 * The media of a demo clip in `storage` under `demo/videos/<spec hash>/`: found there by its manifest
 * (written last), else copied from the cache folder, else generated. `generated` tells whether ffmpeg ran.
 * A cache folder given as a string is the old form of `{ cacheDir }`.
 */
export async function ensureClipMedia(
  storage: Storage,
  spec: DemoClipSpec,
  opts: string | BuildOptions = {},
): Promise<{ media: ClipMedia; generated: boolean }> {
  const options: BuildOptions = typeof opts === 'string' ? { cacheDir: opts } : opts;
  const found = await storedClipMedia(storage, spec);
  if (found) return { media: found, generated: false };
  const prefix = clipPrefix(spec);
  const hash = prefix.split('/')[2]!;
  const keep = options.cacheDir !== null;
  let dir = keep
    ? path.join(options.cacheDir ?? defaultMediaCacheDir(), hash)
    : path.join(options.workDir ?? path.join(os.tmpdir(), 'taice-demo-media'), hash);
  let manifest = keep ? await cachedManifest(dir) : null;
  let generated = false;
  try {
    if (!manifest) {
      try {
        await fsp.mkdir(path.dirname(dir), { recursive: true });
      } catch {
        dir = path.join(os.tmpdir(), 'taice-demo-media', hash);
        await fsp.mkdir(path.dirname(dir), { recursive: true });
      }
      manifest = await buildClip(spec, dir, options);
      generated = true;
    }
    for (const file of manifest.files) {
      await storage.putFile(`${prefix}${file}`, path.join(dir, file), contentTypeOf(file));
    }
    await storage.put(`${prefix}media.json`, Buffer.from(JSON.stringify(manifest)), 'application/json');
  } finally {
    if (!keep) await fsp.rm(dir, { recursive: true, force: true });
  }
  return { media: mediaOf(prefix, manifest), generated };
}
