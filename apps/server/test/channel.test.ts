import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelCalls as channel, opsVideoCalls as ops, POST_STATUS, videoCalls } from '@taice/contract';
import { users } from '../src/modules/accounts/accounts.schema';
import { categories, posts } from '../src/modules/videos/videos.schema';
import { register, type Registered } from './support/accounts';
import { operator, type Operator } from './support/operators';
import { categoryId, createPost, type NewPost } from './support/videos';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Operator;
let creator: Registered;
let other: Registered;
let member: Registered;

beforeAll(async () => {
  t = await createTestApp();
  [admin, creator, other, member] = await Promise.all([operator(t, 'admin'), register(t), register(t), register(t)]);
});
afterAll(() => t.close());

let words = 0;
/** A video of `creator` (by default) whose title holds a word found nowhere else. */
async function video(options: NewPost & { author?: Registered } = {}) {
  words += 1;
  const word = `Zephyrquill${String.fromCharCode(97 + (words % 26))}${words}`;
  const id = await createPost(t, (options.author ?? creator).user.id, { title: `${word} channel clip`, ...options });
  return { id, word };
}

const as = (who: Registered, lang?: string) => ({ token: who.token, ...(lang ? { lang } : {}) });

const counts = async (postId: number) => {
  const [row] = await t.database.db
    .select({ author: users.postNum, category: categories.postNum, status: posts.status })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .where(eq(posts.id, postId));
  return row!;
};

/** Where a member or a visitor can meet a video: the feeds, a category and the creator's lists, search. */
async function placesShowing(id: number, word: string) {
  const has = (list: { id: number }[]) => list.some((p) => p.id === id);
  const [visitorFeed, memberFeed, byCategory, byAuthor, found, memberFound, page] = await Promise.all([
    t.call(videoCalls.recommendPostList, { query: { page: 1, size: 50 } }),
    t.call(videoCalls.recommendPostList, { query: { page: 1, size: 50 } }, as(member)),
    t.call(videoCalls.postList, { query: { category_id: await categoryId(t), page: 1, size: 50 } }),
    t.call(videoCalls.postList, { query: { author_id: creator.user.id, page: 1, size: 50 } }),
    t.call(videoCalls.globalSearchV2, { query: { keyword: word } }),
    t.call(videoCalls.globalSearchV2, { query: { keyword: word } }, as(member)),
    t.call(videoCalls.postDetail, { query: { id } }),
  ]);
  return {
    visitorFeed: has(visitorFeed.data.list),
    memberFeed: has(memberFeed.data.list),
    category: has(byCategory.data.list),
    author: has(byAuthor.data.list),
    search: has(found.data.posts.list),
    memberSearch: has(memberFound.data.posts.list),
    page: page.code === 0,
  };
}
const everywhere = {
  visitorFeed: true,
  memberFeed: true,
  category: true,
  author: true,
  search: true,
  memberSearch: true,
  page: true,
};
const nowhere = Object.fromEntries(Object.keys(everywhere).map((k) => [k, false]));

const list = async (who: Registered, query: Record<string, unknown> = {}, lang?: string) => {
  const res = await t.send(channel.userPostList, { query: { size: 50, ...query } }, as(who, lang));
  if (res.code !== 0) throw new Error(`userPostList failed: ${res.msg}`);
  return res.data;
};
const upDown = (who: Registered, body: Record<string, unknown>, lang?: string) =>
  t.send(channel.upDown, { body }, as(who, lang));

