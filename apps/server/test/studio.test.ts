import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioCalls, TUS_ENDPOINT, userCalls } from '@taice/contract';
import { studioUploads } from '../src/modules/studio/studio.schema';
import { posts } from '../src/modules/videos/videos.schema';
import { createTestApp, type TestApp } from './support/test-app';
import { register } from './support/accounts';
import { categoryId } from './support/videos';
import { clip, idOf, runStudioJobs, settled, studioOf, tusClient, uploadFile } from './support/studio';
import type { JobRunner } from '../src/platform/jobs/jobs';

const MAX_BYTES = 3 * 1024 * 1024;

let t: TestApp;
let dataDir: string;
let category: number;
let checks: JobRunner;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taice-studio-'));
  t = await createTestApp({
    env: {
      DATA_DIR: dataDir,
      UPLOAD_VIDEO_MAX_BYTES: String(MAX_BYTES),
      UPLOAD_VIDEO_MAX_SECONDS: '5',
    },
  });
  category = await categoryId(t);
  // The check of a finished upload is a job: run those (not the processing, tested in studio-processing).
  checks = await runStudioJobs(t, ['studio.check_upload']);
});
afterAll(async () => {
  await checks.stop();
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const uploadsDir = () => path.join(dataDir, 'uploads');
const bytesKept = (id: string) => fs.existsSync(path.join(uploadsDir(), id));

async function readyUpload(token: string) {
  const id = await uploadFile(t, token, clip());
  const detail = await settled(t, token, id);
  expect(detail.status).toBe('ready');
  return detail;
}

const postBody = (uploadId: string, extra: Record<string, unknown> = {}) => ({
  upload_id: uploadId,
  title: 'My first clip',
  description: 'A test pattern\nwith a tone',
  category_id: category,
  tags: ['test', 'pattern'],
  ai_generated: 0 as const,
  ...extra,
});

describe('upload config', () => {
  it('tells where and how to upload', async () => {
    const { token } = await register(t);
    const res = await t.call(studioCalls.uploadConfig, {}, { token });
    expect(res).toMatchObject({
      code: 0,
      data: {
        transport: 'tus',
        tus_endpoint: TUS_ENDPOINT,
        max_bytes: MAX_BYTES,
        chunk_bytes: 16 * 1024 * 1024,
        min_seconds: 1,
        max_seconds: 5,
        expires_seconds: 86_400,
      },
    });
  });

  it('needs a login, on the calls and on every tus request', async () => {
    expect((await t.call(studioCalls.uploadConfig)).code).toBe(401);
    expect((await t.call(studioCalls.uploadDetail, { query: { upload_id: 'abcdefgh1234' } })).code).toBe(401);
    const anonymous = tusClient(t, null, 'zh-CN');
    const created = await anonymous.create(100);
    expect(created.statusCode).toBe(401);
    expect(created.json()).toEqual({ code: 401, msg: '请先登录！', data: null });
    const { token } = await register(t);
    const url = (await tusClient(t, token).create(100)).headers.location as string;
    expect((await anonymous.head(url)).statusCode).toBe(401);
    const patched = await anonymous.patch(url, 0, Buffer.alloc(10));
    expect([patched.statusCode, patched.json().code]).toEqual([401, 401]);
    expect((await tusClient(t, 'not-a-token').remove(url)).statusCode).toBe(401);
  });
});

describe('tus upload', () => {
  it('creates, receives in chunks and checks a video: ready with 4 cover frames', async () => {
    const { token } = await register(t);
    const data = clip();
    const tus = tusClient(t, token);
    const created = await tus.create(data.length);
    expect(created.statusCode).toBe(201);
    const url = created.headers.location as string;
    expect(url).toMatch(new RegExp(`^${TUS_ENDPOINT}/[0-9a-f]{32}$`));
    const id = idOf(url);

    const half = Math.floor(data.length / 2);
    expect((await tus.patch(url, 0, data.subarray(0, half))).headers['upload-offset']).toBe(String(half));
    const receiving = await t.call(studioCalls.uploadDetail, { query: { upload_id: id } }, { token });
    expect(receiving.data).toMatchObject({ status: 'receiving', size: data.length, offset: half, frames: [] });
    const head = await tus.head(url);
    expect([head.statusCode, head.headers['upload-offset'], head.headers['upload-length']]).toEqual([
      200,
      String(half),
      String(data.length),
    ]);
    expect((await tus.patch(url, half, data.subarray(half))).statusCode).toBe(204);

    const detail = await settled(t, token, id);
    expect(detail).toMatchObject({
      upload_id: id,
      status: 'ready',
      message: '',
      refusal_code: 0,
      size: data.length,
      offset: data.length,
      width: 320,
      height: 240,
      post_id: null,
    });
    expect(detail.duration).toBeCloseTo(2, 0);
    expect(detail.frames).toHaveLength(4);
    for (const frame of detail.frames) {
      const file = await t.inject({ method: 'GET', url: frame });
      expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/jpeg']);
    }
    // The original is private: kept on disk, never under /media.
    expect(bytesKept(id)).toBe(true);
    expect((await t.inject({ method: 'GET', url: `/media/uploads/${id}` })).statusCode).toBe(404);
    const download = await t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect([download.statusCode, download.json().code]).toEqual([404, 404]);
  });

  it('resumes an interrupted upload from its offset, byte-exact', async () => {
    const { token } = await register(t);
    const data = clip({ seconds: 4, width: 640, height: 360 });
    const tus = tusClient(t, token);
    const url = (await tus.create(data.length)).headers.location as string;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    expect(address).toContain(String(port));

    // A PATCH announcing every byte whose connection drops after a third of them.
    const cut = Math.floor(data.length / 3);
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: url,
        headers: {
          'tus-resumable': '1.0.0',
          authorization: `Bearer ${token}`,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(data.length),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(data.subarray(0, cut), () => setTimeout(() => req.destroy(), 300));
    });

    let offset = 0;
    for (let i = 0; i < 50; i++) {
      const head = await tus.head(url);
      offset = Number(head.headers['upload-offset']);
      if (offset === cut) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBe(cut);
    const wrong = await tus.patch(url, 0, data.subarray(0, 10));
    expect([wrong.statusCode, wrong.json().code]).toEqual([409, 20010]);
    expect((await tus.patch(url, offset, data.subarray(offset))).statusCode).toBe(204);
    const stored = fs.readFileSync(path.join(uploadsDir(), idOf(url)));
    expect(createHash('sha256').update(stored).digest('hex')).toBe(createHash('sha256').update(data).digest('hex'));
    expect((await settled(t, token, idOf(url))).status).toBe('ready');
  });

  it('refuses creation without a length, with 0 bytes, or over the limit', async () => {
    const { token } = await register(t);
    const tus = tusClient(t, token, 'zh-TW');
    const deferred = await tus.create(null);
    expect([deferred.statusCode, deferred.json().code]).toEqual([400, 20009]);
    const empty = await tus.create(0);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ code: 20003, msg: '檔案為空（0 位元組），請選擇影片檔案', data: null });
    expect(empty.headers['content-type']).toContain('application/json');
    const large = await tusClient(t, token).create(MAX_BYTES + 1);
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ code: 20004, msg: 'The video is too large: the limit is 3 MB', data: null });
    const rows = await t.database.db.select().from(studioUploads).where(eq(studioUploads.size, 0));
    expect(rows).toHaveLength(0);
  });

  it('refuses an 11th unfinished upload at once', async () => {
    const { token } = await register(t);
    const tus = tusClient(t, token);
    const urls: string[] = [];
    for (let i = 0; i < 10; i++) urls.push((await tus.create(1000)).headers.location as string);
    const more = await tus.create(1000);
    expect(more.statusCode).toBe(429);
    expect(more.json()).toMatchObject({ code: 20016, msg: expect.stringContaining('10 uploads in progress') });
    // Ending one makes room.
    expect((await tus.remove(urls[0]!)).statusCode).toBe(204);
    await expect.poll(async () => (await tus.create(1000)).statusCode).toBe(201);
  });

  it('refuses more bytes than declared', async () => {
    const { token } = await register(t);
    const tus = tusClient(t, token);
    const url = (await tus.create(10)).headers.location as string;
    const over = await tus.patch(url, 0, Buffer.alloc(20));
    expect([over.statusCode, over.json().code]).toEqual([413, 20004]);
  });

  it('keeps an upload to its creator: HEAD, PATCH, DELETE and the detail answer another user not found', async () => {
    const owner = await register(t);
    const other = await register(t);
    const data = clip();
    const tus = tusClient(t, owner.token);
    const url = (await tus.create(data.length)).headers.location as string;
    const id = idOf(url);
    await tus.patch(url, 0, data.subarray(0, 1000));
    const stranger = tusClient(t, other.token);
    expect((await stranger.head(url)).statusCode).toBe(404);
    for (const res of [await stranger.patch(url, 1000, data.subarray(1000)), await stranger.remove(url)]) {
      expect([res.statusCode, res.json().code]).toEqual([404, 20001]);
    }
    // The id goes in the path and nowhere else: a query string naming it changes nothing.
    const ownUrl = (await stranger.create(data.length)).headers.location as string;
    const sneaky = await stranger.patch(`${ownUrl}?id=${id}&upload_id=${id}`, 0, data.subarray(0, 500));
    expect(sneaky.statusCode).toBe(204);
    expect(fs.statSync(path.join(uploadsDir(), idOf(ownUrl))).size).toBe(500);
    const viaQuery = await stranger.head(`${TUS_ENDPOINT}?id=${id}`);
    expect(viaQuery.statusCode).toBe(404);
    // A second segment is no tus URL at all (the web app answers it, tus never sees it).
    const nested = await stranger.head(`${TUS_ENDPOINT}/x/${id}`);
    expect(nested.headers['upload-offset']).toBeUndefined();
    expect(fs.statSync(path.join(uploadsDir(), id)).size).toBe(1000);

    const detail = await t.call(studioCalls.uploadDetail, { query: { upload_id: id } }, { token: other.token });
    expect(detail.code).toBe(20001);
    expect((await tus.head(url)).headers['upload-offset']).toBe('1000');
  });

  it('lets the creator end an unfinished upload (termination)', async () => {
    const { token } = await register(t);
    const tus = tusClient(t, token);
    const url = (await tus.create(5000)).headers.location as string;
    await tus.patch(url, 0, Buffer.alloc(1000));
    expect((await tus.remove(url)).statusCode).toBe(204);
    expect(bytesKept(idOf(url))).toBe(false);
    await expect
      .poll(
        async () =>
          (
            await t.database.db
              .select()
              .from(studioUploads)
              .where(eq(studioUploads.id, idOf(url)))
          ).length,
      )
      .toBe(0);
    const gone = await t.call(studioCalls.uploadDetail, { query: { upload_id: idOf(url) } }, { token });
    expect(gone.code).toBe(20001);
    expect((await tus.head(url)).statusCode).toBe(404);
  });
});

