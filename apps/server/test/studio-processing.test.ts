import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_STATUS, studioCalls, videoCalls } from '@taice/contract';
import { users } from '../src/modules/accounts/accounts.schema';
import { studioUploads } from '../src/modules/studio/studio.schema';
import { createVideoEvents } from '../src/modules/videos/video-events';
import { queueJob } from '../src/platform/jobs/jobs';
import { createTestApp, type TestApp } from './support/test-app';
import { register } from './support/accounts';
import { categoryId } from './support/videos';
import { clip, idOf, processed, settled, tusClient, uploadFile } from './support/studio';
import { createPgLocker } from '../src/modules/studio/tus-locker';

/**
 * Processing as it runs in production: each app runs its own job runner (every module's jobs), two apps on one
 * database stand for two server processes.
 */
let a: TestApp;
let b: TestApp;
let dataDir: string;
let category: number;
const published: number[] = [];
const events = createVideoEvents();
events.on('publishedChanged', async (_tx, { postId }) => void published.push(postId));

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taice-studio-proc-'));
  const env = { DATA_DIR: dataDir, JOBS_CONCURRENCY: '2' };
  a = await createTestApp({ env, videoEvents: events });
  b = await createTestApp({ env, databaseUrl: a.databaseUrl, videoEvents: events });
  category = await categoryId(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function postedUpload(t: TestApp, token: string, extra: Record<string, unknown> = {}) {
  const uploadId = await uploadFile(t, token, clip());
  const detail = await settled(t, token, uploadId);
  expect(detail.status).toBe('ready');
  const res = await t.call(
    studioCalls.storePost,
    {
      body: {
        upload_id: uploadId,
        title: 'Processed clip',
        category_id: category,
        ai_generated: 0,
        ...extra,
      },
    },
    { token },
  );
  expect(res.code).toBe(0);
  return { uploadId, postId: res.data.id, frames: detail.frames };
}

const runsOf = async (t: TestApp, postId: number) =>
  (await t.database.db.select().from(studioUploads).where(eq(studioUploads.postId, postId)))[0]!;

describe('processing', () => {
  it('publishes the post with HLS, an MP4, a poster and a preview; the original goes', async () => {
    const { token, user } = await register(a);
    const { uploadId, postId, frames } = await postedUpload(a, token);
    // Invisible to others while processing.
    expect((await a.call(videoCalls.postDetail, { query: { id: postId } })).code).not.toBe(0);

    const post = await processed(a, postId);
    expect(post).toMatchObject({ status: POST_STATUS.published, failureReason: '', width: 320, height: 240 });
    expect(post.hlsKey).toMatch(new RegExp(`^videos/${postId}/[0-9a-f]{12}/master\\.m3u8$`));
    expect(post.mp4Key).toMatch(/\/video\.mp4$/);
    expect(post.previewKey).toMatch(/\/preview\.mp4$/);
    expect(post.coverKey).toMatch(/\/poster\.jpg$/);
    expect(post.duration).toBeGreaterThan(1.5);
    for (const key of [post.hlsKey, post.mp4Key, post.previewKey, post.coverKey]) {
      expect((await a.inject({ method: 'GET', url: `/media/${key}` })).statusCode).toBe(200);
    }
    const master = (await a.inject({ method: 'GET', url: `/media/${post.hlsKey}` })).body;
    expect(master).toContain('#EXT-X-STREAM-INF');
    const rendition = master.split('\n').find((l) => l.endsWith('.m3u8'))!;
    const playlist = (await a.inject({ method: 'GET', url: `/media/${path.dirname(post.hlsKey)}/${rendition}` })).body;
    expect(playlist).toContain('#EXT-X-ENDLIST');

    const detail = await a.call(videoCalls.postDetail, { query: { id: postId } });
    expect(detail.code).toBe(0);
    expect(detail.data.media.hls).toBe(`/media/${post.hlsKey}`);
    expect(published).toContain(postId);
    const [author] = await a.database.db
      .select({ postNum: users.postNum })
      .from(users)
      .where(eq(users.id, post.authorId));
    expect(author!.postNum).toBe(1);
    expect(user).toBeTruthy();

    const upload = await runsOf(a, postId);
    expect(upload.processRuns).toBe(1);
    expect(upload.removedAt).not.toBeNull();
    expect(fs.existsSync(path.join(dataDir, 'uploads', uploadId))).toBe(false);
    // Frames not chosen as the cover are removed with it.
    expect((await a.inject({ method: 'GET', url: frames[0]! })).statusCode).toBe(404);
    const still = await a.call(studioCalls.uploadDetail, { query: { upload_id: uploadId } }, { token });
    expect(still.data).toMatchObject({ status: 'ready', post_id: postId });
  });

  it('keeps the chosen frame as the cover', async () => {
    const { token } = await register(a);
    const { postId, frames } = await postedUpload(a, token, { cover_frame: 1 });
    const post = await processed(a, postId);
    expect(post.coverKey).toBe(frames[1]!.replace('/media/', ''));
    expect((await a.inject({ method: 'GET', url: frames[1]! })).statusCode).toBe(200);
    expect((await a.inject({ method: 'GET', url: frames[0]! })).statusCode).toBe(404);
  });

  it('marks a post failed when its file cannot be transcoded, and a retry finishes it', async () => {
    const { token } = await register(a);
    const uploadId = await uploadFile(a, token, clip());
    await settled(a, token, uploadId);
    // The file breaks after its check (a disk fault, say): processing fails with a reason.
    const file = path.join(dataDir, 'uploads', uploadId);
    const good = fs.readFileSync(file);
    fs.writeFileSync(file, Buffer.from('garbage'.repeat(100)));
    const { data } = await a.call(
      studioCalls.storePost,
      { body: { upload_id: uploadId, title: 'Broken', category_id: category, ai_generated: 0 } },
      { token },
    );
    const failed = await processed(a, data.id);
    expect([failed.status, failed.failureReason]).toEqual([POST_STATUS.failed, 'studio_processing_failed']);
    expect(fs.existsSync(file)).toBe(true);

    fs.writeFileSync(file, good);
    const retried = await a.call(studioCalls.retryPost, { body: { id: data.id } }, { token });
    expect(retried.data.status).toBe(POST_STATUS.processing);
    const done = await processed(a, data.id);
    expect(done.status).toBe(POST_STATUS.published);
    expect((await runsOf(a, data.id)).processRuns).toBe(2);
  });

  it('never transcodes one video twice, with two processes and duplicate jobs', async () => {
    const { token } = await register(a);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await postedUpload(i % 2 ? b : a, token)).postId);
    // At-least-once delivery: more jobs for the same posts, under other keys, for either process to take.
    await a.database.db.transaction(async (tx) => {
      for (const id of ids) {
        for (const copy of ['x', 'y', 'z'])
          await queueJob(tx, 'studio.process_video', { postId: id }, { key: `dup-${copy}:${id}` });
      }
    });
    for (const id of ids) expect((await processed(a, id)).status).toBe(POST_STATUS.published);
    await expect
      .poll(async () => {
        const { rows } = await a.database.pool.query<{ n: number }>(
          `select count(*)::int as n from graphile_worker.jobs where task_identifier = 'studio.process_video'`,
        );
        return rows[0]!.n;
      })
      .toBe(0);
    for (const id of ids) expect((await runsOf(a, id)).processRuns).toBe(1);
  });
});