describe('who may call', () => {
  it('refuses visitors on every call of the channel', async () => {
    const { id } = await video();
    const refusals = await Promise.all([
      t.call(channel.userPostList, { query: {} }),
      t.call(channel.userPostDetail, { query: { id } }),
      t.call(channel.delPost, { body: { id } }),
      t.call(channel.upDown, { body: { id, action: 'take_down' } }),
      t.call(channel.dataCount, { query: {} }),
      t.call(channel.dataReport, { query: {} }),
    ]);
    expect(refusals.map((r) => r.code)).toEqual([401, 401, 401, 401, 401, 401]);
    expect((await counts(id)).status).toBe(POST_STATUS.published);
  });

  it('answers someone else’s video as not found, and changes nothing', async () => {
    const { id } = await video();
    const before = await counts(id);
    const notYours = { code: 20201, msg: 'This video does not exist or is not one of yours', data: null };
    expect(await t.call(channel.userPostDetail, { query: { id } }, as(other))).toEqual(notYours);
    expect(await t.call(channel.delPost, { body: { id } }, as(other))).toEqual(notYours);
    expect(await upDown(other, { id, action: 'take_down' })).toEqual(notYours);
    expect(await t.call(channel.dataCount, { query: { post_id: id } }, as(other))).toEqual(notYours);
    expect(await t.call(channel.dataReport, { query: { post_id: id } }, as(other))).toEqual(notYours);
    expect((await list(other)).list.map((p) => p.id)).not.toContain(id);
    expect(await counts(id)).toEqual(before);
    const cn = await t.call(channel.userPostDetail, { query: { id } }, as(other, 'zh-CN'));
    expect(cn.msg).toBe('该视频不存在或不属于您');
    expect((await t.call(channel.userPostDetail, { query: { id: 2_000_000_000 } }, as(creator))).code).toBe(20201);
  });

  it('refuses bad input in the request’s language', async () => {
    const { id } = await video();
    const bad = [
      await t.send(channel.userPostList, { query: { status: 3 } }, as(creator)),
      await t.send(channel.userPostList, { query: { status: 'ready' } }, as(creator)),
      await t.send(channel.userPostList, { query: { size: 51 } }, as(creator)),
      await t.send(channel.userPostDetail, { query: { id: 'abc' } }, as(creator)),
      await t.send(channel.userPostDetail, { query: {} }, as(creator)),
      await t.send(channel.delPost, { body: { id: 0 } }, as(creator)),
      await t.send(channel.dataReport, { query: { days: 14 } }, as(creator)),
      await t.send(channel.dataCount, { query: { post_id: -1 } }, as(creator)),
      await upDown(creator, { id, status: 3 }),
    ];
    expect(bad.map((r) => r.code)).toEqual([422, 422, 422, 422, 422, 422, 422, 422, 422]);
    const missing = await upDown(creator, { id }, 'zh-TW');
    expect(missing).toMatchObject({ code: 20205, data: { field: 'action' } });
    expect(missing.msg).toContain('請指明下架');
    expect((await upDown(creator, { id, status: 1, action: 'take_down' })).code).toBe(20205);
    expect((await upDown(creator, { id, action: 'hide' })).code).toBe(422);
    expect((await counts(id)).status).toBe(POST_STATUS.published);
  });
});

describe('the creator’s videos', () => {
  it('lists every status but deleted, newest first, with figures, and filters by status', async () => {
    const author = await register(t);
    const ready = await video({ author });
    const down = await video({ author, status: POST_STATUS.taken_down });
    const processing = await video({ author, status: POST_STATUS.processing });
    const failed = await video({ author, status: POST_STATUS.failed });
    await video({ author, status: POST_STATUS.deleted });
    await video({ author: other });
    await t.database.db
      .update(posts)
      .set({ failureReason: 'studio_processing_failed', viewNum: 12, likeNum: 3, watchSeconds: 95.6 })
      .where(eq(posts.id, failed.id));
    await t.database.db.update(posts).set({ viewNum: 7, shareNum: 2 }).where(eq(posts.id, ready.id));

    const all = await list(author);
    expect(all.total).toBe(4);
    expect(all.list.map((p) => p.id)).toEqual([failed.id, processing.id, down.id, ready.id]);
    const byId = new Map(all.list.map((p) => [p.id, p]));
    expect(byId.get(ready.id)).toMatchObject({
      status: 1,
      status_name: 'published',
      can_take_down: 1,
      can_put_up: 0,
      taken_down_by: null,
      view_num: 7,
      share_num: 2,
      earned: 0,
      pool_paid: 0,
      failure_reason: '',
    });
    expect(byId.get(ready.id)!.published_at).not.toBeNull();
    expect(byId.get(ready.id)!.category_name).not.toBe('');
    expect(byId.get(down.id)).toMatchObject({
      status: 2,
      status_name: 'taken_down',
      taken_down_by: 'creator',
      can_put_up: 1,
      can_take_down: 0,
    });
    expect(byId.get(processing.id)).toMatchObject({ status: 4, status_name: 'processing', published_at: null });
    expect(byId.get(failed.id)).toMatchObject({
      status: 5,
      status_name: 'failed',
      view_num: 12,
      like_num: 3,
      watch_seconds: 96,
      published_at: null,
    });
    expect(byId.get(failed.id)!.failure_reason).toMatch(/processing|process/i);
    const cn = await list(author, { status: 5 }, 'zh-CN');
    expect(cn.list.map((p) => p.id)).toEqual([failed.id]);
    expect(cn.list[0]!.failure_reason).toBe('视频处理失败，请重试或上传其他文件');

    for (const [status, id] of [
      [1, ready.id],
      [2, down.id],
      [4, processing.id],
    ] as const) {
      expect((await list(author, { status })).list.map((p) => p.id)).toEqual([id]);
    }
    const paged = await list(author, { page: 2, size: 3 });
    expect(paged).toMatchObject({ total: 4, page: 2, size: 3, has_more: false });
    expect(paged.list.map((p) => p.id)).toEqual([ready.id]);
    expect((await list(await register(t))).total).toBe(0);
  });

  it('shows one video in full: media once ready, none while processing', async () => {
    const { id } = await video();
    await t.database.db
      .update(posts)
      .set({ tags: ['sea', 'boats'], aiGenerated: true, previewKey: 'test/preview.mp4', description: 'About boats' })
      .where(eq(posts.id, id));
    const res = await t.call(channel.userPostDetail, { query: { id } }, as(creator));
    expect(res.data).toMatchObject({
      id,
      status_name: 'published',
      description: 'About boats',
      tags: ['sea', 'boats'],
      ai_generated: 1,
      youtube_video_id: null,
      media: { width: 640, height: 360 },
    });
    expect(res.data.media.hls).toMatch(/index\.m3u8$/);
    expect(res.data.media.mp4).toMatch(/\.mp4$/);
    expect(res.data.media.preview).toMatch(/preview\.mp4$/);

    const processing = await video({ status: POST_STATUS.processing });
    const waiting = await t.call(channel.userPostDetail, { query: { id: processing.id } }, as(creator));
    expect(waiting.data).toMatchObject({ status: 4, media: { hls: '', mp4: '', preview: '', width: 0, height: 0 } });
    // Others never see it: it is in no feed and its page is not found.
    expect((await t.call(videoCalls.postDetail, { query: { id: processing.id } })).code).not.toBe(0);
  });
});

