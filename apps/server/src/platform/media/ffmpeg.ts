import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * ffmpeg, found once per process: `FFMPEG_PATH`, else `ffmpeg` on the PATH
 * (Debian's package, newer and with more codecs), else the static binary
 * shipped inside the `@ffmpeg-installer/ffmpeg` npm package, so that a fresh
 * machine with Node alone has one. Everything here uses ffmpeg itself, never
 * ffprobe, so one binary is enough.
 */
export interface FfmpegBinary {
  path: string;
  source: 'FFMPEG_PATH' | 'PATH' | 'npm';
}

export class FfmpegError extends Error {}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | null {
  const exe = process.platform === 'win32' ? `${name}.exe` : name;
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, exe))) return path.join(dir, exe);
  }
  return null;
}

function fromNpm(): string | null {
  try {
    const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
    // The package sets the execute bit in a postinstall script, which npm may skip.
    if (!isExecutable(installer.path)) fs.chmodSync(installer.path, 0o755);
    return isExecutable(installer.path) ? installer.path : null;
  } catch {
    // The package throws (a string) on platforms it has no binary for.
    return null;
  }
}

/** Where ffmpeg is, by the rules above; throws a readable error when there is none. */
export function findFfmpeg(env: NodeJS.ProcessEnv = process.env): FfmpegBinary {
  const configured = env.FFMPEG_PATH?.trim();
  if (configured) {
    if (!isExecutable(configured)) throw new FfmpegError(`FFMPEG_PATH ${configured} is not an executable file`);
    return { path: configured, source: 'FFMPEG_PATH' };
  }
  const system = onPath('ffmpeg', env);
  if (system) return { path: system, source: 'PATH' };
  const shipped = fromNpm();
  if (shipped) return { path: shipped, source: 'npm' };
  throw new FfmpegError(
    'ffmpeg not found: install it (apt-get install ffmpeg), set FFMPEG_PATH, or reinstall @ffmpeg-installer/ffmpeg',
  );
}

let found: FfmpegBinary | null = null;

/** The ffmpeg of this process (found on first use). */
export function ffmpeg(): FfmpegBinary {
  found ??= findFfmpeg();
  return found;
}

export interface RunOptions {
  /** Kill ffmpeg after this long (default 120 s). */
  timeoutMs?: number;
  /** A non-zero exit is expected (reading a file's header with no output). */
  allowFailure?: boolean;
  /** Kills ffmpeg and rejects with an `FfmpegAbortError` when this aborts. */
  signal?: AbortSignal;
  /** Scheduling priority (nice value, 0 to 19) of the ffmpeg process, e.g. 10 for work in the background. */
  priority?: number;
}

/** ffmpeg was stopped through `RunOptions.signal`. */
export class FfmpegAbortError extends FfmpegError {}

/** Runs ffmpeg with `args`; resolves with its stderr (its log), rejects with the log's tail on failure. */
export function runFfmpeg(args: string[], options: RunOptions = {}): Promise<string> {
  const bin = ffmpeg().path;
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(new FfmpegAbortError('ffmpeg aborted before it started'));
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['-hide_banner', '-nostdin', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    if (options.priority && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, options.priority);
      } catch {
        // Not allowed here: it runs at the normal priority.
      }
    }
    let log = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      log = (log + chunk).slice(-64_000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
    const abort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (err) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      reject(new FfmpegError(`could not run ${bin}: ${err.message}`));
    });
    child.on('close', (code, killedBy) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      if (signal?.aborted) reject(new FfmpegAbortError('ffmpeg aborted'));
      else if (code === 0 || options.allowFailure) resolve(log);
      else {
        const tail = log.trim().split('\n').slice(-6).join('\n');
        reject(new FfmpegError(`ffmpeg failed (${killedBy ?? `exit ${code}`}): ${tail}`));
      }
    });
  });
}

export interface VideoInfo {
  /** Seconds. */
  duration: number;
  width: number;
  height: number;
}

/** Duration and picture size of a video, read from ffmpeg's description of the file. */
export async function probeVideo(file: string): Promise<VideoInfo> {
  // With an input and no output ffmpeg describes the input and exits with an error.
  const log = await runFfmpeg(['-i', file], { allowFailure: true });
  const time = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(log);
  const size = /Stream #[^\n]*Video:[^\n]*?\b(\d{2,5})x(\d{2,5})\b/.exec(log);
  if (!time || !size) {
    throw new FfmpegError(`not a readable video: ${file}: ${log.trim().split('\n').slice(-2).join(' ')}`);
  }
  const duration = Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3]);
  return { duration, width: Number(size[1]), height: Number(size[2]) };
}

export interface MediaInfo extends VideoInfo {
  /** Frames per second of the video stream (0 when ffmpeg does not say). */
  fps: number;
  hasAudio: boolean;
  /** The first sound track: codec as ffmpeg names it (`aac (LC)`, `opus`, ...), bit rate (0 when unknown), channels. */
  audio: { codec: string; kbps: number; channels: number } | null;
  /**
   * The picture as shown: `width` x `height` turned by the stream's rotation and
   * stretched by its sample aspect ratio (what ffmpeg's filters produce by default).
   */
  displayWidth: number;
  displayHeight: number;
}

