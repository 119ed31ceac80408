import { and, asc, count, desc, eq, ne, sql, sum, type SQL } from 'drizzle-orm';
import {
  DEFAULT_API_LANG,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  POST_STATUS,
  type ApiLang,
  type Category,
  type PostCard,
  type PostDetail,
  type PostPage,
  type videoCalls,
} from '@taice/contract';
import type { z } from 'zod';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import { ttlCache } from '../../platform/state/ttl-cache';
import { batchedReads } from '../../platform/turn/batched-reads';
import { preparedSelect } from '../../platform/db/prepared-select';
import { serializeOnce } from '../../platform/http/serialization';
import { sameTurnAnswers } from '../../platform/turn/same-turn-answers';
import { users } from '../accounts/accounts.schema';
import { categories, follows, posts, userInterests, watchHistory } from './videos.schema';
import type { CardRow } from './post-cards';
import type { VideosDeps } from './videos.deps';

/** How far a followed creator or a chosen interest lifts a video (rank units: 1 ≈ 12.5 h of recency). */
const FOLLOWED_BOOST = 0.6;
const INTEREST_BOOST = 0.3;
/** A personal feed re-ranks this many of the best videos (plus recent ones of followed creators). */
const PERSONAL_POOL = 1_000;
const FIGURES_CACHE_MS = 30_000;
const PUBLIC_FEED_CACHE_MS = 10_000;
/** A search counts (and pages through) at most this many videos. */
const SEARCH_MAX_RESULTS = 1_000;
/** Videos found by their creator's name come from this many creators at most (most followed first). */
const SEARCH_MAX_CREATORS = 100;
const CATEGORIES_CACHE_MS = 10_000;
/** A list's ids in order, as deep as any page reaches, are kept this long (a new video shows within it). */
const LIST_POSITIONS_MS = 10_000;
const DEEPEST_POSITION = MAX_PAGE * MAX_PAGE_SIZE;

/** Written as a literal so the planner matches the partial indexes (`where status = 1`). */
const published = sql`${posts.status} = ${sql.raw(String(POST_STATUS.published))}`;

type SearchResult = z.output<typeof videoCalls.globalSearchV2.data>;

/** What ranking a personal feed needs of a candidate video. */
const poolColumns = {
  id: posts.id,
  rankScore: posts.rankScore,
  authorId: posts.authorId,
  categoryId: posts.categoryId,
};
type PoolRow = { id: number; rankScore: number; authorId: number; categoryId: number };
/** The shared candidates, their ids as the array literal a statement takes, and which reading of them this is. */
type Pool = { list: PoolRow[]; ids: string; version: number };

