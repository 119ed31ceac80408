import fsp from 'node:fs/promises';
import path from 'node:path';
import { FfmpegAbortError, FfmpegError, probeMedia, runFfmpeg, type MediaInfo } from './ffmpeg';

/**
 * Any video ffmpeg reads → adaptive streaming (decision 053): HLS renditions
 * (H.264 + AAC in MPEG-TS segments) with a master playlist, a JPEG poster, a
 * short silent preview and an MP4 fallback. One ffmpeg process decodes the
 * source once and `split`s it into one `-f hls` output per rendition; the
 * master playlist is written here (ffmpeg's `-var_stream_map` crashes in the
 * static npm build).
 */

/** x264's presets, fastest first. */
export const X264_PRESETS = [
  'ultrafast',
  'superfast',
  'veryfast',
  'faster',
  'fast',
  'medium',
  'slow',
  'slower',
  'veryslow',
] as const;
export type X264Preset = (typeof X264_PRESETS)[number];

export const DEFAULT_HEIGHTS = [360, 720, 1080] as const;
const DEFAULT_SEGMENT_SECONDS = 4;
/** Renditions above this frame rate are made at 30 fps (the machines are small; see decision 053). */
const MAX_FPS = 30;
const PREVIEW_SECONDS = 3;

export type TranscodeFailure = 'not_video' | 'aborted' | 'failed';

/** Why a transcode did not finish: the input is not a video, it was aborted, or ffmpeg failed on it. */
export class TranscodeError extends FfmpegError {
  constructor(
    readonly reason: TranscodeFailure,
    message: string,
  ) {
    super(message);
    this.name = 'TranscodeError';
  }
}

export interface TranscodeOptions {
  /**
   * Rendition sizes, as the picture's shorter side (a landscape video's height, a portrait video's width); those
   * above the source's are left out, and a source below all of them gets one rendition at its own size.
   */
  heights?: number[];
  /** x264 preset; else VIDEO_PRESET from the environment, else `veryfast`. */
  preset?: string;
  /** Target HLS segment length (keyframes are forced on this grid, so cuts are exact). */
  segmentSeconds?: number;
  /** Where the poster is taken (default a quarter in). */
  posterSeconds?: number;
  signal?: AbortSignal;
  /** Nice value of the ffmpeg processes (10 for background work such as the demo catalogue). */
  priority?: number;
}

export interface Rendition {
  height: number;
  width: number;
  /** Peak bits per second of a segment, as HLS's BANDWIDTH means. */
  bandwidth: number;
  /** The rendition's media playlist, relative to the output folder (`720p/index.m3u8`). */
  playlist: string;
}

export interface TranscodeResult {
  /** `master.m3u8`; every name here is relative to the output folder. */
  master: string;
  renditions: Rendition[];
  poster: string;
  preview: string;
  mp4: string;
  /** Seconds, as the MP4 fallback plays. */
  duration: number;
  /** Size of the MP4 fallback (the largest rendition up to 720p). */
  width: number;
  height: number;
}