/**
 * Like `probeVideo`, with what a transcode needs besides: frame rate, whether
 * there is sound, and the displayed size. A still image (no duration), an
 * audio file with cover art, or a file ffmpeg cannot read is refused.
 */
export async function probeMedia(file: string, options: { signal?: AbortSignal } = {}): Promise<MediaInfo> {
  const log = await runFfmpeg(['-i', file], { allowFailure: true, signal: options.signal });
  const time = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(log);
  const lines = log.split('\n');
  const videoLine = lines.find((l) => /Stream #.*: Video: /.test(l) && !l.includes('(attached pic)'));
  const size = videoLine && /\b(\d{2,5})x(\d{2,5})\b/.exec(videoLine);
  const duration = time ? Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3]) : 0;
  if (!videoLine || !size || !(duration > 0)) {
    throw new FfmpegError(`not a readable video: ${file}: ${log.trim().split('\n').slice(-2).join(' ')}`);
  }
  const width = Number(size[1]);
  const height = Number(size[2]);
  const fps = Number(/([\d.]+) fps/.exec(videoLine)?.[1] ?? /([\d.]+) tbr/.exec(videoLine)?.[1] ?? 0);
  const sar = /SAR (\d+):(\d+)/.exec(videoLine);
  const stretch = sar && Number(sar[1]) > 0 && Number(sar[2]) > 0 ? Number(sar[1]) / Number(sar[2]) : 1;
  const rotation = Number(
    /rotation of (-?[\d.]+) degrees/.exec(log)?.[1] ?? /rotate\s*:\s*(-?\d+)/.exec(log)?.[1] ?? 0,
  );
  const turned = Math.round(Math.abs(rotation) / 90) % 2 === 1;
  const shownWidth = Math.round(width * stretch);
  const audioLine = lines.find((l) => /Stream #.*: Audio: /.test(l));
  const audioCodec = audioLine && /Audio: ([^,]+?)(?: \(\w+ \/ 0x[0-9A-Fa-f]+\))?,/.exec(audioLine)?.[1];
  const layout = audioLine && /Hz, ([^,]+),/.exec(audioLine)?.[1];
  const channels =
    layout === 'mono' ? 1 : layout === 'stereo' ? 2 : Number(/(\d+) channels/.exec(layout ?? '')?.[1] ?? 6);
  return {
    duration,
    width,
    height,
    fps: Number.isFinite(fps) ? fps : 0,
    hasAudio: audioLine !== undefined,
    audio: audioLine
      ? { codec: audioCodec ?? 'unknown', kbps: Number(/(\d+) kb\/s/.exec(audioLine)?.[1] ?? 0), channels }
      : null,
    displayWidth: turned ? height : shownWidth,
    displayHeight: turned ? shownWidth : height,
  };
}

/** A still frame of `video` at `atSeconds` as a JPEG (`.jpg`) or WebP (`.webp`) poster, `width` wide. */
export async function makePoster(
  video: string,
  out: string,
  options: { atSeconds?: number; width?: number } = {},
): Promise<void> {
  const webp = out.endsWith('.webp');
  await runFfmpeg([
    '-loglevel',
    'error',
    '-y',
    '-ss',
    String(options.atSeconds ?? 1),
    '-i',
    video,
    '-frames:v',
    '1',
    '-vf',
    `scale=${options.width ?? 640}:-2`,
    ...(webp ? ['-c:v', 'libwebp', '-quality', '80'] : ['-q:v', '3']),
    out,
  ]);
}

export interface HlsPackage {
  /** The playlist's file name inside the output folder. */
  playlist: string;
  /** Every file written (playlist and segments), names relative to the output folder. */
  files: string[];
}

/**
 * A VOD HLS rendition of an H.264/AAC `video` in `outDir`: `index.m3u8` and
 * MPEG-TS segments of about `segmentSeconds` (cut at keyframes, so a video
 * encoded with keyframes on that grid gets exact segments). The streams are
 * copied, not re-encoded.
 */
export async function packageHls(video: string, outDir: string, segmentSeconds = 2): Promise<HlsPackage> {
  await fsp.mkdir(outDir, { recursive: true });
  const playlist = 'index.m3u8';
  await runFfmpeg([
    '-loglevel',
    'error',
    '-y',
    '-i',
    video,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-c',
    'copy',
    '-f',
    'hls',
    '-hls_time',
    String(segmentSeconds),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    path.join(outDir, 'seg_%03d.ts'),
    path.join(outDir, playlist),
  ]);
  const files = (await fsp.readdir(outDir)).filter((f) => f === playlist || /^seg_\d+\.ts$/.test(f)).sort();
  return { playlist, files };
}
