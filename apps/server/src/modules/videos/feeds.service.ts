import { and, asc, count, desc, eq, inArray, ne, sql, sum, type SQL } from 'drizzle-orm';
import {
  DEFAULT_API_LANG,
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
/** A new or changed video shows in search within this time. */
const SEARCH_CACHE_MS = 30_000;
const CATEGORIES_CACHE_MS = 10_000;

/** Written as a literal so the planner matches the partial indexes (`where status = 1`). */
const published = sql`${posts.status} = ${sql.raw(String(POST_STATUS.published))}`;

/** `%kw%` for LIKE, with the pattern characters of the keyword taken literally. */
function containsPattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type SearchResult = z.output<typeof videoCalls.globalSearchV2.data>;

export function createFeeds({ db, clock, postCards }: Pick<VideosDeps, 'db' | 'clock' | 'postCards'>) {
  const cached = {
    figures: ttlCache<{ register_num: number; video_num: number; watch_duration: number }>(clock, FIGURES_CACHE_MS),
    categories: ttlCache<Category[]>(clock, CATEGORIES_CACHE_MS),
    publishedCount: ttlCache<{ total: number }>(clock, FIGURES_CACHE_MS),
    publicPages: ttlCache<PostPage>(clock, PUBLIC_FEED_CACHE_MS),
    listCounts: ttlCache<{ total: number }>(clock, PUBLIC_FEED_CACHE_MS, 5_000),
    searches: ttlCache<{ postIds: number[]; creatorIds: number[] }>(clock, SEARCH_CACHE_MS, 2_000),
    publicCreators: ttlCache<{ list: (CreatorRow & { isFollow: boolean })[] }>(clock, PUBLIC_FEED_CACHE_MS, 2_000),
  };

  function cardsWhere(where: SQL | undefined, order: SQL[], page: PageRequest) {
    return postCards
      .cards()
      .where(where)
      .orderBy(...order)
      .limit(page.size)
      .offset(offsetOf(page));
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
   * A member's feed: the best videos re-ranked with boosts for followed
   * creators and chosen interests, without the videos they finished.
   */
  async function personalFeed(userId: number, page: PageRequest) {
    const pool = sql`(
      (select id from posts where status = 1 order by rank_score desc, id desc limit ${PERSONAL_POOL})
      union
      (select p.id from posts p join follows f on f.followee_id = p.author_id
        where f.follower_id = ${userId} and p.status = 1 order by p.rank_score desc limit ${PERSONAL_POOL / 5})
    )`;
    const score = sql<number>`${posts.rankScore}
      + case when exists (select 1 from ${follows} where ${follows.followerId} = ${userId} and ${follows.followeeId} = ${posts.authorId}) then ${sql.raw(String(FOLLOWED_BOOST))} else 0 end
      + case when exists (select 1 from ${userInterests} where ${userInterests.userId} = ${userId} and ${userInterests.categoryId} = ${posts.categoryId}) then ${sql.raw(String(INTEREST_BOOST))} else 0 end`;
    const where = and(
      sql`${posts.id} in ${pool}`,
      published,
      sql`not exists (select 1 from ${watchHistory} where ${watchHistory.userId} = ${userId} and ${watchHistory.postId} = ${posts.id} and ${watchHistory.finished})`,
    );
    const [rows, total] = await Promise.all([
      cardsWhere(where, [desc(score), desc(posts.id)], page),
      countPosts(where),
    ]);
    return pageResult(rows.map(postCards.toCard), total, page);
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
   * The ids a keyword finds, best first: videos whose title, description or
   * creator name contains it (at most SEARCH_MAX_RESULTS) and up to 10
   * creators by name. Each side is found through a GIN index of character
   * bigrams (taice_bigrams, migration 0004), which serves any keyword of two
   * characters or more, Chinese included; LIKE then checks the exact
   * substring. One character has no bigram: it searches the best videos only.
   */
  async function findMatches(keyword: string): Promise<{ postIds: number[]; creatorIds: number[] }> {
    const pattern = containsPattern(keyword);
    const grams = sql`taice_bigrams(${keyword.toLowerCase()})`;
    const short = [...keyword.toLowerCase()].length < 2;
    const matching = short
      ? sql`(
          select p.id from (select id, title, description from posts where status = 1
                            order by rank_score desc, id desc limit ${SEARCH_MAX_RESULTS}) p
            where lower(p.title || ' ' || p.description) like ${pattern}
        )`
      : sql`(
          (select p.id from posts p
            where p.status = 1
              and taice_bigrams(lower(p.title || ' ' || p.description)) @> ${grams}
              and lower(p.title || ' ' || p.description) like ${pattern}
            order by p.rank_score desc limit ${SEARCH_MAX_RESULTS})
          union
          (select p.id from posts p join users u on u.id = p.author_id
            where p.status = 1
              and taice_bigrams(lower(u.nickname)) @> ${grams}
              and lower(u.nickname) like ${pattern}
            order by p.rank_score desc limit ${SEARCH_MAX_RESULTS})
        )`;
    const [postRows, creatorRows] = await Promise.all([
      db
        .select({ id: posts.id })
        .from(posts)
        .where(and(published, sql`${posts.id} in ${matching}`))
        .orderBy(desc(posts.rankScore), desc(posts.id))
        .limit(SEARCH_MAX_RESULTS),
      short
        ? Promise.resolve([])
        : db
            .select({ id: users.id })
            .from(users)
            .where(
              and(
                sql`taice_bigrams(lower(${users.nickname})) @> ${grams}`,
                sql`lower(${users.nickname}) like ${pattern}`,
                sql`${users.postNum} > 0`,
              ),
            )
            .orderBy(desc(users.followerNum), asc(users.id))
            .limit(10),
    ]);
    return { postIds: postRows.map((r) => r.id), creatorIds: creatorRows.map((r) => r.id) };
  }

  // Search pages read their cards by id on every request, so a video taken down leaves the results at
  // once; the cards that requests ask for at the same moment are read together (decision 023).
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
  const creatorColumns = {
    id: users.id,
    uuid: users.uuid,
    nickname: users.nickname,
    avatar: users.avatar,
    beFollowNum: users.followerNum,
    postNum: users.postNum,
  };
  type CreatorRow = {
    id: number;
    uuid: string;
    nickname: string;
    avatar: string;
    beFollowNum: number;
    postNum: number;
  };

  /**
   * The creators a keyword found, with the viewer's follow state. A visitor's are the same for
   * everyone and kept briefly; a member's are read fresh, so a follow they just made shows at once.
   */
  function creatorsFound(keyword: string, ids: number[], viewerId: number | null) {
    if (ids.length === 0) return Promise.resolve([]);
    if (viewerId === null) {
      return cached.publicCreators
        .get(keyword.toLowerCase(), async () => ({
          list: (await db.select(creatorColumns).from(users).where(inArray(users.id, ids))).map((c) => ({
            ...c,
            isFollow: false,
          })),
        }))
        .then((c) => c.list);
    }
    return db
      .select({
        ...creatorColumns,
        isFollow: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${users.id})`,
      })
      .from(users)
      .where(inArray(users.id, ids));
  }

  async function searchPage(keyword: string, viewerId: number | null, page: PageRequest): Promise<SearchResult> {
    const found = await cached.searches.get(keyword.toLowerCase(), () => findMatches(keyword));
    const pageIds = found.postIds.slice(offsetOf(page), offsetOf(page) + page.size);
    const [rows, creators] = await Promise.all([
      Promise.all(pageIds.map((id) => card.load(id))),
      page.page === 1 ? creatorsFound(keyword, found.creatorIds, viewerId) : Promise.resolve([]),
    ]);
    const list = rows.flatMap((row) => (row ? [postCards.toCard(row)] : []));
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
          mp4: postCards.mediaUrl(post.mp4Key),
          width: post.width,
          height: post.height,
        },
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
      const [rows, counted] = await Promise.all([
        cardsWhere(where, order, page),
        cached.listCounts.get(countKey, async () => ({ total: await countPosts(where) })),
      ]);
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
     * Search results, from a short-lived list of each keyword's matches (popular keywords are most
     * searches). Visitors asking the same page at the same moment share one answer.
     */
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