/** The preset: asked, else VIDEO_PRESET, else veryfast; an unknown name is refused. */
export function resolvePreset(asked: string | undefined, env: NodeJS.ProcessEnv = process.env): X264Preset {
  const name = (asked ?? env.VIDEO_PRESET ?? '').trim() || 'veryfast';
  if (!(X264_PRESETS as readonly string[]).includes(name)) {
    throw new TranscodeError('failed', `unknown x264 preset ${name}`);
  }
  return name as X264Preset;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

interface Plan {
  step: number;
  width: number;
  height: number;
  fps: number;
  maxrateK: number;
  level: string;
  profile: 'main' | 'high';
  dir: string;
}

/** The smallest H.264 level whose frame size and macroblock rate hold `w`x`h` at `fps`. */
function h264Level(w: number, h: number, fps: number): string {
  const frame = Math.ceil(w / 16) * Math.ceil(h / 16);
  const rate = frame * Math.max(1, fps);
  const levels: [string, number, number][] = [
    ['3.0', 1_620, 40_500],
    ['3.1', 3_600, 108_000],
    ['3.2', 5_120, 216_000],
    ['4.0', 8_192, 245_760],
    ['4.2', 8_704, 522_240],
    ['5.0', 22_080, 589_824],
    ['5.1', 36_864, 983_040],
    ['5.2', 36_864, 2_073_600],
  ];
  return levels.find(([, f, r]) => frame <= f && rate <= r)?.[0] ?? '5.2';
}

/** The renditions a source gets: sizes on its shorter side, widths and heights even, the aspect ratio kept. */
export function planRenditions(
  info: Pick<MediaInfo, 'displayWidth' | 'displayHeight' | 'fps'>,
  heights: readonly number[] = DEFAULT_HEIGHTS,
): Plan[] {
  const landscape = info.displayWidth >= info.displayHeight;
  const short = Math.min(info.displayWidth, info.displayHeight);
  const long = Math.max(info.displayWidth, info.displayHeight);
  const wanted = [...new Set(heights)].filter((s) => s > 0 && s <= short).sort((a, b) => a - b);
  const floorEven = (n: number) => Math.max(2, Math.floor(n / 2) * 2);
  // A source smaller than every step keeps its own size (made even, never enlarged).
  const steps = wanted.length > 0 ? wanted : [floorEven(short)];
  const fps = info.fps > 0 ? Math.min(info.fps, MAX_FPS) : 25;
  return steps.map((step) => {
    const own = wanted.length === 0;
    const s = own ? floorEven(short) : even(step);
    const l = own ? floorEven(long) : even((step * long) / short);
    const width = landscape ? l : s;
    const height = landscape ? s : l;
    return {
      step,
      width,
      height,
      fps,
      maxrateK: Math.max(400, Math.round((3_000 * width * height) / (1280 * 720))),
      level: h264Level(width, height, fps),
      profile: step <= 360 ? 'main' : 'high',
      dir: `${step}p`,
    };
  });
}

function rethrow(err: unknown, what: string): never {
  if (err instanceof TranscodeError) throw err;
  if (err instanceof FfmpegAbortError) throw new TranscodeError('aborted', `${what}: aborted`);
  throw new TranscodeError('failed', `${what}: ${err instanceof Error ? err.message : String(err)}`);
}

async function probeInput(input: string, signal?: AbortSignal): Promise<MediaInfo> {
  try {
    return await probeMedia(input, { signal });
  } catch (err) {
    if (err instanceof FfmpegAbortError) rethrow(err, 'probe');
    throw new TranscodeError('not_video', err instanceof Error ? err.message : String(err));
  }
}

/** Seconds and bytes of each segment of a media playlist → peak and average bits per second. */
async function measurePlaylist(dir: string): Promise<{ peak: number; average: number; duration: number }> {
  const text = await fsp.readFile(path.join(dir, 'index.m3u8'), 'utf8');
  const segments: { seconds: number; bytes: number }[] = [];
  let seconds = 0;
  for (const line of text.split('\n').map((l) => l.trim())) {
    const inf = /^#EXTINF:([\d.]+)/.exec(line);
    if (inf) seconds = Number(inf[1]);
    else if (line && !line.startsWith('#')) {
      segments.push({ seconds, bytes: (await fsp.stat(path.join(dir, line))).size });
    }
  }
  if (segments.length === 0) throw new TranscodeError('failed', `empty playlist in ${dir}`);
  const total = segments.reduce((s, x) => s + x.seconds, 0);
  const bytes = segments.reduce((s, x) => s + x.bytes, 0);
  // A last sliver of a segment says little about the rate; measure the peak over whole ones when there are any.
  const whole = segments.filter((x) => x.seconds >= 0.5);
  const peak = Math.max(...(whole.length > 0 ? whole : segments).map((x) => (x.bytes * 8) / Math.max(x.seconds, 0.04)));
  return { peak: Math.ceil(peak), average: Math.ceil((bytes * 8) / Math.max(total, 0.04)), duration: total };
}

/** The `avc1.PPCCLL` codec name of a rendition, from the profile ffmpeg reports in its first segment. */
async function videoCodec(dir: string, level: string, signal?: AbortSignal): Promise<string> {
  const log = await runFfmpeg(['-i', path.join(dir, 'seg_000.ts')], { allowFailure: true, signal });
  const profile = /Video: h264 \(([^)]+)\)/.exec(log)?.[1] ?? 'Main';
  const pc =
    profile === 'High'
      ? '6400'
      : profile === 'Main'
        ? '4d40'
        : profile === 'Constrained Baseline'
          ? '42e0'
          : profile === 'Baseline'
            ? '4200'
            : '4d40';
  const levelIdc = Math.round(Number(level) * 10)
    .toString(16)
    .padStart(2, '0');
  return `avc1.${pc}${levelIdc}`;
}

