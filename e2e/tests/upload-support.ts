import { execFileSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';

/** ffmpeg as the server finds it: FFMPEG_PATH, else the PATH, else the binary of the npm package. */
function ffmpeg(): string {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    try {
      accessSync(path.join(dir, 'ffmpeg'), constants.X_OK);
      return path.join(dir, 'ffmpeg');
    } catch {
      // not here
    }
  }
  const serverPackage = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/package.json');
  return (createRequire(serverPackage)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/**
 * A 3 s 640x360 clip with a tone (about 0.7 MB: a busy test pattern, encoded fast); `videoBitrate` (e.g. '16M')
 * makes it as large as a test needs.
 */
export function makeClip(options: { videoBitrate?: string } = {}): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'upload-e2e-')), 'holiday.mp4');
  // A constant bitrate: x264 pads the stream up to it.
  const rate = options.videoBitrate;
  const bitrate = rate
    ? ['-b:v', rate, '-minrate', rate, '-maxrate', rate, '-bufsize', rate, '-x264-params', 'nal-hrd=cbr']
    : [];
  execFileSync(ffmpeg(), [
    ...['-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30:duration=3'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', ...bitrate, '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', file],
  ]);
  return file;
}

export async function percentOf(bar: Locator): Promise<number> {
  return Number(await bar.getAttribute('aria-valuenow'));
}

/** Slows the page's uploads down with Chromium's network emulation: `set(null)` lifts the limit. */
export async function uploadThrottle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  return {
    set: (bytesPerSecond: number | null) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: bytesPerSecond ?? -1,
      }),
  };
}
