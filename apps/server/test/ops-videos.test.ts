import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messageCalls,
  MODERATION_REASON_MAX_LENGTH,
  opsVideoCalls as ops,
  POST_STATUS,
  videoCalls,
} from '@taice/contract';
import { users } from '../src/modules/accounts/accounts.schema';
import { auditLog } from '../src/modules/operators/operators.schema';
import { categories, posts } from '../src/modules/videos/videos.schema';
import { register, type Registered } from './support/accounts';
import { operator, type Operator } from './support/operators';
import { categoryId, createPost } from './support/videos';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Operator;
let support: Operator;
let member: Registered;
let creator: Registered;

beforeAll(async () => {
  t = await createTestApp();
  [admin, support, member, creator] = await Promise.all([
    operator(t, 'admin'),
    operator(t, 'support'),
    register(t),
    register(t),
  ]);
});
afterAll(() => t.close());

let words = 0;
/** A published video of `creator` whose title holds a word found nowhere else. */
async function video() {
  words += 1;
  const word = `Quokkaflux${String.fromCharCode(97 + words)}`;
  const id = await createPost(t, creator.user.id, { title: `${word} test clip` });
  return { id, word };
}

const audits = (postId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'post'), eq(auditLog.targetId, String(postId))))
    .orderBy(auditLog.id);

const counts = async (postId: number) => {
  const [row] = await t.database.db
    .select({ author: users.postNum, category: categories.postNum, status: posts.status })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .where(eq(posts.id, postId));
  return row!;
};

async function creatorMessages(lang = 'en_US') {
  const res = await t.call(messageCalls.messageList, { query: {} }, { token: creator.token, lang });
  return res.data.list;
}

/** Where a member or a visitor can meet a video: the feeds, a category and the creator's lists, search. */
async function placesShowing(id: number, word: string) {
  const has = (list: { id: number }[]) => list.some((p) => p.id === id);
  const category = await categoryId(t);
  const [visitorFeed, memberFeed, byCategory, byAuthor, found, memberFound] = await Promise.all([
    t.call(videoCalls.recommendPostList, { query: { page: 1, size: 50 } }),
    t.call(videoCalls.recommendPostList, { query: { page: 1, size: 50 } }, { token: member.token }),
    t.call(videoCalls.postList, { query: { category_id: category, page: 1, size: 50 } }),
    t.call(videoCalls.postList, { query: { author_id: creator.user.id, page: 1, size: 50 } }),
    t.call(videoCalls.globalSearchV2, { query: { keyword: word } }),
    t.call(videoCalls.globalSearchV2, { query: { keyword: word } }, { token: member.token }),
  ]);
  return {
    visitorFeed: has(visitorFeed.data.list),
    memberFeed: has(memberFeed.data.list),
    category: has(byCategory.data.list),
    author: has(byAuthor.data.list),
    search: has(found.data.posts.list),
    memberSearch: has(memberFound.data.posts.list),
  };
}

const everywhere = {
  visitorFeed: true,
  memberFeed: true,
  category: true,
  author: true,
  search: true,
  memberSearch: true,
};
const nowhere = Object.fromEntries(Object.keys(everywhere).map((k) => [k, false]));

describe('who may moderate', () => {
  it('refuses visitors and members; support may find, take down and put up', async () => {
    const { id } = await video();
    const body = { id, reason: 'Spam' };
    expect((await t.call(ops.opsVideos, { query: {} })).code).toBe(401);
    expect((await t.call(ops.opsVideoTakeDown, { body })).code).toBe(401);
    expect((await t.call(ops.opsVideos, { query: {} }, { token: member.token })).code).toBe(403);
    expect((await t.call(ops.opsVideoTakeDown, { body }, { token: member.token })).code).toBe(403);
    expect((await t.call(ops.opsVideoPutUp, { body }, { token: member.token })).code).toBe(403);
    expect((await counts(id)).status).toBe(POST_STATUS.published);
    expect(await audits(id)).toEqual([]);

    expect((await t.call(ops.opsVideos, { query: { q: String(id) } }, { token: support.token })).code).toBe(0);
    const down = await t.call(ops.opsVideoTakeDown, { body }, { token: support.token });
    expect(down.data.status).toBe('taken_down');
    const up = await t.call(ops.opsVideoPutUp, { body: { id, reason: 'Checked again' } }, { token: support.token });
    expect(up.data.status).toBe('published');
  });

  it('refuses an operator whose session has not passed the second factor', async () => {
    const unverified = await register(t);
    const { operatorsAdmin } = await import('../src/modules/operators/operators.admin');
    await operatorsAdmin(t.database.db).grant(unverified.email, 'admin');
    const res = await t.call(ops.opsVideos, { query: {} }, { token: unverified.token });
    expect(res.code).toBe(19001);
  });
});