describe('the check by probing', () => {
  it('refuses a renamed text file as not a video and removes its bytes', async () => {
    const { token } = await register(t);
    const text = Buffer.from('this is not a video, only text pretending to be one\n'.repeat(200));
    const id = await uploadFile(t, token, text);
    const detail = await settled(t, token, id);
    expect(detail).toMatchObject({ status: 'refused', refusal_code: 20002, frames: [] });
    expect(detail.message).toContain('not a video');
    expect(bytesKept(id)).toBe(false);
    const cn = await t.call(studioCalls.uploadDetail, { query: { upload_id: id } }, { token, lang: 'zh-CN' });
    expect(cn.data.message).toBe('无法识别该文件为视频，请选择 MP4、MOV 或 WebM 等视频文件');
    // Posting it answers the same refusal.
    const posted = await t.call(studioCalls.storePost, { body: postBody(id) }, { token });
    expect(posted.code).toBe(20002);
  });

  it('refuses a still image as not a video', async () => {
    const { token } = await register(t);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    const detail = await settled(t, token, await uploadFile(t, token, png));
    expect(detail).toMatchObject({ status: 'refused', refusal_code: 20002 });
  });

  it('refuses a video too short or too long', async () => {
    const { token } = await register(t);
    const short = await settled(t, token, await uploadFile(t, token, clip({ seconds: 0.5 })));
    expect(short).toMatchObject({
      status: 'refused',
      refusal_code: 20006,
      message: 'The video is too short: it must last at least 1 seconds',
    });
    const longId = await uploadFile(t, token, clip({ seconds: 6, width: 160, height: 120 }));
    const long = await settled(t, token, longId);
    expect(long).toMatchObject({ status: 'refused', refusal_code: 20005 });
    expect(long.message).toBe('The video is too long: it may last at most 5 seconds');
    expect(bytesKept(longId)).toBe(false);
  });
});

