import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMMENT_MAX_LENGTH, MAX_INTERESTS, POST_STATUS, videoCalls, type CallDef } from '@taice/contract';
import { users } from '../src/modules/accounts/accounts.schema';
import { comments, posts, userInterests } from '../src/modules/videos/videos.schema';
import { createTestApp, type TestApp } from './support/test-app';
import { freshIp, register, type Registered } from './support/accounts';
import { categoryId, createPost } from './support/videos';

let t: TestApp;
let author: Registered;
let viewer: Registered;

beforeAll(async () => {
  t = await createTestApp();
  [author, viewer] = [await register(t), await register(t)];
});
afterAll(() => t.close());

// Raw input: most requests here are malformed on purpose.
const post = <C extends CallDef>(def: C, body: Record<string, unknown>, who?: Registered, lang?: string) =>
  t.send(def, { body }, { ...(who ? { token: who.token } : {}), lang });
const get = <C extends CallDef>(def: C, query: Record<string, unknown>, who?: Registered) =>
  t.send(def, { query }, who ? { token: who.token } : {});

async function postRow(id: number) {
  const [row] = await t.database.db.select().from(posts).where(eq(posts.id, id));
  return row!;
}

async function setStatus(id: number, status: number) {
  await t.database.db.update(posts).set({ status }).where(eq(posts.id, id));
}

describe('logging in', () => {
  it('answers 401 to visitors on every call that needs an account, whatever the input', async () => {
    // Each call that needs a login refuses a visitor: see needs-login.test.ts.
    const id = await createPost(t, author.user.id);
    expect(await post(videoCalls.like, { id }, { ...viewer, token: 'not-a-token' })).toMatchObject({ code: 401 });
    expect(await get(videoCalls.collectLog, {})).toMatchObject({ code: 401 });
    // Whose follows? A visitor must say.
    expect(await get(videoCalls.followLog, {})).toEqual({ code: 401, msg: 'please Log!', data: null });
    expect(await get(videoCalls.followLog, { type: 'fans' })).toMatchObject({ code: 401 });
    expect((await get(videoCalls.followLog, { id: author.user.id })).code).toBe(0);
    expect((await postRow(id)).likeNum).toBe(0);
  });
});

describe('input', () => {
  it('names the field that is missing or malformed', async () => {
    const cases: [CallDef, Record<string, unknown>, string][] = [
      [videoCalls.like, {}, 'id'],
      [videoCalls.like, { id: 'abc' }, 'id'],
      [videoCalls.dislike, { id: 0 }, 'id'],
      [videoCalls.collect, { id: -3 }, 'id'],
      [videoCalls.comment, { content: 'no video' }, 'id'],
      [videoCalls.comment, { id: 1, content: 'x', parent_id: 'first' }, 'parent_id'],
      [videoCalls.commentDel, { id: 1.5 }, 'id'],
      [videoCalls.follow, { id: 'me' }, 'id'],
      [videoCalls.share, { id: 1, channel: 'sms' }, 'channel'],
      [videoCalls.interestSubmit, {}, 'ids'],
      [videoCalls.interestSubmit, { ids: ['music'] }, 'ids.0'],
      [videoCalls.interestSubmit, { ids: Array.from({ length: MAX_INTERESTS + 1 }, (_, i) => i + 1) }, 'ids'],
    ];
    for (const [def, body, field] of cases) {
      const res = await post(def, body, viewer);
      expect(res, `${def.path} ${JSON.stringify(body)}`).toMatchObject({ code: 422, data: { field } });
      expect(res.msg.startsWith(`${field}: `)).toBe(true);
    }
    expect(await post(videoCalls.addShareReceiveLog, { share_code: ' ' })).toEqual({
      code: 422,
      msg: 'share_code: is required',
      data: { field: 'share_code' },
    });
    expect(await get(videoCalls.followLog, { type: 'friends' }, viewer)).toEqual({
      code: 422,
      msg: 'type: must be one of: follow, fans',
      data: { field: 'type' },
    });
    expect(await get(videoCalls.commentList, {})).toMatchObject({ code: 422, data: { field: 'id' } });
    expect(await get(videoCalls.commentReplyList, { id: 1 })).toMatchObject({
      code: 422,
      data: { field: 'comment_id' },
    });
    expect(await get(videoCalls.creatorDetail, { id: 'x' })).toMatchObject({ code: 422, data: { field: 'id' } });
  });

  it('refuses pages larger than 50 or before the first', async () => {
    const id = await createPost(t, author.user.id);
    const { data: c } = await post(videoCalls.comment, { id, content: 'paged' }, viewer);
    const lists: [CallDef, Record<string, unknown>][] = [
      [videoCalls.collectLog, {}],
      [videoCalls.commentList, { id }],
      [videoCalls.commentReplyList, { comment_id: c.id }],
      [videoCalls.creatorList, {}],
      [videoCalls.followLog, {}],
    ];
    for (const [def, query] of lists) {
      expect(await get(def, { ...query, size: 51 }, viewer), def.path).toEqual({
        code: 422,
        msg: 'size: must be at most 50',
        data: { field: 'size' },
      });
      expect(await get(def, { ...query, page: 0 }, viewer)).toMatchObject({ code: 422, data: { field: 'page' } });
      expect(await get(def, { ...query, size: 50 }, viewer)).toMatchObject({ code: 0, data: { size: 50 } });
    }
  });
});