describe('tus across processes', () => {
  it('takes the rest of an upload begun on another process', async () => {
    const { token } = await register(a);
    const data = clip();
    const url = (await tusClient(a, token).create(data.length)).headers.location as string;
    const half = Math.floor(data.length / 2);
    expect((await tusClient(a, token).patch(url, 0, data.subarray(0, half))).statusCode).toBe(204);
    expect((await tusClient(b, token).head(url)).headers['upload-offset']).toBe(String(half));
    expect((await tusClient(b, token).patch(url, half, data.subarray(half))).statusCode).toBe(204);
    expect((await settled(a, token, idOf(url))).status).toBe('ready');
  });

  it('locks an upload across processes: the holder is asked to let go, then the other gets it', async () => {
    const one = createPgLocker({ connectionString: a.databaseUrl });
    const two = createPgLocker({ connectionString: a.databaseUrl, acquireLockTimeout: 5_000 });
    try {
      const events: string[] = [];
      const held = one.newLock('upload-abc');
      await held.lock(new AbortController().signal, async () => {
        events.push('asked to release');
        await held.unlock();
      });
      events.push('one holds');
      const wanted = two.newLock('upload-abc');
      await wanted.lock(new AbortController().signal, () => undefined);
      events.push('two holds');
      expect(events).toEqual(['one holds', 'asked to release', 'two holds']);
      // Held by two now: one waits out its timeout.
      const short = createPgLocker({ connectionString: a.databaseUrl, acquireLockTimeout: 300 });
      await expect(
        short.newLock('upload-abc').lock(new AbortController().signal, () => undefined),
      ).rejects.toMatchObject({ status_code: 500 });
      await short.close();
      await wanted.unlock();
      // Another upload is not held up at all.
      const other = one.newLock('upload-xyz');
      await other.lock(new AbortController().signal, () => undefined);
      await other.unlock();
    } finally {
      await one.close();
      await two.close();
    }
  });
});
