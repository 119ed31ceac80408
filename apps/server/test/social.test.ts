import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import {
  POST_STATUS,
  videoCalls,
  type CallBody,
  type CallData,
  type CallDef,
  type CallQuery,
  type Creator,
  type Envelope,
} from '@taice/contract';
import { users } from '../src/modules/accounts/accounts.schema';
import { createVideoEvents, type VideoEventMap } from '../src/modules/videos/video-events';
import {
  commentReactions,
  comments,
  creatorProfiles,
  follows,
  postCollects,
  postReactions,
  posts,
  shareReceives,
  shares,
  userInterests,
} from '../src/modules/videos/videos.schema';
import { createTestApp, type CallInput, type TestApp } from './support/test-app';
import { register, type Registered } from './support/accounts';
import { categoryId, createPost } from './support/videos';

type Emitted = { [K in keyof VideoEventMap]: { name: K; event: VideoEventMap[K] } }[keyof VideoEventMap];

const events = createVideoEvents();
const emitted: Emitted[] = [];
let failLikes = false;
events.on('videoLiked', async (_tx, event) => {
  if (failLikes) throw new Error('listener failed');
  emitted.push({ name: 'videoLiked', event });
});
events.on('commentPosted', async (_tx, event) => void emitted.push({ name: 'commentPosted', event }));
events.on('videoShared', async (_tx, event) => void emitted.push({ name: 'videoShared', event }));
events.on('shareReceived', async (_tx, event) => void emitted.push({ name: 'shareReceived', event }));

let t: TestApp;
let author: Registered;
let viewer: Registered;
let other: Registered;

beforeAll(async () => {
  t = await createTestApp({ videoEvents: events });
  [author, viewer, other] = [await register(t), await register(t), await register(t)];
});
afterAll(() => t.close());

const as = (who: Registered) => ({ token: who.token });
const post = <C extends CallDef>(def: C, body: CallBody<C>, who?: Registered) =>
  t.call(def, { body } as CallInput<C>, who ? as(who) : {});
const get = <C extends CallDef>(def: C, query: CallQuery<C> | Record<string, never>, who?: Registered) =>
  t.call(def, { query } as CallInput<C>, who ? as(who) : {});

async function postRow(id: number) {
  const [row] = await t.database.db.select().from(posts).where(eq(posts.id, id));
  return row!;
}