describe('taking down and putting up', () => {
  it('takes a video out of feeds, lists and search at once, and puts it back', async () => {
    const { id, word } = await video();
    expect(await placesShowing(id, word)).toEqual(everywhere);
    const before = await counts(id);

    const down = await upDown(creator, { id, status: 2 });
    expect(down.code).toBe(0);
    expect(down.data).toMatchObject({ id, status: 2, status_name: 'taken_down', taken_down_by: 'creator' });
    // No waiting for any cache: the visitors' pages kept a moment ago are dropped too.
    expect(await placesShowing(id, word)).toEqual(nowhere);
    expect(await counts(id)).toEqual({
      author: before.author - 1,
      category: before.category - 1,
      status: POST_STATUS.taken_down,
    });
    // Still the creator's, with its status.
    expect((await list(creator, { status: 2 })).list.map((p) => p.id)).toContain(id);

    // Asking again answers it as it is.
    const again = await upDown(creator, { id, action: 'take_down' });
    expect(again.data).toMatchObject({ id, status: 2 });
    expect(await counts(id)).toMatchObject({ author: before.author - 1, category: before.category - 1 });

    const up = await upDown(creator, { id, action: 'put_up' });
    expect(up.data).toMatchObject({ id, status: 1, status_name: 'published', can_take_down: 1 });
    expect(await placesShowing(id, word)).toEqual(everywhere);
    expect(await counts(id)).toEqual(before);
    expect((await upDown(creator, { id, status: 1 })).data.status).toBe(1);
    expect(await counts(id)).toEqual(before);
  });

  it('never puts up a video an operator took down, saying why', async () => {
    const { id, word } = await video();
    const reason = 'It shows copyrighted footage';
    await t.call(ops.opsVideoTakeDown, { body: { id, reason } }, { token: admin.token });
    const down = await counts(id);

    const mineNow = (await list(creator, { status: 2 })).list.find((p) => p.id === id)!;
    expect(mineNow).toMatchObject({
      taken_down_by: 'operator',
      moderation_reason: reason,
      can_put_up: 0,
      can_take_down: 0,
    });
    const refused = await upDown(creator, { id, action: 'put_up' });
    expect(refused).toEqual({
      code: 20202,
      msg: `This video was taken down by the platform (${reason}) and only the platform can put it back up`,
      data: null,
    });
    expect((await upDown(creator, { id, status: 1 }, 'zh-CN')).msg).toBe(
      `该视频已被平台下架（${reason}），只有平台可以重新上架`,
    );
    expect(await counts(id)).toEqual(down);
    expect(await placesShowing(id, word)).toEqual(nowhere);
    // Taking it down again changes nothing.
    expect((await upDown(creator, { id, action: 'take_down' })).data.taken_down_by).toBe('operator');

    // Once an operator put it back up, it is the creator's to take down and put up again.
    await t.call(ops.opsVideoPutUp, { body: { id, reason: 'Licence shown' } }, { token: admin.token });
    expect((await upDown(creator, { id, action: 'take_down' })).data.taken_down_by).toBe('creator');
    expect((await upDown(creator, { id, action: 'put_up' })).data.status).toBe(1);
  });

  it('only moves between published and taken down', async () => {
    const processing = await video({ status: POST_STATUS.processing });
    const failed = await video({ status: POST_STATUS.failed });
    for (const { id } of [processing, failed]) {
      expect((await upDown(creator, { id, action: 'take_down' })).code).toBe(20203);
      expect((await upDown(creator, { id, action: 'put_up' })).code).toBe(20204);
    }
    expect((await upDown(creator, { id: failed.id, action: 'put_up' }, 'zh-TW')).msg).toBe(
      '只有您自己下架的影片可以重新上架',
    );
    expect((await counts(processing.id)).status).toBe(POST_STATUS.processing);
    expect((await counts(failed.id)).status).toBe(POST_STATUS.failed);
  });

  it('counts once when the same take-down arrives many times at once', async () => {
    const { id } = await video();
    const before = await counts(id);
    const results = await Promise.all(Array.from({ length: 8 }, () => upDown(creator, { id, action: 'take_down' })));
    expect(results.map((r) => r.code)).toEqual(Array(8).fill(0));
    expect(await counts(id)).toEqual({
      author: before.author - 1,
      category: before.category - 1,
      status: POST_STATUS.taken_down,
    });
  });
});