export function createFeeds({ db, clock, postCards }: Pick<VideosDeps, 'db' | 'clock' | 'postCards'>) {
  const cached = {
    figures: ttlCache<{ register_num: number; video_num: number; watch_duration: number }>(clock, FIGURES_CACHE_MS),
    categories: ttlCache<Category[]>(clock, CATEGORIES_CACHE_MS),
    publishedCount: ttlCache<{ total: number }>(clock, FIGURES_CACHE_MS),
    publicPages: ttlCache<PostPage>(clock, PUBLIC_FEED_CACHE_MS),
    personalPool: ttlCache<Pool>(clock, PUBLIC_FEED_CACHE_MS),
    listCounts: ttlCache<{ total: number }>(clock, PUBLIC_FEED_CACHE_MS, 5_000),
    listPositions: ttlCache<{ ids: number[] }>(clock, LIST_POSITIONS_MS, 2_000),
    publicCreators: ttlCache<{ list: CreatorRow[] }>(clock, PUBLIC_FEED_CACHE_MS, 2_000),
  };

  // Search and personal feed pages read their cards by id on every request, so a video taken down
  // leaves them at once; the cards that requests ask for at the same moment are read together (decision 023).
  const cardsByIds = preparedSelect(
    db,
    'cards_by_ids',
    postCards.cards().where(and(published, sql`${posts.id} = any(${sql.placeholder('ids')})`)),
  );
  const card = batchedReads<number, CardRow>({
    groupOf: () => '',
    idOf: (id) => id,
    async loadMany(ids) {
      return new Map((await cardsByIds.execute({ ids })).map((row) => [row.id, row]));
    },
    maxBatch: 500,
  });
  /** Ids in a list's order (an index-only scan with the feed and category indexes). */
  async function idsWhere(where: SQL | undefined, order: SQL[], limit: number, offset = 0): Promise<number[]> {
    const rows = await db
      .select({ id: posts.id })
      .from(posts)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    return rows.map((r) => r.id);
  }

  /** One page of cards: the page's ids first, then their cards by id, read together with other requests'. */
  async function cardsWhere(where: SQL | undefined, order: SQL[], page: PageRequest): Promise<CardRow[]> {
    return cardsOf(await idsWhere(where, order, page.size, offsetOf(page)));
  }

  /** The cards of some ids, in their order (a video taken down since is left out). */
  async function cardsOf(ids: number[]): Promise<CardRow[]> {
    const rows = await Promise.all(ids.map((id) => card.load(id)));
    return rows.filter((row) => row !== undefined);
  }

  async function countPosts(where: SQL | undefined): Promise<number> {
    const [row] = await db.select({ n: count() }).from(posts).where(where);
    return row?.n ?? 0;
  }

  async function publishedTotal(): Promise<number> {
    return (await cached.publishedCount.get('all', async () => ({ total: await countPosts(published) }))).total;
  }

  /**
   * Everyone's feed: the time-independent rank, so pages never shift under a
   * reader. Visitors all see the same pages, so each is kept briefly (and written
   * to JSON once while kept).
   */
  function publicFeed(page: PageRequest): Promise<PostPage> {
    return cached.publicPages.get(`${page.page}:${page.size}`, async () => {
      const [rows, total] = await Promise.all([
        cardsWhere(published, [desc(posts.rankScore), desc(posts.id)], page),
        publishedTotal(),
      ]);
      return serializeOnce(pageResult(rows.map(postCards.toCard), total, page));
    });
  }

  /**
   * The personal feed's shared candidates: the best PERSONAL_POOL videos, kept briefly (the same for
   * every member), so that no member's request ranks the whole catalogue.
   */
  let poolVersion = 0;
  function bestPool(): Promise<Pool> {
    return cached.personalPool.get('all', async () => {
      const list = await db
        .select(poolColumns)
        .from(posts)
        .where(published)
        .orderBy(desc(posts.rankScore), desc(posts.id))
        .limit(PERSONAL_POOL);
      poolVersion += 1;
      return { list, ids: `{${list.map((p) => p.id).join(',')}}`, version: poolVersion };
    });
  }

  /**
   * What members' feeds need of them, in one statement for the members asking at the same moment: the
   * creators each follows, their interests, the best videos of followed creators (unfinished), and
   * which of the shared candidates they finished.
   */
  const memberSignals = preparedSelect(
    db,
    'member_feed_signals',
    db
      .select({
        userId: sql<number>`m.id`,
        followees: sql<
          number[]
        >`array(select ${follows.followeeId} from ${follows} where ${follows.followerId} = m.id)`,
        interests: sql<
          number[]
        >`array(select ${userInterests.categoryId} from ${userInterests} where ${userInterests.userId} = m.id)`,
        finished: sql<number[]>`array(select ${watchHistory.postId} from ${watchHistory}
          where ${watchHistory.userId} = m.id and ${watchHistory.finished}
            and ${watchHistory.postId} = any(${sql.placeholder('pool')}::int[]))`,
        followedPosts: sql<PoolRow[]>`coalesce((select json_agg(json_build_object(
            'id', fp.id, 'rankScore', fp.rank_score, 'authorId', fp.author_id, 'categoryId', fp.category_id))
          from (select p.id, p.rank_score, p.author_id, p.category_id from ${posts} p
                where p.status = 1
                  and p.author_id in (select ${follows.followeeId} from ${follows} where ${follows.followerId} = m.id)
                  and not exists (select 1 from ${watchHistory} w where w.user_id = m.id and w.post_id = p.id and w.finished)
                order by p.rank_score desc limit ${sql.raw(String(PERSONAL_POOL / 5))}) fp), '[]'::json)`,
      })
      .from(sql`unnest(${sql.placeholder('users')}::int[]) as m(id)`),
  );
  type MemberSignals = Awaited<ReturnType<typeof memberSignals.execute>>[number];
  const signalsOf = batchedReads<{ userId: number; pool: Pool }, MemberSignals>({
    groupOf: (key) => String(key.pool.version),
    idOf: (key) => key.userId,
    async loadMany(keys) {
      const rows = await memberSignals.execute({ users: keys.map((k) => k.userId), pool: keys[0]!.pool.ids });
      return new Map(rows.map((row) => [row.userId, row]));
    },
  });

  /**
   * A member's feed: the shared candidates plus the best of followed creators, re-ranked with boosts
   * for followed creators and chosen interests, without the videos they finished. Beyond these the
   * personal feed ends; `total` counts them.
   */
  async function personalFeed(userId: number, page: PageRequest) {
    const pool = await bestPool();
    const signals = (await signalsOf.load({ userId, pool }))!;
    const followees = new Set(signals.followees);
    const interests = new Set(signals.interests);
    const finished = new Set(signals.finished);
    // Followed creators' videos as just read (unfinished), and the shared candidates that are not among them.
    const followed = new Set(signals.followedPosts.map((p) => p.id));
    const ranked: { id: number; score: number }[] = [];
    const add = (p: PoolRow) =>
      ranked.push({
        id: p.id,
        score:
          p.rankScore +
          (followees.has(p.authorId) ? FOLLOWED_BOOST : 0) +
          (interests.has(p.categoryId) ? INTEREST_BOOST : 0),
      });
    for (const p of pool.list) if (!finished.has(p.id) && !followed.has(p.id)) add(p);
    for (const p of signals.followedPosts) add(p);
    ranked.sort((a, b) => b.score - a.score || b.id - a.id);
    const pageIds = ranked.slice(offsetOf(page), offsetOf(page) + page.size).map((p) => p.id);
    const rows = await cardsOf(pageIds);
    return pageResult(rows.map(postCards.toCard), ranked.length, page);
  }

  async function loadCategories(lang: ApiLang): Promise<Category[]> {
    const rows = await db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
    return rows.map((c) => ({
      id: c.id,
      key: c.key,
      name: c.name[lang] ?? c.name[DEFAULT_API_LANG],
      post_num: c.postNum,
    }));
  }

  function categoriesIn(lang: ApiLang): Promise<Category[]> {
    return cached.categories.get(lang, () => loadCategories(lang));
  }

  /**
   * The ids a keyword finds, most relevant first (decision 034): videos whose title and description
   * hold every word of it in any order (text search on `posts.search_vector`, ranked by `ts_rank`,
   * title words above description words, then by `rank_score`), videos of creators whose name holds
   * them, at most SEARCH_MAX_RESULTS; and up to 10 creators by name. `taice_search_query` (migration
   * 0011) makes the query: Latin words of three letters or more also match as the start of a longer
   * word; Chinese is matched as consecutive two-character pieces, so any substring is found.
   * The keyword's query and the creators are worked out once per statement (`offset 0` keeps them
   * apart): inlined, a prepared statement's generic plan ran the function again for every row it
   * checked and ranked (decision 040).
   */
  const matches = preparedSelect(
    db,
    'search_matches',
    db
      .select({
        postIds: sql<number[]>`array(
          select id from (
            (select p.id, ts_rank(p.search_vector, k.q) as relevance, p.rank_score from ${posts} p
              where p.status = 1 and p.search_vector @@ k.q
              order by relevance desc, p.rank_score desc limit ${sql.raw(String(SEARCH_MAX_RESULTS))})
            union all
            (select p.id, 0, p.rank_score from unnest(c.ids) as creator(id)
              cross join lateral (select id, rank_score from ${posts}
                                  where author_id = creator.id and status = 1 order by rank_score desc
                                  limit ${sql.raw(String(SEARCH_MAX_RESULTS))}) p)
          ) found
          group by id order by max(relevance) desc, max(rank_score) desc, id desc
          limit ${sql.raw(String(SEARCH_MAX_RESULTS))})`,
        creatorIds: sql<number[]>`c.ids[1:10]`,
      })
      .from(
        sql`(select taice_search_query(${sql.placeholder('keyword')}) as q offset 0) k
          cross join lateral (select array(
            select u.id from ${users} u where taice_search_document(u.nickname) @@ k.q and u.post_num > 0
            order by u.follower_num desc, u.id limit ${sql.raw(String(SEARCH_MAX_CREATORS))}) as ids offset 0) c`,
      ),
  );

  async function findMatches(keyword: string): Promise<{ postIds: number[]; creatorIds: number[] }> {
    const [found] = await matches.execute({ keyword });
    return found!;
  }

  /** Creators by id with the viewer's follow state (viewer 0, a visitor, follows nobody), one prepared statement. */
  const creatorsByIds = preparedSelect(
    db,
    'search_creators',
    db
      .select({
        id: users.id,
        uuid: users.uuid,
        nickname: users.nickname,
        avatar: users.avatar,
        beFollowNum: users.followerNum,
        postNum: users.postNum,
        isFollow: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${sql.placeholder('viewer')} and ${follows.followeeId} = ${users.id})`,
      })
      .from(users)
      .where(sql`${users.id} = any(${sql.placeholder('ids')}::int[])`),
  );
  type CreatorRow = Awaited<ReturnType<typeof creatorsByIds.execute>>[number];

  /**
   * The creators a keyword found, with the viewer's follow state. A visitor's are the same for
   * everyone and kept briefly; a member's are read fresh, so a follow they just made shows at once.
   */
  function creatorsFound(keyword: string, ids: number[], viewerId: number | null): Promise<CreatorRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    if (viewerId === null) {
      return cached.publicCreators
        .get(keyword.toLowerCase(), async () => ({ list: await creatorsByIds.execute({ ids, viewer: 0 }) }))
        .then((c) => c.list);
    }
    return creatorsByIds.execute({ ids, viewer: viewerId });
  }

  async function searchPage(keyword: string, viewerId: number | null, page: PageRequest): Promise<SearchResult> {
    const found = await findMatches(keyword);
    const pageIds = found.postIds.slice(offsetOf(page), offsetOf(page) + page.size);
    const [rows, creators] = await Promise.all([
      cardsOf(pageIds),
      page.page === 1 ? creatorsFound(keyword, found.creatorIds, viewerId) : Promise.resolve([]),
    ]);
    const list = rows.map(postCards.toCard);
    const creatorById = new Map(creators.map((c) => [c.id, c]));
    return {
      posts: pageResult(list, found.postIds.length, page),
      creators: found.creatorIds.flatMap((id) => {
        const c = creatorById.get(id);
        return c
          ? [
              {
                id: c.id,
                uuid: c.uuid,
                nickname: c.nickname,
                avatar: c.avatar,
                be_follow_num: c.beFollowNum,
                post_num: c.postNum,
                is_follow: c.isFollow ? (1 as const) : (0 as const),
              },
            ]
          : [];
      }),
    };
  }
  const visitorSearch = sameTurnAnswers<SearchResult>();

  return {
    /** The video page: media, every count, and the viewer's own like / dislike / collect / follow state. */
    async detail(postId: number, viewerId: number | null, lang: ApiLang): Promise<PostDetail> {
      const [{ post, author, ...flags }, categoryNames] = await Promise.all([
        postCards.publishedWithAuthor(postId, viewerId),
        categoriesIn(lang),
      ]);
      const bit = (value: boolean | undefined) => (value ? (1 as const) : (0 as const));
      return {
        ...postCards.toCard({
          ...post,
          authorId: post.authorId,
          authorUuid: author.uuid,
          authorNickname: author.nickname,
          authorAvatar: author.avatar,
        }),
        description: post.description,
        category_name: categoryNames.find((c) => c.id === post.categoryId)?.name ?? '',
        lang: post.lang,
        media: {
          hls: post.hlsKey ? postCards.mediaUrl(post.hlsKey) : '',
          mp4: post.mp4Key ? postCards.mediaUrl(post.mp4Key) : '',
          width: post.width,
          height: post.height,
        },
        youtube_video_id: post.youtubeVideoId,
        dislike_num: post.dislikeNum,
        collect_num: post.collectNum,
        share_num: post.shareNum,
        author: {
          id: post.authorId,
          uuid: author.uuid,
          nickname: author.nickname,
          avatar: author.avatar,
          be_follow_num: author.followerNum,
          is_follow: bit(flags.following),
        },
        is_like: bit(flags.reaction === 1),
        is_dislike: bit(flags.reaction === -1),
        is_collect: bit(flags.collected),
      };
    },

    recommended(userId: number | null, page: PageRequest) {
      return userId ? personalFeed(userId, page) : publicFeed(page);
    },

    async list(filter: { categoryId?: number; authorId?: number; sort: 'new' | 'hot' }, page: PageRequest) {
      const where = and(
        published,
        filter.categoryId ? eq(posts.categoryId, filter.categoryId) : undefined,
        filter.authorId ? eq(posts.authorId, filter.authorId) : undefined,
      );
      const order =
        filter.sort === 'hot' ? [desc(posts.rankScore), desc(posts.id)] : [desc(posts.publishedAt), desc(posts.id)];
      const countKey = `${filter.categoryId ?? ''}:${filter.authorId ?? ''}`;
      // The list's order is read once for everyone who pages through it (however deep), then each page's cards by id.
      const [positions, counted] = await Promise.all([
        cached.listPositions.get(`${countKey}:${filter.sort}`, async () => ({
          ids: await idsWhere(where, order, DEEPEST_POSITION),
        })),
        cached.listCounts.get(countKey, async () => ({ total: await countPosts(where) })),
      ]);
      const rows = await cardsOf(positions.ids.slice(offsetOf(page), offsetOf(page) + page.size));
      return pageResult(rows.map(postCards.toCard), counted.total, page);
    },

    /** Same creator first, then the same category, then the best of the rest. */
    async related(postId: number, size: number): Promise<PostCard[]> {
      const post = await postCards.publishedPost(postId);
      const first = { page: 1, size };
      const others = and(published, ne(posts.id, postId));
      const [byAuthor, byCategory] = await Promise.all([
        cardsWhere(and(others, eq(posts.authorId, post.authorId)), [desc(posts.rankScore), desc(posts.id)], {
          page: 1,
          size: Math.ceil(size / 3),
        }),
        cardsWhere(and(others, eq(posts.categoryId, post.categoryId)), [desc(posts.rankScore), desc(posts.id)], first),
      ]);
      const seen = new Set<number>();
      const picked = [...byAuthor, ...byCategory].filter((r) => !seen.has(r.id) && seen.add(r.id)).slice(0, size);
      if (picked.length < size) {
        const rest = await cardsWhere(others, [desc(posts.rankScore), desc(posts.id)], { page: 1, size: size * 2 });
        picked.push(...rest.filter((r) => !seen.has(r.id) && seen.add(r.id)).slice(0, size - picked.length));
      }
      return picked.map(postCards.toCard);
    },

    categories: categoriesIn,

    /**
     * Drops what this process keeps of the published videos (feed pages and candidates, lists' orders and
     * counts) after an operator changed which are published: a video taken down or put up shows so at once.
     */
    forgetPublished(): void {
      const { publicPages, personalPool, listPositions, listCounts, publishedCount } = cached;
      for (const cache of [publicPages, personalPool, listPositions, listCounts, publishedCount]) cache.clear();
    },

    /** Search results, read afresh; visitors asking the same page at the same moment share one answer. */
    search(keyword: string, viewerId: number | null, page: PageRequest): Promise<SearchResult> {
      if (viewerId !== null) return searchPage(keyword, viewerId, page);
      return visitorSearch(`${keyword.toLowerCase()}:${page.page}:${page.size}`, () => searchPage(keyword, null, page));
    },

    /** Registrations, published videos and all counted watch time (cached briefly: Home shows it to everyone). */
    figures() {
      return cached.figures.get('all', async () => {
        const [[registered], [videos]] = await Promise.all([
          db.select({ n: count() }).from(users),
          db
            .select({ n: count(), seconds: sum(posts.watchSeconds).mapWith(Number) })
            .from(posts)
            .where(published),
        ]);
        return {
          register_num: registered?.n ?? 0,
          video_num: videos?.n ?? 0,
          watch_duration: Math.floor(videos?.seconds ?? 0),
        };
      });
    },
  };
}

export type Feeds = ReturnType<typeof createFeeds>;