async function userRow(id: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** Counts of rows, to compare with the counters. */
async function rowCount(table: typeof postReactions | typeof postCollects, postId: number, kind?: number) {
  const db = t.database.db;
  if (table === postReactions) {
    const [row] = await db
      .select({ n: count() })
      .from(postReactions)
      .where(and(eq(postReactions.postId, postId), eq(postReactions.kind, kind!)));
    return row!.n;
  }
  const [row] = await db.select({ n: count() }).from(postCollects).where(eq(postCollects.postId, postId));
  return row!.n;
}

function eventsNamed<K extends keyof VideoEventMap>(name: K): VideoEventMap[K][] {
  return emitted.filter((e) => e.name === name).map((e) => e.event as VideoEventMap[K]);
}

describe('likes and dislikes', () => {
  it('toggles a like, replaces it with a dislike and back, keeping counts true', async () => {
    const id = await createPost(t, author.user.id);
    const { like, dislike } = videoCalls;
    const steps: [typeof like | typeof dislike, CallData<typeof like>][] = [
      [like, { is_like: 1, is_dislike: 0, like_num: 1, dislike_num: 0 }],
      [dislike, { is_like: 0, is_dislike: 1, like_num: 0, dislike_num: 1 }],
      [like, { is_like: 1, is_dislike: 0, like_num: 1, dislike_num: 0 }],
      [like, { is_like: 0, is_dislike: 0, like_num: 0, dislike_num: 0 }],
      [dislike, { is_like: 0, is_dislike: 1, like_num: 0, dislike_num: 1 }],
      [dislike, { is_like: 0, is_dislike: 0, like_num: 0, dislike_num: 0 }],
    ];
    for (const [call, expected] of steps) {
      expect(await post(call, { id }, viewer)).toEqual({ code: 0, msg: 'success', data: expected });
    }
    await post(videoCalls.like, { id }, viewer);
    const both = await post(videoCalls.like, { id: String(id) }, other);
    expect(both.data).toEqual({ is_like: 1, is_dislike: 0, like_num: 2, dislike_num: 0 });
    const row = await postRow(id);
    expect([row.likeNum, row.dislikeNum]).toEqual([2, 0]);
    expect(await rowCount(postReactions, id, 1)).toBe(2);
  });

  it('announces a like (not an unlike, not a dislike) inside the transaction', async () => {
    const id = await createPost(t, author.user.id);
    const before = eventsNamed('videoLiked').length;
    await post(videoCalls.like, { id }, viewer);
    await post(videoCalls.like, { id }, viewer);
    await post(videoCalls.dislike, { id }, viewer);
    await post(videoCalls.like, { id }, viewer);
    const liked = eventsNamed('videoLiked').slice(before);
    expect(liked).toEqual([
      { userId: viewer.user.id, postId: id, at: t.clock.now() },
      { userId: viewer.user.id, postId: id, at: t.clock.now() },
    ]);

    // A listener that fails takes the like back with it.
    const id2 = await createPost(t, author.user.id);
    failLikes = true;
    try {
      expect((await post(videoCalls.like, { id: id2 }, viewer)).code).toBe(500);
    } finally {
      failLikes = false;
    }
    expect((await postRow(id2)).likeNum).toBe(0);
    expect(await rowCount(postReactions, id2, 1)).toBe(0);
  });
});

describe('Liked Videos (collect)', () => {
  it('toggles and lists the collection, last added first, without taken-down videos', async () => {
    const user = await register(t);
    const ids = [await createPost(t, author.user.id), await createPost(t, author.user.id)];
    ids.push(await createPost(t, author.user.id));
    for (const id of ids) {
      t.clock.advance(1000);
      expect(await post(videoCalls.collect, { id }, user)).toMatchObject({
        code: 0,
        data: { is_collect: 1, collect_num: 1 },
      });
    }
    const other2 = await post(videoCalls.collect, { id: ids[0] }, viewer);
    expect(other2.data).toEqual({ is_collect: 1, collect_num: 2 });

    const all = await get(videoCalls.collectLog, {}, user);
    expect(all.data.list.map((c) => c.id)).toEqual([...ids].reverse());
    expect(all.data).toMatchObject({ total: 3, page: 1, size: 20, has_more: false });
    expect(new Date(all.data.list[0]!.collected_at).getTime()).toBe(t.clock.now().getTime());
    expect(all.data.list[0]).toMatchObject({ author: { id: author.user.id } });

    const second = await get(videoCalls.collectLog, { page: 2, size: 2 }, user);
    expect(second.data).toMatchObject({ total: 3, page: 2, size: 2, has_more: false });
    expect(second.data.list.map((c) => c.id)).toEqual([ids[0]]);
    expect((await get(videoCalls.collectLog, { size: 2 }, user)).data.has_more).toBe(true);

    await t.database.db.update(posts).set({ status: POST_STATUS.taken_down }).where(eq(posts.id, ids[1]!));
    const after = await get(videoCalls.collectLog, {}, user);
    expect(after.data.list.map((c) => c.id)).toEqual([ids[2], ids[0]]);
    expect(after.data.total).toBe(2);

    expect((await post(videoCalls.collect, { id: ids[2] }, user)).data).toEqual({ is_collect: 0, collect_num: 0 });
    expect((await get(videoCalls.collectLog, {}, user)).data.list.map((c) => c.id)).toEqual([ids[0]]);
    expect((await postRow(ids[0]!)).collectNum).toBe(await rowCount(postCollects, ids[0]!));
  });
});

describe('comments and replies', () => {
  it('posts comments, replies and replies to replies, and lists them for each viewer', async () => {
    const id = await createPost(t, author.user.id);
    const first = await post(videoCalls.comment, { id, content: '  First!  ' }, viewer);
    expect(first).toMatchObject({ code: 0, msg: 'success' });
    expect(first.data).toEqual({
      id: expect.any(Number),
      post_id: id,
      parent_id: 0,
      content: 'First!',
      user: { id: viewer.user.id, uuid: viewer.user.uuid, nickname: viewer.user.nickname, avatar: '' },
      reply_to: null,
      like_num: 0,
      dislike_num: 0,
      reply_num: 0,
      is_like: 0,
      is_dislike: 0,
      is_mine: 1,
      created_at: t.clock.now().toISOString(),
    });
    t.clock.advance(1000);
    const second = await post(videoCalls.comment, { id, content: '第二条评论' }, other);
    t.clock.advance(1000);
    const reply = await post(videoCalls.comment, { id, content: 'a reply', parent_id: first.data.id }, author);
    expect(reply.data).toMatchObject({ parent_id: first.data.id, reply_to: null, is_mine: 1 });
    t.clock.advance(1000);
    const replyToReply = await post(
      videoCalls.comment,
      { id, content: 'answering the author', parent_id: reply.data.id },
      other,
    );
    expect(replyToReply.data).toMatchObject({
      parent_id: first.data.id,
      reply_to: { id: author.user.id, nickname: author.user.nickname },
    });

    // Newest first, with reply counts and the viewer's own flags.
    const mine = await get(videoCalls.commentList, { id }, viewer);
    expect(mine.data).toMatchObject({ total: 2, has_more: false });
    expect(mine.data.list.map((c) => [c.id, c.reply_num, c.is_mine])).toEqual([
      [second.data.id, 0, 0],
      [first.data.id, 2, 1],
    ]);
    const visitor = await get(videoCalls.commentList, { id });
    expect(visitor.data.list.map((c) => c.is_mine)).toEqual([0, 0]);
    expect(visitor.data.list.map((c) => c.content)).toEqual(['第二条评论', 'First!']);

    const replies = await get(videoCalls.commentReplyList, { comment_id: first.data.id }, other);
    expect(replies.data.list.map((c) => [c.id, c.is_mine, c.reply_to?.id ?? null])).toEqual([
      [reply.data.id, 0, null],
      [replyToReply.data.id, 1, author.user.id],
    ]);
    const paged = await get(videoCalls.commentReplyList, { comment_id: first.data.id, size: 1, page: 2 });
    expect(paged.data).toMatchObject({ total: 2, page: 2, size: 1, has_more: false });
    expect(paged.data.list.map((c) => c.id)).toEqual([replyToReply.data.id]);

    expect((await postRow(id)).commentNum).toBe(4);
    const posted = eventsNamed('commentPosted').filter((e) => e.postId === id);
    expect(posted.map((e) => [e.userId, e.commentId, e.parentId])).toEqual([
      [viewer.user.id, first.data.id, null],
      [other.user.id, second.data.id, null],
      [author.user.id, reply.data.id, first.data.id],
      [other.user.id, replyToReply.data.id, first.data.id],
    ]);
  });

  it('toggles likes and dislikes on a comment and shows them to the viewer only', async () => {
    const id = await createPost(t, author.user.id);
    const { data: c } = await post(videoCalls.comment, { id, content: 'like me' }, author);
    expect((await post(videoCalls.commentLike, { id: c.id }, viewer)).data).toEqual({
      is_like: 1,
      is_dislike: 0,
      like_num: 1,
      dislike_num: 0,
    });
    expect((await post(videoCalls.commentDislike, { id: c.id }, other)).data).toEqual({
      is_like: 0,
      is_dislike: 1,
      like_num: 1,
      dislike_num: 1,
    });
    const seen = async (who?: Registered) => (await get(videoCalls.commentList, { id }, who)).data.list[0]!;
    expect(await seen(viewer)).toMatchObject({ is_like: 1, is_dislike: 0, like_num: 1, dislike_num: 1 });
    expect(await seen(other)).toMatchObject({ is_like: 0, is_dislike: 1 });
    expect(await seen()).toMatchObject({ is_like: 0, is_dislike: 0, is_mine: 0 });

    expect((await post(videoCalls.commentDislike, { id: c.id }, viewer)).data).toEqual({
      is_like: 0,
      is_dislike: 1,
      like_num: 0,
      dislike_num: 2,
    });
    expect((await post(videoCalls.commentDislike, { id: c.id }, viewer)).data).toMatchObject({ dislike_num: 1 });
    expect((await post(videoCalls.commentLike, { id: c.id }, other)).data).toMatchObject({
      like_num: 1,
      dislike_num: 0,
    });
    const [reactionRows] = await t.database.db
      .select({ n: count() })
      .from(commentReactions)
      .where(eq(commentReactions.commentId, c.id));
    expect(reactionRows!.n).toBe(1);
  });

  it('deletes a reply, then a comment with its remaining replies, keeping every count true', async () => {
    const id = await createPost(t, author.user.id);
    const { data: top } = await post(videoCalls.comment, { id, content: 'top' }, viewer);
    const { data: keep } = await post(videoCalls.comment, { id, content: 'stays' }, other);
    const { data: r1 } = await post(videoCalls.comment, { id, content: 'r1', parent_id: top.id }, other);
    const { data: r2 } = await post(videoCalls.comment, { id, content: 'r2', parent_id: r1.id }, viewer);
    await post(videoCalls.comment, { id, content: 'r3', parent_id: top.id }, author);
    expect((await postRow(id)).commentNum).toBe(5);

    expect(await post(videoCalls.commentDel, { id: r1.id }, other)).toEqual({ code: 0, msg: 'success', data: null });
    const replies = await get(videoCalls.commentReplyList, { comment_id: top.id });
    expect(replies.data.list.map((c) => c.content)).toEqual(['r2', 'r3']);
    expect((await get(videoCalls.commentList, { id })).data.list.find((c) => c.id === top.id)).toMatchObject({
      reply_num: 2,
    });
    expect((await postRow(id)).commentNum).toBe(4);

    expect((await post(videoCalls.commentDel, { id: top.id }, viewer)).code).toBe(0);
    const list = await get(videoCalls.commentList, { id });
    expect(list.data.list.map((c) => c.id)).toEqual([keep.id]);
    expect(list.data.total).toBe(1);
    expect((await postRow(id)).commentNum).toBe(1);
    // The replies went with it, including r2 whose author did not delete it.
    expect((await post(videoCalls.commentLike, { id: r2.id }, author)).code).toBe(13005);
    await expectCountersTrue(id);
  });
});

/** Every counter of a post and its comments equals the rows it counts. */
async function expectCountersTrue(postId: number) {
  const db = t.database.db;
  const row = await postRow(postId);
  expect(row.likeNum).toBe(await rowCount(postReactions, postId, 1));
  expect(row.dislikeNum).toBe(await rowCount(postReactions, postId, -1));
  expect(row.collectNum).toBe(await rowCount(postCollects, postId));
  const [visible] = await db
    .select({ n: count() })
    .from(comments)
    .where(and(eq(comments.postId, postId), isNull(comments.deletedAt)));
  expect(row.commentNum).toBe(visible!.n);
  const wrong = await db.execute(sql`
    select c.id from ${comments} c
    where c.post_id = ${postId} and c.reply_num <> (
      select count(*) from ${comments} r where r.parent_id = c.id and r.deleted_at is null)`);
  expect(wrong.rows).toEqual([]);
  const wrongLikes = await db.execute(sql`
    select c.id from ${comments} c
    where c.post_id = ${postId} and (
      c.like_num <> (select count(*) from ${commentReactions} x where x.comment_id = c.id and x.kind = 1) or
      c.dislike_num <> (select count(*) from ${commentReactions} x where x.comment_id = c.id and x.kind = -1))`);
  expect(wrongLikes.rows).toEqual([]);
  const orphans = await db.execute(sql`
    select r.id from ${comments} r join ${comments} p on p.id = r.parent_id
    where r.post_id = ${postId} and r.deleted_at is null and p.deleted_at is not null`);
  expect(orphans.rows).toEqual([]);
}

describe('sharing', () => {
  it('hands out an unguessable link per share and counts it', async () => {
    const id = await createPost(t, author.user.id);
    const before = eventsNamed('videoShared').length;
    const first = await post(videoCalls.share, { id, channel: 'telegram' }, viewer);
    expect(first.data.share_code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(first.data).toEqual({
      share_code: first.data.share_code,
      share_num: 1,
      path: `/videoDetail?id=${id}&share=${first.data.share_code}`,
    });
    const visitor = await post(videoCalls.share, { id });
    expect(visitor.data.share_num).toBe(2);
    expect(visitor.data.share_code).not.toBe(first.data.share_code);
    const [stored] = await t.database.db.select().from(shares).where(eq(shares.code, visitor.data.share_code));
    expect(stored).toMatchObject({ userId: null, channel: 'copy', postId: id });
    expect((await postRow(id)).shareNum).toBe(2);
    // Only the logged-in sharer's share is announced.
    expect(eventsNamed('videoShared').slice(before)).toEqual([
      { userId: viewer.user.id, postId: id, shareId: expect.any(Number), channel: 'telegram', at: t.clock.now() },
    ]);
  });

  it('counts an opened link once per viewer, never for the sharer', async () => {
    const id = await createPost(t, author.user.id);
    const { data } = await post(videoCalls.share, { id }, viewer);
    const code = data.share_code;
    const before = eventsNamed('shareReceived').length;
    const open = (who: Registered | null, device = 'test-device') =>
      t.call(
        videoCalls.addShareReceiveLog,
        { body: { share_code: code } },
        { ...(who ? as(who) : {}), sign: { device_id: device } },
      );
    expect(await open(viewer)).toEqual({ code: 0, msg: 'success', data: { counted: 0 } });
    expect((await open(other)).data).toEqual({ counted: 1 });
    expect((await open(other, 'another-device')).data).toEqual({ counted: 0 });
    expect((await open(null, 'device-a')).data).toEqual({ counted: 1 });
    expect((await open(null, 'device-a')).data).toEqual({ counted: 0 });
    expect((await open(null, 'device-b')).data).toEqual({ counted: 1 });
    const [share] = await t.database.db.select().from(shares).where(eq(shares.code, code));
    expect(share!.receiveNum).toBe(3);
    const [rows] = await t.database.db
      .select({ n: count() })
      .from(shareReceives)
      .where(eq(shareReceives.shareId, share!.id));
    expect(rows!.n).toBe(3);
    expect(eventsNamed('shareReceived').slice(before)).toEqual([
      { sharerId: viewer.user.id, postId: id, shareId: share!.id, viewerUserId: other.user.id, at: t.clock.now() },
      { sharerId: viewer.user.id, postId: id, shareId: share!.id, viewerUserId: null, at: t.clock.now() },
      { sharerId: viewer.user.id, postId: id, shareId: share!.id, viewerUserId: null, at: t.clock.now() },
    ]);

    // A visitor's share counts its openings but pays nobody.
    const { data: anon } = await post(videoCalls.share, { id });
    const received = eventsNamed('shareReceived').length;
    const counted = await t.call(videoCalls.addShareReceiveLog, { body: { share_code: anon.share_code } }, as(other));
    expect(counted.data).toEqual({ counted: 1 });
    expect(eventsNamed('shareReceived').length).toBe(received);
  });
});

describe('follows', () => {
  it('toggles a follow and keeps both users’ counts true', async () => {
    const [a, b] = [await register(t), await register(t)];
    expect(await post(videoCalls.follow, { id: b.user.id }, a)).toEqual({
      code: 0,
      msg: 'success',
      data: { is_follow: 1, be_follow_num: 1 },
    });
    expect((await post(videoCalls.follow, { id: b.user.id }, viewer)).data).toEqual({ is_follow: 1, be_follow_num: 2 });
    expect((await post(videoCalls.follow, { id: a.user.id }, b)).data).toEqual({ is_follow: 1, be_follow_num: 1 });
    expect([(await userRow(b.user.id)).followerNum, (await userRow(b.user.id)).followingNum]).toEqual([2, 1]);
    expect((await post(videoCalls.follow, { id: b.user.id }, a)).data).toEqual({ is_follow: 0, be_follow_num: 1 });
    const rowA = await userRow(a.user.id);
    expect([rowA.followerNum, rowA.followingNum]).toEqual([1, 0]);
  });

  it('lists whom a user follows and who follows them, for the viewer or anyone', async () => {
    const [owner, x, y] = [await register(t), await register(t), await register(t)];
    await post(videoCalls.follow, { id: x.user.id }, owner);
    t.clock.advance(1000);
    await post(videoCalls.follow, { id: y.user.id }, owner);
    await post(videoCalls.follow, { id: owner.user.id }, x);
    t.clock.advance(1000);
    await post(videoCalls.follow, { id: y.user.id }, viewer);
    await createPost(t, y.user.id);

    const mine = await get(videoCalls.followLog, {}, owner);
    expect(mine.data).toMatchObject({ total: 2, has_more: false });
    expect(mine.data.list.map((r) => [r.id, r.is_follow, r.be_follow_num, r.post_num])).toEqual([
      [y.user.id, 1, 2, 1],
      [x.user.id, 1, 1, 0],
    ]);
    expect(mine.data.list[0]!.followed_at).toBe(new Date(t.clock.now().getTime() - 1000).toISOString());

    // The same list seen by someone else: is_follow is theirs.
    const seen = await get(videoCalls.followLog, { id: owner.user.id, type: 'follow' }, viewer);
    expect(seen.data.list.map((r) => [r.id, r.is_follow])).toEqual([
      [y.user.id, 1],
      [x.user.id, 0],
    ]);
    const byVisitor = await get(videoCalls.followLog, { id: owner.user.id, size: 1 });
    expect(byVisitor.data).toMatchObject({ total: 2, size: 1, has_more: true });
    expect(byVisitor.data.list.map((r) => [r.id, r.is_follow])).toEqual([[y.user.id, 0]]);

    const fans = await get(videoCalls.followLog, { type: 'fans', id: y.user.id }, owner);
    expect(fans.data.list.map((r) => [r.id, r.is_follow])).toEqual([
      [viewer.user.id, 0],
      [owner.user.id, 0],
    ]);
    const myFans = await get(videoCalls.followLog, { type: 'fans' }, owner);
    expect(myFans.data.list.map((r) => [r.id, r.is_follow])).toEqual([[x.user.id, 1]]);
  });
});

describe('creators', () => {
  async function allCreators(who?: Registered): Promise<Creator[]> {
    const found: Creator[] = [];
    for (let page = 1; ; page += 1) {
      const res = await get(videoCalls.creatorList, { page, size: 50 }, who);
      found.push(...res.data.list);
      if (!res.data.has_more) return found;
    }
  }

  it('lists creators with published videos, most followed first, with the viewer’s follow', async () => {
    const [c1, c2, fan, noPosts] = [await register(t), await register(t), await register(t), await register(t)];
    const p1 = await createPost(t, c1.user.id);
    await createPost(t, c2.user.id);
    await createPost(t, c2.user.id, { status: POST_STATUS.taken_down });
    await t.database.db.update(posts).set({ viewNum: 7 }).where(eq(posts.id, p1));
    await post(videoCalls.follow, { id: c2.user.id }, fan);
    await post(videoCalls.follow, { id: c2.user.id }, viewer);
    await post(videoCalls.follow, { id: c1.user.id }, fan);
    await post(videoCalls.follow, { id: noPosts.user.id }, fan);

    const list = await allCreators(fan);
    const ids = list.map((c) => c.id);
    expect(ids).not.toContain(noPosts.user.id);
    expect(ids.indexOf(c2.user.id)).toBeLessThan(ids.indexOf(c1.user.id));
    const followers = list.map((c) => c.be_follow_num);
    expect(followers).toEqual([...followers].sort((x, y) => y - x));
    expect(list.find((c) => c.id === c1.user.id)).toEqual({
      id: c1.user.id,
      uuid: c1.user.uuid,
      nickname: c1.user.nickname,
      avatar: '',
      be_follow_num: 1,
      is_follow: 1,
      post_num: 1,
      follow_num: 0,
      view_num: 7,
    });
    expect(list.find((c) => c.id === c2.user.id)).toMatchObject({ be_follow_num: 2, post_num: 1, is_follow: 1 });
    expect((await allCreators()).find((c) => c.id === c2.user.id)?.is_follow).toBe(0);

    await t.database.db.insert(creatorProfiles).values({ userId: c1.user.id, description: 'I film trains' });
    const detail = await get(videoCalls.creatorDetail, { id: c1.user.id }, fan);
    expect(detail).toEqual({
      code: 0,
      msg: 'success',
      data: {
        id: c1.user.id,
        uuid: c1.user.uuid,
        nickname: c1.user.nickname,
        avatar: '',
        be_follow_num: 1,
        is_follow: 1,
        post_num: 1,
        follow_num: 0,
        view_num: 7,
        description: 'I film trains',
        created_at: (await userRow(c1.user.id)).createdAt.toISOString(),
      },
    });
    const plain = await get(videoCalls.creatorDetail, { id: fan.user.id });
    expect(plain.data).toMatchObject({ description: '', is_follow: 0, post_num: 0, follow_num: 3 });
  });
});

describe('interests', () => {
  it('lists categories with the viewer’s choice and replaces it on submit', async () => {
    const user = await register(t);
    const [music, food, tech] = [
      await categoryId(t, 'music'),
      await categoryId(t, 'food'),
      await categoryId(t, 'tech'),
    ];
    const initial = await get(videoCalls.interestList, {}, user);
    expect(initial.data.length).toBeGreaterThanOrEqual(8);
    expect(initial.data.every((c) => c.is_selected === 0)).toBe(true);
    expect(initial.data.find((c) => c.id === music)).toMatchObject({ key: 'music', name: 'Music' });

    expect(await post(videoCalls.interestSubmit, { ids: [music, food, music] }, user)).toEqual({
      code: 0,
      msg: 'success',
      data: [music, food],
    });
    const chosen = await t.call(videoCalls.interestList, {}, { ...as(user), lang: 'zh-CN' });
    expect(new Set(chosen.data.filter((c) => c.is_selected).map((c) => c.id))).toEqual(new Set([music, food]));
    expect(chosen.data.find((c) => c.id === music)?.name).toBe('音乐');
    // Someone else and visitors see their own (empty) choice.
    expect((await get(videoCalls.interestList, {}, viewer)).data.some((c) => c.is_selected)).toBe(false);
    expect((await get(videoCalls.interestList, {})).data.some((c) => c.is_selected)).toBe(false);

    await post(videoCalls.interestSubmit, { ids: [tech] }, user);
    const rows = await t.database.db.select().from(userInterests).where(eq(userInterests.userId, user.user.id));
    expect(rows.map((r) => r.categoryId)).toEqual([tech]);
    await post(videoCalls.interestSubmit, { ids: [] }, user);
    expect((await get(videoCalls.interestList, {}, user)).data.some((c) => c.is_selected)).toBe(false);
  });
});

describe('under concurrency', () => {
  const parallel = <T>(n: number, make: (i: number) => Promise<T>) =>
    Promise.all(Array.from({ length: n }, (_, i) => make(i)));

  it('twenty parallel likes of one user cancel out; parallel collects leave an odd count collected', async () => {
    const id = await createPost(t, author.user.id);
    const likes = await parallel(20, () => post(videoCalls.like, { id }, viewer));
    expect(likes.map((r) => r.code)).toEqual(Array(20).fill(0));
    expect((await postRow(id)).likeNum).toBe(0);
    expect(await rowCount(postReactions, id, 1)).toBe(0);
    await parallel(7, () => post(videoCalls.collect, { id }, viewer));
    expect((await postRow(id)).collectNum).toBe(1);
    expect(await rowCount(postCollects, id)).toBe(1);
  });

  it('keeps like, dislike and collect counts equal to the rows after mixed toggles by several users', async () => {
    const id = await createPost(t, author.user.id);
    const people = [viewer, other, author];
    const presses = await parallel(45, (i) =>
      post([videoCalls.like, videoCalls.dislike, videoCalls.collect][i % 3]!, { id }, people[(i >> 1) % 3]!),
    );
    expect(presses.every((r) => r.code === 0)).toBe(true);
    await expectCountersTrue(id);
  });

  it('keeps comment and reply counts true under parallel comments, replies, reactions and deletions', async () => {
    const id = await createPost(t, author.user.id);
    const people = [viewer, other, author];
    const { data: top } = await post(videoCalls.comment, { id, content: 'top' }, viewer);
    const posted = await parallel(24, (i) =>
      post(videoCalls.comment, { id, content: `c${i}`, ...(i % 2 ? { parent_id: top.id } : {}) }, people[i % 3]!),
    );
    expect(posted.every((r) => r.code === 0)).toBe(true);
    // Deleting top-level comments while replies and reactions still arrive.
    for (let round = 0; round < 3; round += 1) {
      const { data: doomed } = await post(videoCalls.comment, { id, content: `doomed${round}` }, viewer);
      const mixed = await parallel<Envelope<unknown>>(20, (i) => {
        if (i === 6) return post(videoCalls.commentDel, { id: doomed.id }, viewer);
        if (i % 4 === 3)
          return post(i % 8 === 3 ? videoCalls.commentLike : videoCalls.commentDislike, { id: top.id }, people[i % 3]!);
        return post(videoCalls.comment, { id, content: `late${i}`, parent_id: doomed.id }, people[i % 3]!);
      });
      for (const r of mixed) expect([0, 13005]).toContain(r.code);
      expect(mixed[6]!.code).toBe(0);
      await expectCountersTrue(id);
    }
    const list = await get(videoCalls.commentList, { id });
    expect(list.data.total).toBe(13);
    expect(list.data.list.find((c) => c.id === top.id)?.reply_num).toBe(12);
  });

  it('keeps follower and following counts true when users follow each other in parallel', async () => {
    const crowd = [await register(t), await register(t), await register(t), await register(t)];
    const presses = await parallel(48, (i) => {
      const from = crowd[i % 4]!;
      const to = crowd[(i + 1 + (i >> 2)) % 4]!;
      return from === to ? Promise.resolve({ code: 0 }) : post(videoCalls.follow, { id: to.user.id }, from);
    });
    expect(presses.every((r) => r.code === 0)).toBe(true);
    for (const person of crowd) {
      const row = await userRow(person.user.id);
      const [followers] = await t.database.db
        .select({ n: count() })
        .from(follows)
        .where(eq(follows.followeeId, person.user.id));
      const [following] = await t.database.db
        .select({ n: count() })
        .from(follows)
        .where(eq(follows.followerId, person.user.id));
      expect([row.followerNum, row.followingNum]).toEqual([followers!.n, following!.n]);
    }
  });
});