describe('deleting', () => {
  it('deletes a published video: it leaves feeds, search, the lists and the counts at once', async () => {
    const { id, word } = await video();
    expect(await placesShowing(id, word)).toEqual(everywhere);
    const before = await counts(id);
    const res = await t.call(channel.delPost, { body: { id } }, as(creator));
    expect(res).toMatchObject({ code: 0, data: { id, status: 3 } });
    expect(await placesShowing(id, word)).toEqual(nowhere);
    expect(await counts(id)).toEqual({ author: before.author - 1, category: before.category - 1, status: 3 });
    expect((await list(creator)).list.map((p) => p.id)).not.toContain(id);
    expect((await t.call(channel.userPostDetail, { query: { id } }, as(creator))).code).toBe(20201);
    expect((await upDown(creator, { id, action: 'put_up' })).code).toBe(20201);

    // Deleting twice answers the same and counts nothing more.
    const again = await t.call(channel.delPost, { body: { id } }, as(creator));
    expect(again).toMatchObject({ code: 0, data: { id, status: 3 } });
    expect(await counts(id)).toEqual({ author: before.author - 1, category: before.category - 1, status: 3 });
    // Someone else still gets not found, deleted or not.
    expect((await t.call(channel.delPost, { body: { id } }, as(other))).code).toBe(20201);
  });

  it('deletes a video of any other status without touching the published counts', async () => {
    for (const status of [POST_STATUS.taken_down, POST_STATUS.processing, POST_STATUS.failed]) {
      const { id } = await video({ status });
      const before = await counts(id);
      expect((await t.call(channel.delPost, { body: { id } }, as(creator))).data.status).toBe(3);
      expect(await counts(id)).toEqual({ ...before, status: 3 });
    }
    // Even an operator's take-down: the creator may delete their video.
    const { id } = await video();
    await t.call(ops.opsVideoTakeDown, { body: { id, reason: 'Spam' } }, { token: admin.token });
    expect((await t.call(channel.delPost, { body: { id } }, as(creator))).code).toBe(0);
  });

  it('deletes once when many requests arrive at once', async () => {
    const { id } = await video();
    const before = await counts(id);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.call(channel.delPost, { body: { id } }, as(creator))),
    );
    expect(results.every((r) => r.code === 0 && r.data.status === 3)).toBe(true);
    expect(await counts(id)).toEqual({ author: before.author - 1, category: before.category - 1, status: 3 });
  });
});
