import { eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { POST_STATUS, type PostCard } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { batchedReads } from '../../platform/turn/batched-reads';
import { preparedSelect } from '../../platform/db/prepared-select';
import type { Db } from '../../platform/db/database';
import { users } from '../accounts/accounts.schema';
import { follows, postCollects, postReactions, posts } from './videos.schema';
import type { Tx } from './video-events';

/** Turns a storage key into the URL a browser fetches. */
export type MediaUrl = (key: string) => string;

/** The columns a video card needs (posts joined with their author). */
export const cardColumns = {
  id: posts.id,
  title: posts.title,
  coverKey: posts.coverKey,
  duration: posts.duration,
  categoryId: posts.categoryId,
  viewNum: posts.viewNum,
  likeNum: posts.likeNum,
  commentNum: posts.commentNum,
  publishedAt: posts.publishedAt,
  authorId: users.id,
  authorUuid: users.uuid,
  authorNickname: users.nickname,
  authorAvatar: users.avatar,
};

export interface CardRow {
  id: number;
  title: string;
  coverKey: string;
  duration: number;
  categoryId: number;
  viewNum: number;
  likeNum: number;
  commentNum: number;
  publishedAt: Date;
  authorId: number;
  authorUuid: string;
  authorNickname: string;
  authorAvatar: string;
}

/** The error a user should see for a post that is not published, or the post. */
function assertPublished<P extends { status: number }>(post: P | undefined): P {
  if (!post || post.status === POST_STATUS.deleted) throw new AppError('post_not_found');
  if (post.status !== POST_STATUS.published) throw new AppError('post_unavailable');
  return post;
}

/** The columns of the video page (the card's and the page's own; not the ranking or bookkeeping ones). */
const pageColumns = {
  id: posts.id,
  authorId: posts.authorId,
  categoryId: posts.categoryId,
  title: posts.title,
  description: posts.description,
  lang: posts.lang,
  status: posts.status,
  coverKey: posts.coverKey,
  mp4Key: posts.mp4Key,
  hlsKey: posts.hlsKey,
  youtubeVideoId: posts.youtubeVideoId,
  duration: posts.duration,
  width: posts.width,
  height: posts.height,
  viewNum: posts.viewNum,
  likeNum: posts.likeNum,
  dislikeNum: posts.dislikeNum,
  collectNum: posts.collectNum,
  commentNum: posts.commentNum,
  shareNum: posts.shareNum,
  publishedAt: posts.publishedAt,
};

/** How posts are read to be shown: as cards, as the video page, and only when published. */
export function createPostCards(db: Db, mediaUrl: MediaUrl) {
  // The video page is the hottest read: one statement, prepared once per connection, with the
  // viewer's own reaction, collect and follow state (viewer 0 for visitors matches nothing). The
  // pages that requests ask for at the same moment are read together, whoever asks (decision 023, 034).
  const viewer = sql`k.viewer`;
  const videoPages = db
    .select({
      viewer: sql<number>`k.viewer`,
      post: pageColumns,
      author: { uuid: users.uuid, nickname: users.nickname, avatar: users.avatar, followerNum: users.followerNum },
      reaction: sql<
        number | null
      >`(select ${postReactions.kind} from ${postReactions} where ${postReactions.userId} = ${viewer} and ${postReactions.postId} = ${posts.id})`,
      collected: sql<boolean>`exists (select 1 from ${postCollects} where ${postCollects.userId} = ${viewer} and ${postCollects.postId} = ${posts.id})`,
      following: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewer} and ${follows.followeeId} = ${posts.authorId})`,
    })
    .from(sql`unnest(${sql.placeholder('ids')}::int[], ${sql.placeholder('viewers')}::int[]) as k(post_id, viewer)`)
    .innerJoin(posts, sql`${posts.id} = k.post_id`)
    .innerJoin(users, eq(users.id, posts.authorId));
  const videoPagesPrepared = preparedSelect(db, 'video_pages', videoPages);
  type VideoPage = Awaited<typeof videoPages>[number];
  const keyOf = (id: number, viewer: number) => `${id}:${viewer}`;
  const videoPage = batchedReads<{ id: number; viewer: number }, VideoPage>({
    groupOf: () => '',
    idOf: (key) => keyOf(key.id, key.viewer),
    async loadMany(keys) {
      const rows = await videoPagesPrepared.execute({ ids: keys.map((k) => k.id), viewers: keys.map((k) => k.viewer) });
      return new Map(rows.map((row) => [keyOf(row.post.id, row.viewer), row]));
    },
  });

  return {
    mediaUrl,
    assertPublished,

    /** `select cards from posts join users` (plus `extra` columns); add joins, where, order, limit. */
    cards<E extends SelectedFields = Record<never, never>>(extra?: E) {
      return db
        .select({ ...cardColumns, ...(extra as E) })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.authorId));
    },

    toCard(row: CardRow): PostCard {
      return {
        id: row.id,
        title: row.title,
        cover: mediaUrl(row.coverKey),
        duration: Math.round(row.duration * 10) / 10,
        category_id: row.categoryId,
        view_num: row.viewNum,
        like_num: row.likeNum,
        comment_num: row.commentNum,
        created_at: row.publishedAt.toISOString(),
        author: {
          id: row.authorId,
          uuid: row.authorUuid,
          nickname: row.authorNickname,
          avatar: row.authorAvatar,
        },
      };
    },

    /**
     * A published post, or the error a user should see: `post_not_found`
     * for an unknown or deleted one, `post_unavailable` for one taken down.
     * With `forUpdate` the row stays locked until the transaction ends.
     */
    async publishedPost(id: number, tx: Tx = db, forUpdate = false) {
      const query = tx.select().from(posts).where(eq(posts.id, id));
      const [post] = forUpdate ? await query.for('no key update') : await query;
      return assertPublished(post);
    },

    /** The video with its author and the viewer's own flags (none for a visitor) in one query, for the video page. */
    async publishedWithAuthor(id: number, viewerId: number | null) {
      const row = await videoPage.load({ id, viewer: viewerId ?? 0 });
      assertPublished(row?.post);
      return row!;
    },
  };
}

export type PostCards = ReturnType<typeof createPostCards>;
