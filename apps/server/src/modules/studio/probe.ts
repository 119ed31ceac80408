import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ffmpeg, probeMedia } from '../../platform/media/ffmpeg';

/** What the check of an upload needs to know about a file. */
export interface ProbedVideo {
  /** Seconds. */
  duration: number;
  /** The picture as shown (turned by its rotation). */
  width: number;
  height: number;
}

/** The file is not a video ffprobe can read: no moving picture, or no length. */
export class NotAVideoError extends Error {}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

let ffprobePath: string | null | undefined;

/** ffprobe beside the ffmpeg in use (Debian's package ships both), else on the PATH; null when there is none. */
export function findFfprobe(env: NodeJS.ProcessEnv = process.env): string | null {
  if (ffprobePath !== undefined) return ffprobePath;
  const beside = path.join(path.dirname(ffmpeg().path), 'ffprobe');
  const onPath = (env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'ffprobe'));
  ffprobePath = [beside, ...onPath].find((candidate) => isExecutable(candidate)) ?? null;
  return ffprobePath;
}

interface ProbeOutput {
  format?: { format_name?: string; duration?: string };
  streams?: {
    codec_type?: string;
    width?: number;
    height?: number;
    duration?: string;
    disposition?: { attached_pic?: number };
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
  }[];
}

function runFfprobe(bin: string, file: string, timeoutMs: number): Promise<ProbeOutput> {
  return new Promise((resolve, reject) => {
    execFile(
      bin,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeout: timeoutMs, maxBuffer: 8 * 1024 * 1024 },
      (err, stdout) => {
        if (err) {
          reject(new NotAVideoError(`ffprobe cannot read ${path.basename(file)}`));
          return;
        }
        try {
          resolve(JSON.parse(stdout) as ProbeOutput);
        } catch {
          reject(new NotAVideoError('ffprobe answered no description'));
        }
      },
    );
  });
}

/** Formats of still images: one picture and no length, whatever the file is named. */
const STILL_FORMATS = /(^|,)(image2|\w+_pipe|png|mjpeg|webp|bmp|tiff)(,|$)/;

/**
 * Reads a file's kind, length and picture size with ffprobe (decision 049): the bytes decide, not the name. A file
 * with no video stream (text, audio, an audio file's cover art) or no length (a still image) is not a video.
 * Without ffprobe (ffmpeg from npm only) ffmpeg's own description is read instead.
 */
export async function probeUpload(file: string, timeoutMs = 60_000): Promise<ProbedVideo> {
  const bin = findFfprobe();
  if (!bin) {
    try {
      const info = await probeMedia(file);
      return { duration: info.duration, width: info.displayWidth, height: info.displayHeight };
    } catch {
      throw new NotAVideoError('ffmpeg cannot read the file as a video');
    }
  }
  const out = await runFfprobe(bin, file, timeoutMs);
  const formatName = out.format?.format_name ?? '';
  const video = out.streams?.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  if (!video || !video.width || !video.height || STILL_FORMATS.test(formatName)) {
    throw new NotAVideoError(`no moving picture (${formatName || 'unknown format'})`);
  }
  const duration = Number(out.format?.duration ?? video.duration ?? NaN);
  if (!Number.isFinite(duration) || duration <= 0) throw new NotAVideoError('the file has no length');
  const rotation = Number(
    video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0,
  );
  const turned = Math.round(Math.abs(rotation) / 90) % 2 === 1;
  return {
    duration: Math.round(duration * 1000) / 1000,
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
  };
}
