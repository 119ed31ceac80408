import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { studioCalls, TUS_ENDPOINT, type UploadDetail } from '@taice/contract';
import { startJobs, type JobRunner } from '../../src/platform/jobs/jobs';
import { createStorage } from '../../src/platform/media/storage';
import { createStudio } from '../../src/modules/studio/studio.module';
import { createVideoEvents, type VideoEvents } from '../../src/modules/videos/video-events';
import { posts } from '../../src/modules/videos/videos.schema';
import type { TestApp } from './test-app';

const silent = pino({ level: 'silent' });

/** The studio of a test app's configuration and database, for calling its services and jobs directly. */
export function studioOf(t: TestApp, events: VideoEvents = createVideoEvents()) {
  return createStudio({
    config: t.config,
    db: t.database.db,
    pool: t.database.pool,
    clock: t.clock,
    storage: createStorage(t.config),
    events,
    log: silent,
    ownCoverKey: () => null,
    resolveUser: async () => null,
  });
}

/** A job runner of the studio's tasks named in `only` alone (the app's own runner would run every module's). */
export async function runStudioJobs(t: TestApp, only: string[], concurrency = 1): Promise<JobRunner> {
  const studio = studioOf(t);
  const tasks = Object.fromEntries(Object.entries(studio.jobs.tasks).filter(([name]) => only.includes(name)));
  return startJobs({ pool: t.database.pool, sets: [{ tasks }], log: silent, concurrency });
}

const clips = new Map<string, Buffer>();

/** A generated test clip (ffmpeg's test pattern and a tone), made once per run and kept in the temp folder. */
export function clip(options: { seconds?: number; width?: number; height?: number } = {}): Buffer {
  const { seconds = 2, width = 320, height = 240 } = options;
  const name = `taice-clip-${seconds}s-${width}x${height}.mp4`;
  const cached = clips.get(name);
  if (cached) return cached;
  const file = path.join(os.tmpdir(), name);
  if (!fs.existsSync(file)) {
    const tmp = `${file}.${process.pid}.tmp.mp4`;
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=${width}x${height}:rate=25`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      tmp,
    ]);
    fs.renameSync(tmp, file);
  }
  const data = fs.readFileSync(file);
  clips.set(name, data);
  return data;
}

const TUS = { 'tus-resumable': '1.0.0' };

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** A tus client over `app.inject`: creation, HEAD, PATCH and DELETE with the caller's bearer token. */
export function tusClient(t: TestApp, token: string | null, lang?: string) {
  const auth = {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(lang ? { lang } : {}),
  };
  return {
    create: (size: number | null, fileName = 'clip.mp4', headers: Record<string, string> = {}) =>
      t.inject({
        method: 'POST',
        url: TUS_ENDPOINT,
        headers: {
          ...TUS,
          ...auth,
          ...(size === null ? { 'upload-defer-length': '1' } : { 'upload-length': String(size) }),
          'upload-metadata': `filename ${b64(fileName)},filetype ${b64('video/mp4')}`,
          ...headers,
        },
      }),
    head: (url: string) => t.inject({ method: 'HEAD', url, headers: { ...TUS, ...auth } }),
    patch: (url: string, offset: number, data: Buffer) =>
      t.inject({
        method: 'PATCH',
        url,
        headers: {
          ...TUS,
          ...auth,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        payload: data,
      }),
    remove: (url: string) => t.inject({ method: 'DELETE', url, headers: { ...TUS, ...auth } }),
  };
}

/** The id of a tus upload from its URL. */
export const idOf = (location: string) => location.split('/').pop()!;

/** Uploads `data` whole (in chunks of `chunk` bytes) and answers its id. */
export async function uploadFile(t: TestApp, token: string, data: Buffer, chunk = 256 * 1024): Promise<string> {
  const tus = tusClient(t, token);
  const created = await tus.create(data.length);
  if (created.statusCode !== 201) throw new Error(`tus creation answered ${created.statusCode}: ${created.body}`);
  const url = created.headers.location as string;
  for (let offset = 0; offset < data.length; offset += chunk) {
    const res = await tus.patch(url, offset, data.subarray(offset, offset + chunk));
    if (res.statusCode !== 204) throw new Error(`tus PATCH answered ${res.statusCode}: ${res.body}`);
  }
  return idOf(url);
}

/** Polls the upload until its check is done (ready or refused). */
export async function settled(t: TestApp, token: string, uploadId: string, timeoutMs = 30_000): Promise<UploadDetail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.call(studioCalls.uploadDetail, { query: { upload_id: uploadId } }, { token });
    if (res.code !== 0) throw new Error(`uploadDetail: ${res.code} ${res.msg}`);
    if (res.data.status === 'ready' || res.data.status === 'refused') return res.data;
    if (Date.now() > until) throw new Error(`upload ${uploadId} still ${res.data.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls the post until it leaves processing (status 4). */
export async function processed(t: TestApp, postId: number, timeoutMs = 60_000): Promise<typeof posts.$inferSelect> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, postId));
    if (row && row.status !== 4) return row;
    if (Date.now() > until) throw new Error(`post ${postId} still processing`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