describe('finding videos', () => {
  it('finds a video by id, a piece of its title, its creator’s name or uuid, of any status', async () => {
    const { id, word } = await video();
    const other = await createPost(t, creator.user.id, { title: 'Hidden one', status: POST_STATUS.taken_down });
    const find = async (query: Record<string, unknown>) =>
      (await t.call(ops.opsVideos, { query }, { token: admin.token })).data;

    const byId = await find({ q: String(id) });
    expect(byId.list[0]).toMatchObject({
      id,
      status: 'published',
      author: { id: creator.user.id, uuid: creator.user.uuid },
      moderation: null,
    });
    expect(byId.list[0]!.category_name).not.toBe('');
    expect((await find({ q: word.toLowerCase() })).list.map((v) => v.id)).toEqual([id]);
    const mine = await find({ q: creator.user.uuid, size: 50 });
    expect(mine.list.map((v) => v.id)).toEqual(expect.arrayContaining([id, other]));
    const nickname = await find({ q: creator.user.nickname, size: 50 });
    expect(nickname.list.map((v) => v.id)).toContain(other);

    const down = await find({ author_id: creator.user.id, status: 'taken_down', size: 50 });
    expect(down.list.map((v) => v.id)).toContain(other);
    expect(down.list.every((v) => v.status === 'taken_down')).toBe(true);
    // A wildcard of SQL is just a character here.
    expect((await find({ q: '%' })).total).toBe(0);
  });

  it('pages newest first with the total', async () => {
    const first = await t.call(ops.opsVideos, { query: { page: 1, size: 2 } }, { token: admin.token });
    expect(first.data.list).toHaveLength(2);
    expect(first.data.list[0]!.id).toBeGreaterThan(first.data.list[1]!.id);
    expect(first.data.total).toBeGreaterThan(2);
    expect(first.data.has_more).toBe(true);
    const past = await t.call(ops.opsVideos, { query: { page: 500, size: 50 } }, { token: admin.token });
    expect(past.data).toMatchObject({ list: [], total: first.data.total, has_more: false });
  });

  it('refuses bad filters', async () => {
    expect((await t.send(ops.opsVideos, { query: { status: 'hidden' } }, { token: admin.token })).code).toBe(422);
    expect((await t.send(ops.opsVideos, { query: { q: 'x'.repeat(51) } }, { token: admin.token })).code).toBe(422);
  });
});

