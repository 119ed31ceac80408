import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_STATUS } from '@taice/contract';
import { startJobs } from '../src/platform/jobs/jobs';
import { queueJob } from '../src/platform/jobs/jobs';
import { localStorage, type Storage } from '../src/platform/media/storage';
import { storedClipMedia } from '../src/modules/videos/demo-media';
import { demoClipSpec, demoMediaJobs } from '../src/modules/videos/videos.demo-seed';
import type { DemoClipSpec } from '../src/modules/videos/demo-clips';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The full demo catalogue's background job (decision 053), on tiny clips: the template database holds the short
 * catalogue; the job makes the clips of three videos one by one (two new videos and one whose short clip it
 * replaces), each video appearing as its clip is stored, and a later run makes nothing again.
 */
let t: TestApp;
let work: string;
let storage: Storage;
const logs: { fields: Record<string, unknown>; message: string }[] = [];
const log = {
  info: (fields: object, message: string) => logs.push({ fields: fields as Record<string, unknown>, message }),
  error: (fields: object, message: string) => logs.push({ fields: fields as Record<string, unknown>, message }),
};
const silent = {
  ...log,
  debug: () => undefined,
  warn: () => undefined,
  trace: () => undefined,
  fatal: () => undefined,
  child: () => silent,
} as never;

/** Three videos: 32 and 33 are not in the short catalogue, 0 is (with a short clip). */
const ORDER = [32, 33, 0];
const tiny = (i: number): DemoClipSpec => ({
  ...demoClipSpec(i, 'short'),
  variant: 1000 + i,
  seconds: 2,
  width: 320,
  height: 180,
});

const jobSet = () =>
  demoMediaJobs({
    db: t.database.db,
    storage,
    config: { DEMO_MEDIA: 'full', SEED_DEMO: true, VIDEO_PRESET: 'ultrafast', DATA_DIR: work },
    log,
    clipSpec: tiny,
    order: ORDER,
  });

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.database.db.execute(query)).rows as T[];
}

async function until(done: () => Promise<boolean>, ms = 240_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const jobsLeft = async () =>
  (
    await rows<{ n: number }>(
      sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'videos.demo_media'`,
    )
  )[0]!.n;

const made = () => logs.filter((l) => l.message === 'demo clip ready' && l.fields.generated === true);

beforeAll(async () => {
  t = await createTestApp();
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'taice-demo-media-'));
  storage = localStorage(path.join(work, 'storage'));
});
afterAll(async () => {
  await t?.close();
  await fs.rm(work, { recursive: true, force: true });
});

describe('the full demo catalogue, made in the background', () => {
  it('makes one clip per job on two processes at once, never one twice, and publishes each video', async () => {
    const before = await rows<{ id: number; mp4_key: string }>(
      sql`select id, mp4_key from posts where title = ${'Dreaming in Neon: an AI short'}`,
    );
    expect(before).toHaveLength(1);
    await t.database.db.transaction((tx) => queueJob(tx, 'videos.demo_media', {}, { key: 'videos.demo_media' }));
    // A second chain started at the same moment (as the schedule may): the lock leaves it nothing to do.
    await t.database.db.transaction((tx) => queueJob(tx, 'videos.demo_media', {}));
    const runners = await Promise.all(
      [1, 2].map(() => startJobs({ pool: t.database.pool, sets: [jobSet()], log: silent, concurrency: 1 })),
    );
    try {
      await until(async () => (await jobsLeft()) === 0 && made().length >= ORDER.length);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    expect(made().map((l) => l.fields.video)).toEqual(ORDER);

    for (const i of ORDER) {
      const media = await storedClipMedia(storage, tiny(i));
      expect(media, `clip ${i}`).not.toBeNull();
      const [post] = await rows<{ status: number; hls_key: string; preview_key: string; duration: number }>(
        sql`select status, hls_key, preview_key, duration from posts where mp4_key = ${media!.mp4Key}`,
      );
      expect(post).toMatchObject({ status: POST_STATUS.published, hls_key: media!.hlsKey });
      expect(post!.preview_key).toBe(media!.previewKey);
      expect(post!.duration).toBeGreaterThan(1.8);
      const master = (await storage.get(media!.hlsKey))!.toString();
      expect(master).toContain('#EXT-X-STREAM-INF');
    }
    // The short clip of video 0 gave way to its new one: the same post, not a second one.
    const after = await rows<{ id: number; mp4_key: string }>(
      sql`select id, mp4_key from posts where title = ${'Dreaming in Neon: an AI short'}`,
    );
    expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id));
    expect(after[0]!.mp4_key).not.toBe(before[0]!.mp4_key);
    // Counters stay true to the rows they count.
    const wrong = await rows(sql`
      select u.id from users u where u.email like '%@demo.taice.io'
        and u.post_num <> (select count(*) from posts p where p.author_id = u.id and p.status = ${POST_STATUS.published})`);
    expect(wrong).toEqual([]);
  }, 300_000);

  it('makes nothing again on a later run (a restart, or the schedule)', async () => {
    const count = made().length;
    const runner = await startJobs({ pool: t.database.pool, sets: [jobSet()], log: silent, concurrency: 1 });
    try {
      await t.database.db.transaction((tx) => queueJob(tx, 'videos.demo_media', {}, { key: 'videos.demo_media' }));
      await until(async () => (await jobsLeft()) === 0);
    } finally {
      await runner.stop();
    }
    expect(made().length).toBe(count);
  }, 120_000);
});