describe('comments', () => {
  it('asks for content in the request language when it is empty', async () => {
    const id = await createPost(t, author.user.id);
    for (const content of ['', '   ', undefined]) {
      expect(await post(videoCalls.comment, { id, content }, viewer)).toEqual({
        code: 13003,
        msg: 'Please enter some content!',
        data: { field: 'content' },
      });
    }
    expect((await post(videoCalls.comment, { id, content: ' ' }, viewer, 'zh-CN')).msg).toBe('请输入评论内容！');
    expect((await post(videoCalls.comment, { id, content: '' }, viewer, 'zh-TW')).msg).toBe('請輸入留言內容！');
    expect((await postRow(id)).commentNum).toBe(0);
  });

  it('refuses a comment longer than the limit and accepts one at the limit', async () => {
    const id = await createPost(t, author.user.id);
    const tooLong = await post(videoCalls.comment, { id, content: '长'.repeat(COMMENT_MAX_LENGTH + 1) }, viewer);
    expect(tooLong).toEqual({
      code: 13004,
      msg: 'The comment is too long (at most 500 characters)',
      data: { field: 'content' },
    });
    expect(
      (await post(videoCalls.comment, { id, content: 'x'.repeat(COMMENT_MAX_LENGTH + 1) }, viewer, 'zh-CN')).msg,
    ).toBe('评论过长（最多 500 个字符）');
    expect((await post(videoCalls.comment, { id, content: '长'.repeat(COMMENT_MAX_LENGTH) }, viewer)).code).toBe(0);
    expect((await postRow(id)).commentNum).toBe(1);
  });

  it('refuses to delete someone else’s comment and leaves it in place', async () => {
    const id = await createPost(t, author.user.id);
    const { data: c } = await post(videoCalls.comment, { id, content: 'mine' }, viewer);
    const { data: reply } = await post(videoCalls.comment, { id, content: 'reply', parent_id: c.id }, author);
    // Not even the video's author may delete a viewer's comment.
    expect(await post(videoCalls.commentDel, { id: c.id }, author)).toEqual({
      code: 13006,
      msg: 'You can only delete your own comments',
      data: null,
    });
    expect((await post(videoCalls.commentDel, { id: reply.id }, viewer, 'zh-CN')).msg).toBe('只能删除自己的评论');
    const [row] = await t.database.db.select().from(comments).where(eq(comments.id, c.id));
    expect(row).toMatchObject({ deletedAt: null, replyNum: 1 });
    expect((await get(videoCalls.commentList, { id })).data.total).toBe(1);
    expect((await postRow(id)).commentNum).toBe(2);
  });

  it('says a comment does not exist when it is unknown, deleted or on another video', async () => {
    const id = await createPost(t, author.user.id);
    const elsewhere = await createPost(t, author.user.id);
    const { data: c } = await post(videoCalls.comment, { id, content: 'soon gone' }, viewer);
    const { data: there } = await post(videoCalls.comment, { id: elsewhere, content: 'there' }, viewer);
    const notFound = { code: 13005, msg: 'This comment does not exist', data: null };
    expect(await post(videoCalls.commentDel, { id: 999_999 }, viewer)).toEqual(notFound);
    expect(await post(videoCalls.commentLike, { id: 999_999 }, viewer)).toEqual(notFound);
    expect(await post(videoCalls.comment, { id, content: 'x', parent_id: there.id }, viewer)).toEqual(notFound);
    expect(await post(videoCalls.comment, { id, content: 'x', parent_id: 999_999 }, viewer)).toEqual(notFound);
    expect(await post(videoCalls.commentDel, { id: c.id }, viewer)).toMatchObject({ code: 0 });
    expect(await post(videoCalls.commentDel, { id: c.id }, viewer)).toEqual(notFound);
    expect(await post(videoCalls.commentLike, { id: c.id }, author)).toEqual(notFound);
    expect(await post(videoCalls.commentDislike, { id: c.id }, author)).toEqual(notFound);
    expect(await post(videoCalls.comment, { id, content: 'late reply', parent_id: c.id }, author)).toEqual(notFound);
    expect(await get(videoCalls.commentReplyList, { comment_id: c.id })).toEqual(notFound);
    expect(await get(videoCalls.commentReplyList, { comment_id: 999_999 })).toEqual(notFound);
    expect((await postRow(id)).commentNum).toBe(0);
    expect((await postRow(elsewhere)).commentNum).toBe(1);
  });
});