describe('taking a video down', () => {
  it('takes it out of feeds, lists and search at once and tells its creator why', async () => {
    const { id, word } = await video();
    expect(await placesShowing(id, word)).toEqual(everywhere);
    const before = await counts(id);

    const reason = 'It shows copyrighted footage without permission.';
    const res = await t.call(ops.opsVideoTakeDown, { body: { id, reason } }, { token: admin.token });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ id, status: 'taken_down', moderation: { action: 'take_down', reason } });
    expect(res.data.moderation!.by).toBe(String(admin.user.id));

    // No waiting for any cache: the visitors' feed page kept a moment ago is dropped too.
    expect(await placesShowing(id, word)).toEqual(nowhere);
    expect((await t.call(videoCalls.postDetail, { query: { id } })).code).toBe(13002);
    expect(await counts(id)).toEqual({
      author: before.author - 1,
      category: before.category - 1,
      status: POST_STATUS.taken_down,
    });

    const [told] = await creatorMessages();
    expect(told).toMatchObject({ template: 'video_taken_down', title: 'Your video was taken down' });
    expect(told!.content).toContain(`${word} test clip`);
    expect(told!.content).toContain(reason);
    const [toldCn] = await creatorMessages('zh-CN');
    expect(toldCn!.title).toBe('您的视频已被下架');

    const [row] = await audits(id);
    expect(row).toMatchObject({
      action: 'video.take_down',
      actor: String(admin.user.id),
      role: 'admin',
      before: { status: 'published' },
      after: { status: 'taken_down', reason },
    });
  });

  it('refuses a second take-down, writing nothing more', async () => {
    const { id } = await video();
    await t.call(ops.opsVideoTakeDown, { body: { id, reason: 'Spam' } }, { token: admin.token });
    const after = await counts(id);
    const messages = (await creatorMessages()).length;
    const again = await t.call(ops.opsVideoTakeDown, { body: { id, reason: 'Spam' } }, { token: admin.token });
    expect(again).toEqual({ code: 13015, msg: 'This video is already taken down', data: null });
    expect(await counts(id)).toEqual(after);
    expect((await creatorMessages()).length).toBe(messages);
    expect(await audits(id)).toHaveLength(1);
  });

  it('takes a video down once when two operators do it at the same moment', async () => {
    const { id } = await video();
    const before = await counts(id);
    const messages = (await creatorMessages()).length;
    const results = await Promise.all(
      [admin, support, admin].map((op) =>
        t.call(ops.opsVideoTakeDown, { body: { id, reason: 'Duplicate upload' } }, { token: op.token }),
      ),
    );
    expect(results.map((r) => r.code).sort()).toEqual([0, 13015, 13015]);
    expect(await counts(id)).toMatchObject({ author: before.author - 1, category: before.category - 1 });
    expect((await creatorMessages()).length).toBe(messages + 1);
    expect(await audits(id)).toHaveLength(1);
  });

  it('refuses unknown and deleted videos and a missing or too long reason', async () => {
    const deleted = await createPost(t, creator.user.id, { status: POST_STATUS.deleted });
    const call = (body: Record<string, unknown>) => t.send(ops.opsVideoTakeDown, { body }, { token: admin.token });
    expect((await call({ id: 2_000_000_000, reason: 'x' })).code).toBe(13001);
    expect((await call({ id: deleted, reason: 'x' })).code).toBe(13001);
    const { id } = await video();
    expect((await call({ id })).code).toBe(422);
    expect((await call({ id, reason: '   ' })).code).toBe(422);
    expect((await call({ id, reason: 'x'.repeat(MODERATION_REASON_MAX_LENGTH + 1) })).code).toBe(422);
    expect((await counts(id)).status).toBe(POST_STATUS.published);
    expect(await audits(id)).toEqual([]);
  });
});

describe('putting a video back up', () => {
  it('brings it back everywhere and tells its creator', async () => {
    const { id, word } = await video();
    const before = await counts(id);
    await t.call(ops.opsVideoTakeDown, { body: { id, reason: 'Reported as spam' } }, { token: admin.token });
    const res = await t.call(
      ops.opsVideoPutUp,
      { body: { id, reason: 'The report was mistaken' } },
      { token: admin.token },
    );
    expect(res.data).toMatchObject({
      status: 'published',
      moderation: { action: 'put_up', reason: 'The report was mistaken' },
    });
    expect(await placesShowing(id, word)).toEqual(everywhere);
    expect((await t.call(videoCalls.postDetail, { query: { id } })).code).toBe(0);
    expect(await counts(id)).toEqual(before);
    const [told] = await creatorMessages('zh-TW');
    expect(told).toMatchObject({ template: 'video_put_up', title: '您的影片已恢復' });
    expect(told!.content).toContain('The report was mistaken');
    expect((await audits(id)).map((a) => a.action)).toEqual(['video.take_down', 'video.put_up']);
  });

  it('refuses a video that is not taken down', async () => {
    const { id } = await video();
    const res = await t.call(ops.opsVideoPutUp, { body: { id, reason: 'x' } }, { token: admin.token });
    expect(res).toEqual({ code: 13016, msg: 'This video is not taken down', data: null });
    expect(await audits(id)).toEqual([]);
  });
});