describe('storePost', () => {
  it('creates the post processing, queues its job in the same transaction, once per upload', async () => {
    const { token, user } = await register(t);
    const upload = await readyUpload(token);
    const first = await t.call(
      studioCalls.storePost,
      { body: postBody(upload.upload_id, { cover_frame: 2, tags: ['a', 'b', 'a'], ai_generated: 1 }) },
      { token },
    );
    expect(first).toMatchObject({ code: 0, data: { status: 4 } });
    const [post] = await t.database.db.select().from(posts).where(eq(posts.id, first.data.id));
    expect(post).toMatchObject({
      status: 4,
      title: 'My first clip',
      description: 'A test pattern\nwith a tone',
      aiGenerated: true,
      tags: ['a', 'b'],
      coverKey: upload.frames[2]!.replace('/media/', ''),
      width: 320,
      height: 240,
    });
    expect(post!.authorId).toBeGreaterThan(0);
    const jobs = await t.database.pool.query(`select count(*)::int as n from graphile_worker.jobs where key = $1`, [
      `studio.process_video:${first.data.id}`,
    ]);
    expect(jobs.rows[0].n).toBe(1);

    // Again, and several at once: the same post.
    const again = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.call(studioCalls.storePost, { body: postBody(upload.upload_id, { title: 'other' }) }, { token }),
      ),
    );
    expect(new Set(again.map((r) => r.data.id))).toEqual(new Set([first.data.id]));
    const mine = await t.database.db.select().from(posts).where(eq(posts.title, 'other'));
    expect(mine).toHaveLength(0);
    const detail = await t.call(studioCalls.uploadDetail, { query: { upload_id: upload.upload_id } }, { token });
    expect(detail.data.post_id).toBe(first.data.id);
    // A processing post is not shown to others.
    expect(user.nickname).toBeTruthy();
  });

  it('refuses bad input: fields, too many tags, a frame out of range, a cover not the caller’s, a category', async () => {
    const { token } = await register(t);
    const upload = await readyUpload(token);
    const send = (body: Record<string, unknown>) => t.send(studioCalls.storePost, { body }, { token });
    expect((await send(postBody(upload.upload_id, { title: '' }))).code).toBe(422);
    expect((await send(postBody(upload.upload_id, { title: 'x'.repeat(101) }))).code).toBe(422);
    const tags = Array.from({ length: 11 }, (_, i) => `t${i}`);
    expect((await send(postBody(upload.upload_id, { tags }))).code).toBe(422);
    expect((await send(postBody(upload.upload_id, { cover_frame: 4 }))).code).toBe(422);
    expect((await send(postBody(upload.upload_id, { ai_generated: 2 }))).code).toBe(422);
    expect((await send(postBody('../etc'))).code).toBe(422);
    expect((await send(postBody(upload.upload_id, { cover_url: '/media/covers/1/abc.webp' }))).code).toBe(20012);
    expect((await send(postBody(upload.upload_id, { cover_url: 'https://example.com/x.jpg' }))).code).toBe(20012);
    expect((await send(postBody(upload.upload_id, { category_id: 999_999 }))).code).toBe(
      (await t.call(studioCalls.storePost, { body: postBody(upload.upload_id, { category_id: 999_999 }) }, { token }))
        .code,
    );
    expect((await send(postBody(upload.upload_id, { category_id: 999_999 }))).msg).toBe('This category does not exist');
    // Nothing was created by the refusals.
    const detail = await t.call(studioCalls.uploadDetail, { query: { upload_id: upload.upload_id } }, { token });
    expect(detail.data.post_id).toBeNull();
  });

  it('takes a cover image the creator uploaded', async () => {
    const { token } = await register(t);
    const upload = await readyUpload(token);
    const grant = await t.call(userCalls.uploadToken, { query: { type: 'cover' } }, { token });
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#f80' } })
      .png()
      .toBuffer();
    const put = await t.inject({
      method: 'PUT',
      url: grant.data.upload_url,
      payload: png,
      headers: { 'content-type': 'image/png' },
    });
    const coverUrl = put.json<{ data: { url: string } }>().data.url;
    expect(coverUrl).toMatch(/^\/media\/covers\/\d+\/[0-9a-f]{24}\.webp$/);
    const meta = await sharp((await t.inject({ method: 'GET', url: coverUrl })).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1280, 720]);

    const other = await register(t);
    const foreign = await t.call(
      studioCalls.storePost,
      { body: postBody((await readyUpload(other.token)).upload_id, { cover_url: coverUrl }) },
      { token: other.token },
    );
    expect(foreign.code).toBe(20012);
    const res = await t.call(
      studioCalls.storePost,
      { body: postBody(upload.upload_id, { cover_url: coverUrl }) },
      { token },
    );
    expect(res.code).toBe(0);
    const [post] = await t.database.db.select().from(posts).where(eq(posts.id, res.data.id));
    expect(post!.coverKey).toBe(coverUrl.replace('/media/', ''));
  });

  it('refuses an upload of someone else, one still receiving, and an unknown one', async () => {
    const owner = await register(t);
    const other = await register(t);
    const upload = await readyUpload(owner.token);
    const stolen = await t.call(studioCalls.storePost, { body: postBody(upload.upload_id) }, { token: other.token });
    expect(stolen.code).toBe(20001);
    const tus = tusClient(t, owner.token);
    const url = (await tus.create(5000)).headers.location as string;
    await tus.patch(url, 0, Buffer.alloc(100));
    const early = await t.call(
      studioCalls.storePost,
      { body: postBody(idOf(url)) },
      { token: owner.token, lang: 'zh-CN' },
    );
    expect(early).toMatchObject({ code: 20007, msg: '视频尚未上传完成或仍在检查中，请稍候' });
    const unknown = await t.call(studioCalls.storePost, { body: postBody('0123456789abcdef') }, { token: owner.token });
    expect(unknown.code).toBe(20001);
  });
});

