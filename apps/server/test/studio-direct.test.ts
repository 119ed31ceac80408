import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorMessage, studioCalls, type DirectUpload } from '@taice/contract';
import { PROCESS_TASK } from '../src/modules/studio/posts';
import { studioUploads } from '../src/modules/studio/studio.schema';
import { createStorage, type ConfiguredStorage } from '../src/platform/media/storage';
import type { JobRunner } from '../src/platform/jobs/jobs';
import { register } from './support/accounts';
import { startS3rver, type S3rver } from './support/s3rver';
import { clip, processed, runStudioJobs, settled, studioOf } from './support/studio';
import { createTestApp, type TestApp } from './support/test-app';
import { categoryId } from './support/videos';

const BUCKET = 'taice-media';
const MiB = 1024 * 1024;
const MAX_BYTES = 12 * MiB;

let t: TestApp;
let s3: S3rver;
let dir: string;
let storage: ConfiguredStorage;
let jobs: JobRunner;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taice-direct-'));
  const started = await startS3rver(path.join(dir, 'buckets'), BUCKET);
  s3 = started.server;
  t = await createTestApp({
    env: {
      DATA_DIR: path.join(dir, 'data'),
      ...started.env,
      UPLOAD_VIDEO_MAX_BYTES: String(MAX_BYTES),
      UPLOAD_CHUNK_BYTES: String(5 * MiB),
      UPLOAD_VIDEO_MAX_SECONDS: '5',
    },
  });
  storage = createStorage(t.config);
  jobs = await runStudioJobs(t, ['studio.check_upload', PROCESS_TASK]);
});
afterAll(async () => {
  await jobs.stop();
  await t.close();
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function created(token: string, data: Buffer): Promise<DirectUpload> {
  const res = await t.call(
    studioCalls.createDirectUpload,
    { body: { size: data.length, file_name: 'a.mp4' } },
    { token },
  );
  expect(res.code).toBe(0);
  return res.data;
}

/** Sends part `n` of `data` to its presigned URL, as a browser does, and confirms it with the bucket's ETag. */
async function sendPart(token: string, upload: DirectUpload, data: Buffer, n: number) {
  const signed = await t.call(
    studioCalls.signUploadPart,
    { body: { upload_id: upload.upload_id, part_number: n } },
    { token },
  );
  expect(signed.code).toBe(0);
  const bytes = data.subarray((n - 1) * upload.part_bytes, n * upload.part_bytes);
  const put = await fetch(signed.data.url, { method: 'PUT', body: bytes });
  expect(put.status).toBe(200);
  const etag = put.headers.get('etag')!;
  const confirmed = await t.call(
    studioCalls.confirmUploadPart,
    { body: { upload_id: upload.upload_id, part_number: n, etag } },
    { token },
  );
  expect(confirmed.code).toBe(0);
  return { etag, state: confirmed.data };
}

const complete = (token: string, id: string, lang?: string) =>
  t.call(studioCalls.completeDirectUpload, { body: { upload_id: id } }, { token, lang });

describe('direct upload to the bucket', () => {
  it('is what the upload config says when S3 is configured', async () => {
    const { token } = await register(t);
    const res = await t.call(studioCalls.uploadConfig, {}, { token });
    expect(res.data).toMatchObject({ transport: 's3_multipart', max_bytes: MAX_BYTES, chunk_bytes: 5 * MiB });
  });

  it('uploads a clip straight to the bucket, checks it there, posts and publishes it; repeated calls change nothing', async () => {
    const { token } = await register(t);
    const data = clip();
    const upload = await created(token, data);
    expect(upload).toMatchObject({ status: 'receiving', size: data.length, part_count: 1, parts: [] });
    const { etag } = await sendPart(token, upload, data, 1);
    // The same confirmation again (a retried request) is harmless.
    const again = await sendPart(token, upload, data, 1);
    expect(again.state.parts).toEqual([{ part_number: 1, etag: again.etag }]);
    expect(again.etag).toBe(etag);

    // Two completions at once (a retry racing the first), and one more later: one upload, checked once.
    const done = await Promise.all([complete(token, upload.upload_id), complete(token, upload.upload_id)]);
    for (const res of done)
      expect(res).toMatchObject({ code: 0, data: { status: expect.stringMatching(/^(checking|ready)$/) } });
    expect((await complete(token, upload.upload_id)).code).toBe(0);
    expect(await storage.exists(`originals/${upload.upload_id}`)).toBe(true);

    const detail = await settled(t, token, upload.upload_id);
    expect(detail).toMatchObject({
      status: 'ready',
      size: data.length,
      offset: data.length,
      frames: expect.any(Array),
    });
    expect(detail.frames).toHaveLength(4);
    // Nothing more is sent once every byte is in.
    const late = await t.call(
      studioCalls.signUploadPart,
      { body: { upload_id: upload.upload_id, part_number: 1 } },
      { token, lang: 'zh-CN' },
    );
    expect(late).toMatchObject({
      code: errorCode('studio_upload_not_receiving'),
      msg: errorMessage('studio_upload_not_receiving', 'zh-CN'),
    });
    const post = await t.call(
      studioCalls.storePost,
      { body: { upload_id: upload.upload_id, title: 'Straight to the bucket', category_id: await categoryId(t) } },
      { token },
    );
    expect(post).toMatchObject({ code: 0, data: { status: 4 } });
    // Processed from the copy the check read out of the bucket; once published, the original leaves the bucket.
    expect((await processed(t, post.data.id)).status).toBe(1);
    await expect.poll(() => storage.exists(`originals/${upload.upload_id}`), { timeout: 10_000 }).toBe(false);
  });

  it('resumes from the parts the server recorded, and removes a refused non-video from the bucket', async () => {
    const { token } = await register(t);
    const data = randomBytes(11 * MiB);
    const upload = await created(token, data);
    expect(upload).toMatchObject({ part_bytes: 5 * MiB, part_count: 3 });
    await sendPart(token, upload, data, 1);

    // A reload: the page asks which parts arrived, and the progress starts there.
    const parts = await t.call(studioCalls.directUploadParts, { query: { upload_id: upload.upload_id } }, { token });
    expect(parts.data.parts.map((p) => p.part_number)).toEqual([1]);
    const detail = await t.call(studioCalls.uploadDetail, { query: { upload_id: upload.upload_id } }, { token });
    expect(detail.data).toMatchObject({ status: 'receiving', offset: 5 * MiB });
    const early = await complete(token, upload.upload_id, 'zh-TW');
    expect(early).toMatchObject({
      code: errorCode('studio_upload_parts_missing'),
      msg: errorMessage('studio_upload_parts_missing', 'zh-TW', { count: 2 }),
    });

    await sendPart(token, upload, data, 2);
    await sendPart(token, upload, data, 3);
    expect((await complete(token, upload.upload_id)).code).toBe(0);
    const refused = await settled(t, token, upload.upload_id);
    expect(refused).toMatchObject({ status: 'refused', refusal_code: errorCode('studio_upload_not_video') });
    expect(await storage.exists(`originals/${upload.upload_id}`)).toBe(false);
    expect(fs.existsSync(path.join(dir, 'data', 'uploads', upload.upload_id))).toBe(false);
    const inChinese = await t.call(
      studioCalls.uploadDetail,
      { query: { upload_id: upload.upload_id } },
      { token, lang: 'zh-CN' },
    );
    expect(inChinese.data.message).toBe(errorMessage('studio_upload_not_video', 'zh-CN'));
  });

  it('refuses an object larger than the limit at the check without reading it, whatever size was declared', async () => {
    const { token } = await register(t);
    const upload = await created(token, Buffer.alloc(1000));
    // The client declared 1000 bytes but sends more than the limit in its one part.
    const signed = await t.call(
      studioCalls.signUploadPart,
      { body: { upload_id: upload.upload_id, part_number: 1 } },
      { token },
    );
    const put = await fetch(signed.data.url, { method: 'PUT', body: randomBytes(MAX_BYTES + 1) });
    const etag = put.headers.get('etag')!;
    await t.call(
      studioCalls.confirmUploadPart,
      { body: { upload_id: upload.upload_id, part_number: 1, etag } },
      { token },
    );
    expect((await complete(token, upload.upload_id)).code).toBe(0);
    const refused = await settled(t, token, upload.upload_id);
    expect(refused).toMatchObject({ status: 'refused', refusal_code: errorCode('studio_upload_too_large') });
    expect(await storage.exists(`originals/${upload.upload_id}`)).toBe(false);
    expect(fs.existsSync(path.join(dir, 'data', 'uploads', upload.upload_id))).toBe(false);
  });

  it('refuses an oversized or empty file before any part, in the request language', async () => {
    const { token, user } = await register(t);
    const big = await t.call(
      studioCalls.createDirectUpload,
      { body: { size: MAX_BYTES + 1, file_name: 'big.mp4' } },
      { token, lang: 'zh-TW' },
    );
    expect(big).toMatchObject({
      code: errorCode('studio_upload_too_large'),
      msg: errorMessage('studio_upload_too_large', 'zh-TW', { mb: 12 }),
    });
    const empty = await t.call(studioCalls.createDirectUpload, { body: { size: 0 } }, { token });
    expect(empty.code).toBe(errorCode('studio_upload_empty'));
    const rows = await t.database.db.select().from(studioUploads).where(eq(studioUploads.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses bad input with the envelope, and needs a login', async () => {
    const { token } = await register(t);
    const bad = await t.send(studioCalls.createDirectUpload, { body: { size: -1 } }, { token, lang: 'zh-CN' });
    expect(bad).toMatchObject({ code: 422, msg: 'size：不能小于 0', data: { field: 'size' } });
    const upload = await created(token, clip());
    const zero = await t.send(
      studioCalls.signUploadPart,
      { body: { upload_id: upload.upload_id, part_number: 0 } },
      { token },
    );
    expect(zero).toMatchObject({ code: 422, data: { field: 'part_number' } });
    const beyond = await t.call(
      studioCalls.signUploadPart,
      { body: { upload_id: upload.upload_id, part_number: 2 } },
      { token, lang: 'zh-CN' },
    );
    expect(beyond).toMatchObject({
      code: errorCode('studio_upload_part_invalid'),
      msg: errorMessage('studio_upload_part_invalid', 'zh-CN', { count: 1 }),
    });
    for (const res of [
      await t.call(studioCalls.createDirectUpload, { body: { size: 10 } }),
      await t.call(studioCalls.signUploadPart, { body: { upload_id: upload.upload_id, part_number: 1 } }),
      await t.call(studioCalls.completeDirectUpload, { body: { upload_id: upload.upload_id } }),
    ]) {
      expect(res.code).toBe(401);
    }
  });

  it('does not show or take another user’s upload', async () => {
    const owner = await register(t);
    const other = await register(t);
    const data = clip();
    const upload = await created(owner.token, data);
    const id = upload.upload_id;
    const answers = [
      await t.call(studioCalls.directUploadParts, { query: { upload_id: id } }, { token: other.token }),
      await t.call(studioCalls.signUploadPart, { body: { upload_id: id, part_number: 1 } }, { token: other.token }),
      await t.call(
        studioCalls.confirmUploadPart,
        { body: { upload_id: id, part_number: 1, etag: '"x"' } },
        { token: other.token },
      ),
      await complete(other.token, id),
      await t.call(studioCalls.abortDirectUpload, { body: { upload_id: id } }, { token: other.token }),
      await t.call(studioCalls.uploadDetail, { query: { upload_id: id } }, { token: other.token }),
    ];
    for (const res of answers) expect(res.code).toBe(errorCode('studio_upload_not_found'));
    expect(
      (await t.call(studioCalls.directUploadParts, { query: { upload_id: id } }, { token: owner.token })).code,
    ).toBe(0);
  });

  it('ends an unfinished upload on abort: the upload is gone and takes no more parts', async () => {
    const { token } = await register(t);
    const data = randomBytes(6 * MiB);
    const upload = await created(token, data);
    await sendPart(token, upload, data, 1);
    const aborted = await t.call(studioCalls.abortDirectUpload, { body: { upload_id: upload.upload_id } }, { token });
    expect(aborted).toMatchObject({ code: 0, data: { upload_id: upload.upload_id } });
    const gone = await t.call(studioCalls.directUploadParts, { query: { upload_id: upload.upload_id } }, { token });
    expect(gone.code).toBe(errorCode('studio_upload_not_found'));
    const signed = await t.call(
      studioCalls.signUploadPart,
      { body: { upload_id: upload.upload_id, part_number: 2 } },
      { token },
    );
    expect(signed.code).toBe(errorCode('studio_upload_not_found'));
  });

  // Last: it moves the clock a day on.
  it('sweeps direct uploads never posted after a day: the object leaves the bucket', async () => {
    const { token } = await register(t);
    const data = clip();
    const ready = await created(token, data);
    await sendPart(token, ready, data, 1);
    await complete(token, ready.upload_id);
    expect((await settled(t, token, ready.upload_id)).status).toBe('ready');
    const unfinished = await created(token, data);
    await sendPart(token, unfinished, data, 1);
    expect(await storage.exists(`originals/${ready.upload_id}`)).toBe(true);

    t.clock.advance(25 * 3600_000);
    expect(await studioOf(t).uploads.sweep()).toBeGreaterThanOrEqual(2);
    expect(await storage.exists(`originals/${ready.upload_id}`)).toBe(false);
    for (const upload of [ready, unfinished]) {
      const gone = await t.call(studioCalls.directUploadParts, { query: { upload_id: upload.upload_id } }, { token });
      expect(gone.code).toBe(errorCode('studio_upload_not_found'));
    }
  });
});
