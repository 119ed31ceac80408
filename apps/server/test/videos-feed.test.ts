import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { POST_STATUS, videoCalls, type CallData } from '@taice/contract';
import { users } from '../src/modules/accounts/accounts.schema';
import { createFeeds } from '../src/modules/videos/feeds.service';
import { createPostCards } from '../src/modules/videos/post-cards';
import { follows, posts, userInterests } from '../src/modules/videos/videos.schema';
import { register, type Registered } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';
import { categoryId, createPost } from './support/videos';

let t: TestApp;
let creator: Registered;

beforeAll(async () => {
  t = await createTestApp();
  creator = await register(t);
});
afterAll(() => t.close());

const word = () => `zq${randomBytes(4).toString('hex')}`;

async function watchToEnd(viewer: Registered, postId: number, duration: number) {
  const open = await t.call(videoCalls.addViewLog, { body: { id: postId } }, { token: viewer.token });
  for (let watched = 0; watched < duration; watched += 15) {
    t.clock.advance(15_000);
    await t.call(
      videoCalls.addViewLog,
      { body: { id: postId, session_id: open.data.session_id } },
      { token: viewer.token },
    );
  }
}

describe('post/detail', () => {
  it('gives media, counts, the author and the viewer state', async () => {
    const postId = await createPost(t, creator.user.id, { title: 'Detail me', description: 'All about it' });
    const visitor = await t.call(videoCalls.postDetail, { query: { id: postId } });
    expect(visitor.code).toBe(0);
    expect(visitor.data).toMatchObject({
      id: postId,
      title: 'Detail me',
      description: 'All about it',
      duration: 60,
      is_like: 0,
      is_collect: 0,
      author: { id: creator.user.id, is_follow: 0 },
    });
    expect(visitor.data.media.mp4).toMatch(/^\/media\/test\/\d+\.mp4$/);
    expect(visitor.data.media.hls).toMatch(/\.m3u8$/);
    expect(visitor.data.cover).toMatch(/^\/media\//);
    expect(visitor.data.category_name).not.toBe('');

    const fan = await register(t);
    await t.database.db.insert(follows).values({ followerId: fan.user.id, followeeId: creator.user.id });
    const mine = await t.call(videoCalls.postDetail, { query: { id: postId } }, { token: fan.token });
    expect(mine.data.author.is_follow).toBe(1);
  });

  it('names the category in the request language', async () => {
    const postId = await createPost(t, creator.user.id, { categoryId: await categoryId(t, 'music') });
    expect((await t.call(videoCalls.postDetail, { query: { id: postId } })).data.category_name).toBe('Music');
    const cn = await t.call(videoCalls.postDetail, { query: { id: postId } }, { lang: 'zh-CN' });
    expect(cn.data.category_name).toBe('音乐');
  });

  it('a taken-down video gives a clear error, a deleted or unknown one "does not exist"', async () => {
    const down = await createPost(t, creator.user.id, { status: POST_STATUS.taken_down });
    const deleted = await createPost(t, creator.user.id, { status: POST_STATUS.deleted });
    expect(await t.call(videoCalls.postDetail, { query: { id: down } })).toMatchObject({
      code: 13002,
      msg: 'This video is no longer available',
      data: null,
    });
    expect((await t.call(videoCalls.postDetail, { query: { id: down } }, { lang: 'zh-TW' })).msg).toBe('此影片已下架');
    expect((await t.call(videoCalls.postDetail, { query: { id: deleted } })).code).toBe(13001);
    expect((await t.call(videoCalls.postDetail, { query: { id: 2_000_000_000 } })).code).toBe(13001);
    const bad = await t.call(videoCalls.postDetail, { query: { id: 'x' } });
    expect(bad.code).toBe(422);
    expect(bad.msg).toContain('id');
  });
});

describe('feeds', () => {
  it('the recommended feed pages without repeats and never shows unpublished videos', async () => {
    const hidden = await createPost(t, creator.user.id, { status: POST_STATUS.taken_down });
    for (let i = 0; i < 5; i++) await createPost(t, creator.user.id);
    t.clock.advance(31_000); // past the cached pages and total
    const seen: number[] = [];
    let page = 1;
    let res: CallData<typeof videoCalls.recommendPostList>;
    do {
      res = (await t.call(videoCalls.recommendPostList, { query: { page, size: 7 } })).data;
      seen.push(...res.list.map((p) => p.id));
      page += 1;
    } while (res.has_more);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(res.total);
    expect(seen).not.toContain(hidden);
    const [published] = await t.database.db.$count(posts, eq(posts.status, POST_STATUS.published)).then((n) => [n]);
    expect(res.total).toBe(published);
  });

  it('ranks by engagement and recency; a member sees followed creators and interests first, without finished videos', async () => {
    const star = await register(t);
    const now = t.clock.now();
    const popular = await createPost(t, creator.user.id, { publishedAt: now });
    await t.database.db.update(posts).set({ likeNum: 500, viewNum: 5_000 }).where(eq(posts.id, popular));
    t.clock.advance(11_000); // visitors' pages are cached for 10 s
    const res = await t.call(videoCalls.recommendPostList, { query: { size: 3 } });
    expect(res.data.list[0]!.id).toBe(popular);

    // Same age and engagement: only the boosts tell them apart.
    const fan = await register(t);
    const followed = await createPost(t, star.user.id, { publishedAt: now });
    await t.database.db.insert(follows).values({ followerId: fan.user.id, followeeId: star.user.id });
    const interest = await categoryId(t, 'food');
    const liked = await createPost(t, creator.user.id, { categoryId: interest, publishedAt: now });
    await t.database.db.insert(userInterests).values({ userId: fan.user.id, categoryId: interest });
    // Created last, so it wins the tie for visitors.
    const plain = await createPost(t, creator.user.id, { publishedAt: now });
    const personal = await t.call(videoCalls.recommendPostList, { query: { size: 50 } }, { token: fan.token });
    const order = personal.data.list.map((p) => p.id);
    expect(order.indexOf(followed)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(followed)).toBeLessThan(order.indexOf(liked));
    expect(order.indexOf(liked)).toBeLessThan(order.indexOf(plain));
    t.clock.advance(11_000);
    const visitorOrder = (await t.call(videoCalls.recommendPostList, { query: { size: 50 } })).data.list.map(
      (p) => p.id,
    );
    expect(visitorOrder.indexOf(plain)).toBeLessThan(visitorOrder.indexOf(liked));
    expect(visitorOrder.indexOf(liked)).toBeLessThan(visitorOrder.indexOf(followed));

    await watchToEnd(fan, followed, 60);
    const after = await t.call(videoCalls.recommendPostList, { query: { size: 50 } }, { token: fan.token });
    expect(after.data.list.map((p) => p.id)).not.toContain(followed);
    const top = await t.call(videoCalls.recommendPost, { query: { size: 2 } }, { token: fan.token });
    expect(top.data).toHaveLength(2);
    expect(top.data.map((p) => p.id)).toEqual(after.data.list.slice(0, 2).map((p) => p.id));
  });

  it('lists a category or an author newest first, and pages within the limit', async () => {
    const author = await register(t);
    const travel = await categoryId(t, 'travel');
    const old = await createPost(t, author.user.id, { categoryId: travel, publishedAt: new Date('2026-01-01') });
    const fresh = await createPost(t, author.user.id, { categoryId: travel });
    await createPost(t, author.user.id, { status: POST_STATUS.taken_down });
    const mine = await t.call(videoCalls.postList, { query: { author_id: author.user.id } });
    expect(mine.data.list.map((p) => p.id)).toEqual([fresh, old]);
    expect(mine.data.total).toBe(2);
    const cat = await t.call(videoCalls.postList, { query: { category_id: travel, size: 50 } });
    expect(cat.data.list.every((p) => p.category_id === travel)).toBe(true);
    expect(cat.data.list.map((p) => p.id)).toContain(fresh);
    expect((await t.call(videoCalls.postList, { query: { size: 51 } })).code).toBe(422);
    expect((await t.call(videoCalls.postList, { query: { page: 0 } })).code).toBe(422);
    expect((await t.send(videoCalls.postList, { query: { sort: 'random' } })).code).toBe(422);
  });

  it('related videos: same creator and category, never the video itself', async () => {
    const author = await register(t);
    const gaming = await categoryId(t, 'gaming');
    const main = await createPost(t, author.user.id, { categoryId: gaming });
    const sibling = await createPost(t, author.user.id, { categoryId: await categoryId(t, 'tech') });
    const sameCategory = await createPost(t, creator.user.id, { categoryId: gaming });
    const res = await t.call(videoCalls.recommendList, { query: { id: main, size: 6 } });
    expect(res.code).toBe(0);
    const ids = res.data.map((p) => p.id);
    expect(ids).not.toContain(main);
    expect(ids[0]).toBe(sibling);
    expect(ids).toContain(sameCategory);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });

  it('categories in three languages, with true counts', async () => {
    t.clock.advance(11_000); // past the short cache
    const en = await t.call(videoCalls.categoryList);
    const tw = await t.call(videoCalls.categoryList, {}, { lang: 'zh-TW' });
    expect(en.data.map((c) => c.key)).toEqual(tw.data.map((c) => c.key));
    expect(en.data.find((c) => c.key === 'gaming')?.name).toBe('Gaming');
    expect(tw.data.find((c) => c.key === 'gaming')?.name).toBe('遊戲');
    const [counted] = await t.database.db
      .execute<{ n: number }>(
        `select count(*)::int as n from posts where status = 1 and category_id = ${en.data[0]!.id}`,
      )
      .then((r) => r.rows);
    expect(en.data[0]!.post_num).toBe(counted!.n);
  });
});

describe('globalSearchV2', () => {
  it('finds videos by title, description and creator name, and creators by name', async () => {
    const token = word();
    const byTitle = await createPost(t, creator.user.id, { title: `Sunset ${token} timelapse` });
    const byDescription = await createPost(t, creator.user.id, { description: `filmed with ${token.toUpperCase()}` });
    await createPost(t, creator.user.id, { title: `hidden ${token}`, status: POST_STATUS.taken_down });
    const res = await t.call(videoCalls.globalSearchV2, { query: { keyword: token } });
    expect(res.code).toBe(0);
    expect(res.data.posts.list.map((p) => p.id).sort()).toEqual([byTitle, byDescription].sort());

    const named = await register(t);
    const name = word();
    await t.database.db
      .update(users)
      .set({ nickname: `Chef ${name}` })
      .where(eq(users.id, named.user.id));
    const ofCreator = await createPost(t, named.user.id, { title: 'Noodles' });
    const byName = await t.call(videoCalls.globalSearchV2, { query: { keyword: name.toUpperCase() } });
    expect(byName.data.posts.list.map((p) => p.id)).toEqual([ofCreator]);
    expect(byName.data.creators).toEqual([expect.objectContaining({ id: named.user.id, post_num: 1, is_follow: 0 })]);
  });

  it('finds Chinese substrings', async () => {
    const tag = word();
    const id = await createPost(t, creator.user.id, { title: `${tag} 深夜食堂的拉面教程` });
    const res = await t.call(videoCalls.globalSearchV2, { query: { keyword: '拉面' } });
    expect(res.data.posts.list.map((p) => p.id)).toContain(id);
    const exact = await t.call(videoCalls.globalSearchV2, {
      query: {
        keyword: `${tag} 深夜食堂`,
      },
    });
    expect(exact.data.posts.list.map((p) => p.id)).toEqual([id]);
  });

  it('takes % and _ literally, and asks for a keyword', async () => {
    const res = await t.call(videoCalls.globalSearchV2, { query: { keyword: '%_%' } });
    expect(res.code).toBe(0);
    expect(res.data.posts.list).toHaveLength(0);
    const empty = await t.call(videoCalls.globalSearchV2, { query: { keyword: '   ' } });
    expect(empty).toMatchObject({ code: 13011, msg: 'Please enter a search keyword' });
    expect((await t.call(videoCalls.globalSearchV2, {}, { lang: 'zh-CN' })).msg).toBe('请输入搜索关键词');
    expect(await t.call(videoCalls.globalSearchV2, { query: { keyword: 'x'.repeat(51) } })).toMatchObject({
      code: 13012,
      msg: 'The search keyword is too long (at most 50 characters)',
    });
  });
});

describe('home/dataCount', () => {
  it('counts registrations, published videos and counted watch time', async () => {
    const before = (await t.call(videoCalls.homeDataCount)).data;
    const viewer = await register(t);
    const postId = await createPost(t, creator.user.id);
    await createPost(t, creator.user.id, { status: POST_STATUS.taken_down });
    const open = await t.call(videoCalls.addViewLog, { body: { id: postId } }, { token: viewer.token });
    t.clock.advance(12_000);
    await t.call(
      videoCalls.addViewLog,
      { body: { id: postId, session_id: open.data.session_id } },
      { token: viewer.token },
    );
    t.clock.advance(31_000); // past the cache
    const after = (await t.call(videoCalls.homeDataCount)).data;
    expect(after.register_num).toBe(before.register_num + 1);
    expect(after.video_num).toBe(before.video_num + 1);
    expect(after.watch_duration).toBe(before.watch_duration + 12);
  });
});

describe('search relevance (decision 034)', () => {
  const search = (keyword: string, page = 1, size = 20) =>
    t.call(videoCalls.globalSearchV2, { query: { keyword, page, size } });
  const idsOf = (res: Awaited<ReturnType<typeof search>>) => res.data.posts.list.map((p) => p.id);

  it('matches every word in any order and any case, and not videos missing a word', async () => {
    const place = word();
    const street = await createPost(t, creator.user.id, { title: `Street music in ${place}` });
    await createPost(t, creator.user.id, { title: `Quiet ${place} mornings` });
    expect(idsOf(await search(`${place} street`))).toEqual([street]);
    expect(idsOf(await search(`MUSIC ${place.toUpperCase()}`))).toEqual([street]);
    expect(idsOf(await search(`${place} street zz${word()}`))).toEqual([]);
    // a word of three letters or more also finds the words it starts
    expect(idsOf(await search(`${place} stre`))).toEqual([street]);
  });

  it('finds Chinese words anywhere in a title, with Latin words, in any order', async () => {
    const tag = word();
    const noodles = await createPost(t, creator.user.id, { title: `${tag} 深夜食堂的拉面教程` });
    const night = await createPost(t, creator.user.id, { title: `${tag} 城市夜景` });
    expect(idsOf(await search(`拉面 ${tag}`))).toEqual([noodles]);
    expect(idsOf(await search(`${tag} 食堂的`))).toEqual([noodles]);
    expect(idsOf(await search(`${tag} 面拉`))).toEqual([]);
    expect(idsOf(await search(`夜景 ${tag}`))).toEqual([night]);
    expect(idsOf(await search(`${tag} 夜`)).sort()).toEqual([noodles, night].sort());
  });

  it('ranks a title match above a description match, whatever their popularity', async () => {
    const topic = word();
    const inDescription = await createPost(t, creator.user.id, { title: 'Cooking', description: `All about ${topic}` });
    await t.database.db.update(posts).set({ likeNum: 100_000 }).where(eq(posts.id, inDescription));
    const inTitle = await createPost(t, creator.user.id, { title: `${topic} for beginners` });
    expect(idsOf(await search(topic))).toEqual([inTitle, inDescription]);
  });

  it('pages deep into many results without repeats, with the total found', async () => {
    const topic = word();
    const made: number[] = [];
    for (let i = 0; i < 45; i++) made.push(await createPost(t, creator.user.id, { title: `${topic} part ${i}` }));
    const seen: number[] = [];
    for (let page = 1; page <= 5; page++) {
      const res = await search(topic, page, 10);
      expect(res.data.posts).toMatchObject({ total: 45, page, size: 10, has_more: page < 5 });
      seen.push(...idsOf(res));
    }
    expect(seen.sort()).toEqual(made.sort());
    expect(idsOf(await search(topic, 6, 10))).toEqual([]);
  });

  it('takes query syntax, quotes and backslashes as plain text, and refuses bad paging', async () => {
    for (const keyword of ["it's", 'a & b | !c', 'x:* <-> (y)', '\\', '"', '—', '🙂']) {
      const res = await search(keyword);
      expect(res.code, keyword).toBe(0);
    }
    const quoted = word();
    const id = await createPost(t, creator.user.id, { title: `${quoted}'s kitchen` });
    expect(idsOf(await search(`${quoted}'s`))).toEqual([id]);
    expect((await search(quoted, 0)).code).toBe(422);
    expect((await search(quoted, 1, 51)).code).toBe(422);
    expect((await search(quoted, 501)).code).toBe(422);
    const zh = await t.call(videoCalls.globalSearchV2, { query: { keyword: '   ' } }, { lang: 'zh-CN' });
    expect(zh).toMatchObject({ code: 13011, msg: '请输入搜索关键词' });
  });
});

describe('search and paging limits', () => {
  it('a one-character keyword searches the best videos, and lists end at page 500', async () => {
    const id = await createPost(t, creator.user.id, { title: `Ω special ${word()}` });
    await t.database.db.update(posts).set({ likeNum: 100_000 }).where(eq(posts.id, id));
    const res = await t.call(videoCalls.globalSearchV2, {
      query: {
        keyword: 'Ω',
      },
    });
    expect(res.data.posts.list.map((p) => p.id)).toContain(id);
    expect(res.data.creators).toEqual([]);
    expect((await t.call(videoCalls.postList, { query: { page: 501 } })).code).toBe(422);
    expect((await t.call(videoCalls.postList, { query: { page: 500 } })).code).toBe(0);
  });
});

describe('search results kept briefly', () => {
  it('a video taken down leaves the results at once, even while its keyword is cached', async () => {
    const tag = word();
    const a = await createPost(t, creator.user.id, { title: `${tag} first` });
    const b = await createPost(t, creator.user.id, { title: `${tag} second` });
    const search = () => t.call(videoCalls.globalSearchV2, { query: { keyword: tag } }).then((r) => r.data.posts);
    expect((await search()).list.map((p) => p.id).sort()).toEqual([a, b].sort());
    await t.database.db.update(posts).set({ status: POST_STATUS.taken_down }).where(eq(posts.id, a));
    expect((await search()).list.map((p) => p.id)).toEqual([b]);
  });

  it('visitors asking the same search at the same moment share one answer; a member gets their own', async () => {
    const baker = await register(t);
    const nick = `Baker${word()}`;
    await t.database.db.update(users).set({ nickname: nick }).where(eq(users.id, baker.user.id));
    const bread = await createPost(t, baker.user.id, { title: 'Sourdough' });
    const fan = await register(t);
    await t.database.db.insert(follows).values({ followerId: fan.user.id, followeeId: baker.user.id });
    const { db } = t.database;
    const feeds = createFeeds({ db, clock: t.clock, postCards: createPostCards(db, (key) => key) });
    const page = { page: 1, size: 20 };
    // asked in one turn, as requests whose data arrived together are
    const [visitor, otherVisitor, member] = await Promise.all([
      feeds.search(nick, null, page),
      feeds.search(nick.toUpperCase(), null, page),
      feeds.search(nick, fan.user.id, page),
    ]);
    expect(otherVisitor).toBe(visitor);
    expect(Object.isFrozen(visitor)).toBe(true);
    expect(visitor.posts.list.map((p) => p.id)).toEqual([bread]);
    expect(visitor.creators).toEqual([expect.objectContaining({ id: baker.user.id, is_follow: 0 })]);
    expect(member.creators).toEqual([expect.objectContaining({ id: baker.user.id, is_follow: 1 })]);
    // a later turn reads afresh
    await t.database.db.update(posts).set({ status: POST_STATUS.taken_down }).where(eq(posts.id, bread));
    expect((await feeds.search(nick, null, page)).posts.list).toEqual([]);
  });
});