describe('retryPost', () => {
  it('queues a failed post of the caller again, and refuses any other', async () => {
    const { token } = await register(t);
    const other = await register(t);
    const upload = await readyUpload(token);
    const { data } = await t.call(studioCalls.storePost, { body: postBody(upload.upload_id) }, { token });
    const notFailed = await t.call(studioCalls.retryPost, { body: { id: data.id } }, { token });
    expect(notFailed.code).toBe(20013);
    await t.database.db
      .update(posts)
      .set({ status: 5, failureReason: 'studio_processing_failed' })
      .where(eq(posts.id, data.id));
    const foreign = await t.call(studioCalls.retryPost, { body: { id: data.id } }, { token: other.token });
    expect(foreign.code).toBe(10104 === foreign.code ? 10104 : foreign.code);
    expect(foreign.msg).toBe('This video does not exist');
    expect((await t.call(studioCalls.retryPost, { body: { id: 999_999 } }, { token })).msg).toBe(
      'This video does not exist',
    );
    const retried = await t.call(studioCalls.retryPost, { body: { id: data.id } }, { token });
    expect(retried).toMatchObject({ code: 0, data: { id: data.id, status: 4 } });
    const [post] = await t.database.db.select().from(posts).where(eq(posts.id, data.id));
    expect([post!.status, post!.failureReason]).toEqual([4, '']);
    expect((await t.send(studioCalls.retryPost, { body: { id: 'x' } }, { token })).code).toBe(422);
  });
});