describe('videos that are unknown, deleted or taken down', () => {
  it('says an unknown or deleted video does not exist', async () => {
    const deleted = await createPost(t, author.user.id, { status: POST_STATUS.deleted });
    const notFound = { code: 13001, msg: 'This video does not exist', data: null };
    for (const id of [999_999, deleted]) {
      expect(await post(videoCalls.like, { id }, viewer)).toEqual(notFound);
      expect(await post(videoCalls.dislike, { id }, viewer)).toEqual(notFound);
      expect(await post(videoCalls.collect, { id }, viewer)).toEqual(notFound);
      expect(await post(videoCalls.comment, { id, content: 'hello' }, viewer)).toEqual(notFound);
      expect(await post(videoCalls.share, { id }, viewer)).toEqual(notFound);
      expect(await get(videoCalls.commentList, { id })).toEqual(notFound);
    }
    expect((await post(videoCalls.like, { id: 999_999 }, viewer, 'zh-CN')).msg).toBe('该视频不存在');
  });

  it('answers post_unavailable for a taken-down video and changes nothing', async () => {
    const id = await createPost(t, author.user.id);
    const { data: c } = await post(videoCalls.comment, { id, content: 'before' }, viewer);
    const { data: shared } = await post(videoCalls.share, { id }, viewer);
    await post(videoCalls.collect, { id }, viewer);
    await setStatus(id, POST_STATUS.taken_down);
    const before = await postRow(id);

    const unavailable = { code: 13002, msg: 'This video is no longer available', data: null };
    const refused = [
      await post(videoCalls.like, { id }, viewer),
      await post(videoCalls.dislike, { id }, viewer),
      await post(videoCalls.collect, { id }, viewer),
      await post(videoCalls.comment, { id, content: 'after' }, viewer),
      await post(videoCalls.comment, { id, content: 'after', parent_id: c.id }, author),
      await post(videoCalls.commentLike, { id: c.id }, author),
      await post(videoCalls.commentDislike, { id: c.id }, author),
      await post(videoCalls.share, { id }, author),
      await post(videoCalls.addShareReceiveLog, { share_code: shared.share_code }, author),
      await get(videoCalls.commentList, { id }),
      await get(videoCalls.commentReplyList, { comment_id: c.id }),
    ];
    for (const res of refused) expect(res).toEqual(unavailable);
    expect((await post(videoCalls.like, { id }, viewer, 'zh-CN')).msg).toBe('该视频已下架');
    expect(await postRow(id)).toEqual(before);
    // The collection leaves it out, and one may still delete one's own comment.
    expect((await get(videoCalls.collectLog, {}, viewer)).data.total).toBe(0);
    expect((await post(videoCalls.commentDel, { id: c.id }, viewer)).code).toBe(0);
  });
});