/**
 * Transcodes `input` into `outDir`: `master.m3u8`, one `<size>p/index.m3u8` with `seg_NNN.ts` per rendition,
 * `poster.jpg`, `preview.mp4` (about 3 s, silent) and `video.mp4` (the largest rendition up to 720p, copied
 * out of its segments with `+faststart`). A source without sound gets renditions without an audio track.
 * Rejects with a `TranscodeError`: `not_video` when ffmpeg finds no moving picture in the input.
 */
export async function transcodeToHls(
  input: string,
  outDir: string,
  options: TranscodeOptions = {},
): Promise<TranscodeResult> {
  const { signal, priority } = options;
  const info = await probeInput(input, signal);
  const preset = resolvePreset(options.preset);
  const segmentSeconds = options.segmentSeconds ?? DEFAULT_SEGMENT_SECONDS;
  const plans = planRenditions(info, options.heights ?? DEFAULT_HEIGHTS);
  // AAC-LC sound of a modest rate, in one or two channels, is copied into every rendition instead of encoded again.
  const copyAudio =
    info.audio !== null &&
    info.audio.codec.startsWith('aac (LC)') &&
    info.audio.kbps > 0 &&
    info.audio.kbps <= 192 &&
    info.audio.channels <= 2;
  await fsp.mkdir(outDir, { recursive: true });
  for (const p of plans) await fsp.mkdir(path.join(outDir, p.dir), { recursive: true });

  const split =
    `[0:v:0]${info.fps > MAX_FPS + 1 ? `fps=${MAX_FPS},` : ''}format=yuv420p,split=${plans.length}` +
    plans.map((_, i) => `[s${i}]`).join('');
  const scales = plans.map((p, i) => `[s${i}]scale=${p.width}:${p.height}:flags=bicubic,setsar=1[v${i}]`);
  const outputs = plans.flatMap((p, i) => [
    '-map',
    `[v${i}]`,
    ...(info.hasAudio ? ['-map', '0:a:0'] : []),
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-profile:v',
    p.profile,
    '-level:v',
    p.level,
    '-crf',
    '23',
    '-maxrate',
    `${p.maxrateK}k`,
    '-bufsize',
    `${p.maxrateK * 2}k`,
    '-force_key_frames',
    `expr:gte(t,n_forced*${segmentSeconds})`,
    '-sc_threshold',
    '0',
    ...(!info.hasAudio
      ? []
      : copyAudio
        ? ['-c:a', 'copy']
        : ['-c:a', 'aac', '-b:a', p.step <= 360 ? '96k' : '128k', '-ac', '2', '-ar', '48000']),
    '-max_muxing_queue_size',
    '2048',
    '-f',
    'hls',
    '-hls_time',
    String(segmentSeconds),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    path.join(outDir, p.dir, 'seg_%03d.ts'),
    path.join(outDir, p.dir, 'index.m3u8'),
  ]);
  const timeoutMs = 10 * 60_000 + info.duration * 10_000;
  try {
    await runFfmpeg(
      ['-loglevel', 'error', '-y', '-i', input, '-filter_complex', [split, ...scales].join(';'), ...outputs],
      { timeoutMs, signal, priority },
    );
  } catch (err) {
    rethrow(err, 'transcode');
  }

  const renditions: Rendition[] = [];
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  try {
    for (const p of plans) {
      const dir = path.join(outDir, p.dir);
      const rate = await measurePlaylist(dir);
      const codecs = [await videoCodec(dir, p.level, signal), ...(info.hasAudio ? ['mp4a.40.2'] : [])].join(',');
      const playlist = `${p.dir}/index.m3u8`;
      renditions.push({ height: p.height, width: p.width, bandwidth: rate.peak, playlist });
      lines.push(
        `#EXT-X-STREAM-INF:BANDWIDTH=${rate.peak},AVERAGE-BANDWIDTH=${rate.average},RESOLUTION=${p.width}x${p.height},` +
          `FRAME-RATE=${p.fps.toFixed(3)},CODECS="${codecs}"`,
        playlist,
      );
    }
  } catch (err) {
    rethrow(err, 'playlists');
  }
  const master = 'master.m3u8';
  await fsp.writeFile(path.join(outDir, master), `${lines.join('\n')}\n`);

  // The fallback MP4 and the stills, from the largest rendition up to 720p.
  const main = [...plans].reverse().find((p) => p.step <= 720) ?? plans[0]!;
  const mp4 = 'video.mp4';
  const poster = 'poster.jpg';
  const preview = 'preview.mp4';
  try {
    await runFfmpeg(
      [
        '-loglevel',
        'error',
        '-y',
        '-i',
        path.join(outDir, main.dir, 'index.m3u8'),
        '-c',
        'copy',
        ...(info.hasAudio ? ['-bsf:a', 'aac_adtstoasc'] : []),
        '-movflags',
        '+faststart',
        path.join(outDir, mp4),
      ],
      { timeoutMs, signal, priority },
    );
    const posterAt = Math.min(
      Math.max(0, options.posterSeconds ?? info.duration / 4),
      Math.max(0, info.duration - 0.2),
    );
    await runFfmpeg(
      [
        '-loglevel',
        'error',
        '-y',
        '-ss',
        posterAt.toFixed(2),
        '-i',
        input,
        '-frames:v',
        '1',
        '-vf',
        `scale=${main.width}:${main.height}:flags=bicubic,setsar=1`,
        '-q:v',
        '3',
        path.join(outDir, poster),
      ],
      { signal, priority },
    );
    const small = plans[0]!;
    const previewSeconds = Math.min(PREVIEW_SECONDS, info.duration);
    const previewAt = info.duration >= 8 ? Math.min(info.duration * 0.2, info.duration - previewSeconds) : 0;
    await runFfmpeg(
      [
        '-loglevel',
        'error',
        '-y',
        '-ss',
        previewAt.toFixed(2),
        '-t',
        previewSeconds.toFixed(2),
        '-i',
        input,
        '-an',
        '-vf',
        `${info.fps > MAX_FPS + 1 ? `fps=${MAX_FPS},` : ''}scale=${small.width}:${small.height}:flags=bicubic,setsar=1,format=yuv420p`,
        '-c:v',
        'libx264',
        '-preset',
        preset,
        '-profile:v',
        'main',
        '-crf',
        '28',
        '-movflags',
        '+faststart',
        path.join(outDir, preview),
      ],
      { signal, priority },
    );
  } catch (err) {
    rethrow(err, 'fallback and stills');
  }
  let out: MediaInfo;
  try {
    out = await probeMedia(path.join(outDir, mp4), { signal });
  } catch (err) {
    rethrow(err, 'probe of the result');
  }
  return {
    master,
    renditions,
    poster,
    preview,
    mp4,
    duration: Math.round(out.duration * 100) / 100,
    width: main.width,
    height: main.height,
  };
}

/**
 * `count` candidate covers spread over the video (at the middle of each of `count` equal parts), JPEGs up to
 * 720p named `frame_1.jpg`, ... in `outDir`; resolves with their names relative to `outDir`.
 */
export async function makeFrames(
  input: string,
  outDir: string,
  count = 4,
  options: { signal?: AbortSignal } = {},
): Promise<string[]> {
  const info = await probeInput(input, options.signal);
  const plan = planRenditions(info, [720]).at(-1)!;
  await fsp.mkdir(outDir, { recursive: true });
  const names: string[] = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const at = Math.min(((i + 0.5) / count) * info.duration, Math.max(0, info.duration - 0.2));
      const name = `frame_${i + 1}.jpg`;
      await runFfmpeg(
        [
          '-loglevel',
          'error',
          '-y',
          '-ss',
          at.toFixed(2),
          '-i',
          input,
          '-frames:v',
          '1',
          '-vf',
          `scale=${plan.width}:${plan.height}:flags=bicubic,setsar=1`,
          '-q:v',
          '3',
          path.join(outDir, name),
        ],
        { signal: options.signal },
      );
      names.push(name);
    }
  } catch (err) {
    rethrow(err, 'frames');
  }
  return names;
}