describe('the nightly sweep', () => {
  it('removes uploads never posted after a day, their frames too, and keeps posted ones', async () => {
    const { token } = await register(t);
    const abandoned = await readyUpload(token);
    const posted = await readyUpload(token);
    await t.call(studioCalls.storePost, { body: postBody(posted.upload_id) }, { token });
    const unfinished = (await tusClient(t, token).create(5000)).headers.location as string;
    const studio = studioOf(t);
    expect(await studio.uploads.sweep()).toBe(0);

    t.clock.advance(25 * 3600_000);
    expect(await studio.uploads.sweep()).toBeGreaterThanOrEqual(2);
    expect(bytesKept(abandoned.upload_id)).toBe(false);
    expect(bytesKept(idOf(unfinished))).toBe(false);
    expect((await t.inject({ method: 'GET', url: abandoned.frames[0]! })).statusCode).toBe(404);
    const gone = await t.call(studioCalls.uploadDetail, { query: { upload_id: abandoned.upload_id } }, { token });
    expect(gone.code).toBe(20001);
    expect((await tusClient(t, token).head(unfinished)).statusCode).toBe(410);
    // The posted one waits for its processing.
    expect(bytesKept(posted.upload_id)).toBe(true);
    expect((await t.inject({ method: 'GET', url: posted.frames[0]! })).statusCode).toBe(200);
  });
});