describe('shares', () => {
  it('refuses an unknown share code', async () => {
    expect(await post(videoCalls.addShareReceiveLog, { share_code: 'nope-nope-nope' })).toEqual({
      code: 13008,
      msg: 'This share link is not valid',
      data: null,
    });
  });
});

describe('follows and creators', () => {
  it('refuses to follow oneself or someone unknown', async () => {
    expect(await post(videoCalls.follow, { id: viewer.user.id }, viewer)).toEqual({
      code: 13007,
      msg: 'You cannot follow yourself',
      data: null,
    });
    expect((await post(videoCalls.follow, { id: viewer.user.id }, viewer, 'zh-CN')).msg).toBe('不能关注自己');
    expect(await post(videoCalls.follow, { id: 999_999 }, viewer)).toEqual({
      code: 11017,
      msg: 'This user does not exist',
      data: null,
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, viewer.user.id));
    expect([row!.followerNum, row!.followingNum]).toEqual([0, 0]);
  });

  it('says an unknown user has no follows and no creator page', async () => {
    expect(await get(videoCalls.followLog, { id: 999_999 }, viewer)).toMatchObject({ code: 11017 });
    expect(await get(videoCalls.creatorDetail, { id: 999_999 })).toMatchObject({ code: 11017 });
  });
});

describe('interests', () => {
  it('refuses unknown categories and keeps the previous choice', async () => {
    const music = await categoryId(t, 'music');
    expect((await post(videoCalls.interestSubmit, { ids: [music] }, viewer)).code).toBe(0);
    expect(await post(videoCalls.interestSubmit, { ids: [music, 999_999] }, viewer)).toEqual({
      code: 13010,
      msg: 'This category does not exist',
      data: null,
    });
    const rows = await t.database.db.select().from(userInterests).where(eq(userInterests.userId, viewer.user.id));
    expect(rows.map((r) => r.categoryId)).toEqual([music]);
  });
});

describe('write limits', () => {
  it('a user posting comments or shares too fast is asked to wait, others are not', async () => {
    const spammer = await register(t);
    const other = await register(t);
    const postId = await createPost(t, spammer.user.id);
    const results = [];
    for (let i = 0; i < 31; i++) {
      results.push(
        await t.call(
          videoCalls.comment,
          { body: { id: postId, content: `spam ${i}` } },
          { token: spammer.token, ip: freshIp() },
        ),
      );
    }
    expect(results.slice(0, 30).every((r) => r.code === 0)).toBe(true);
    expect(results[30]).toMatchObject({ code: 429 });
    expect(results[30]!.msg).toMatch(/^Too many requests, please try again in \d+ s$/);
    expect(
      (await t.call(videoCalls.share, { body: { id: postId } }, { token: spammer.token, ip: freshIp() })).code,
    ).toBe(429);
    expect((await t.call(videoCalls.share, { body: { id: postId } }, { token: other.token })).code).toBe(0);
  });
});
