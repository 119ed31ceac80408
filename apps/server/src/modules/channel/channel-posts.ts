import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_API_LANG,
  errorMessage,
  isErrorKey,
  POST_STATUS,
  type ApiLang,
  type ChannelPost,
  type ChannelPostDetail,
  type ChannelPostStatus,
  type ModerationAction,
  type UpDownAction,
} from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import type { Clock } from '../../platform/time/clock';
import type { Db, Tx } from '../../platform/db/database';
import { taice } from '../../platform/money';
import type { VideoEvents } from '../videos/video-events';
import { countPublished } from '../videos/videos.module';
import { categories, postModerations, posts } from '../videos/videos.schema';
import type { ChannelEarnings } from './earnings';

export interface ChannelPostsDeps {
  db: Db;
  clock: Clock;
  events: VideoEvents;
  /** Turns a storage key into the URL a browser fetches. */
  mediaUrl: (key: string) => string;
  earnings: ChannelEarnings;
  /** Closes a video's active reward pools (refunding them) in the transaction that deletes it. */
  closePools: (tx: Tx, postId: number) => Promise<unknown>;
}

const STATUS_NAMES: Record<number, ChannelPostStatus> = {
  [POST_STATUS.published]: 'published',
  [POST_STATUS.taken_down]: 'taken_down',
  [POST_STATUS.processing]: 'processing',
  [POST_STATUS.failed]: 'failed',
};

/** The operator's latest take-down or put-up of the row's post while it is taken down (null otherwise). */
const lastModeration = sql<{ action: ModerationAction; reason: string } | null>`(
  case when ${posts.status} = ${POST_STATUS.taken_down} then (
    select json_build_object('action', m.action, 'reason', m.reason)
    from ${postModerations} m where m.post_id = ${posts.id} order by m.id desc limit 1) end)`;

const columns = {
  id: posts.id,
  authorId: posts.authorId,
  title: posts.title,
  description: posts.description,
  lang: posts.lang,
  status: posts.status,
  failureReason: posts.failureReason,
  aiGenerated: posts.aiGenerated,
  tags: posts.tags,
  coverKey: posts.coverKey,
  mp4Key: posts.mp4Key,
  hlsKey: posts.hlsKey,
  previewKey: posts.previewKey,
  youtubeVideoId: posts.youtubeVideoId,
  duration: posts.duration,
  width: posts.width,
  height: posts.height,
  viewNum: posts.viewNum,
  likeNum: posts.likeNum,
  commentNum: posts.commentNum,
  shareNum: posts.shareNum,
  watchSeconds: posts.watchSeconds,
  categoryId: posts.categoryId,
  categoryName: categories.name,
  publishedAt: posts.publishedAt,
  createdAt: posts.createdAt,
  moderation: lastModeration,
};

/** What a creator's change of status needs, makes, and does to the published counts. */
const MOVES = {
  take_down: { from: POST_STATUS.published, to: POST_STATUS.taken_down, step: -1 },
  put_up: { from: POST_STATUS.taken_down, to: POST_STATUS.published, step: 1 },
} as const;

/** The last operator action on a post, read inside the change's transaction (the post's row is locked). */
async function operatorTookDown(tx: Tx, postId: number): Promise<{ reason: string } | null> {
  const [last] = await tx
    .select({ action: postModerations.action, reason: postModerations.reason })
    .from(postModerations)
    .where(eq(postModerations.postId, postId))
    .orderBy(desc(postModerations.id))
    .limit(1);
  return last?.action === 'take_down' ? { reason: last.reason } : null;
}

/**
 * The creator's own videos (decision 051): their list and detail of every status but deleted, and their own
 * take-down, put-up and delete. A change of status is one transaction with the published counts, on the locked
 * row (an operator's moderation locks it too, so the two never cross); after its commit `publishedChanged` makes
 * the feeds drop what this process keeps of the published videos, as moderation does, so the video leaves (or
 * rejoins) feeds and search at once.
 */
export function createChannelPosts({ db, clock, events, mediaUrl, earnings, closePools }: ChannelPostsDeps) {
  const url = (key: string) => (key ? mediaUrl(key) : '');

  const rows = (where: SQL | undefined) =>
    db.select(columns).from(posts).innerJoin(categories, eq(categories.id, posts.categoryId)).where(where);
  type Row = Awaited<ReturnType<typeof rows>>[number];

  const mine = (userId: number) => and(eq(posts.authorId, userId), ne(posts.status, POST_STATUS.deleted));

  function failureText(row: Row, lang: ApiLang): string {
    if (row.status !== POST_STATUS.failed) return '';
    const reason = row.failureReason || 'studio_processing_failed';
    return isErrorKey(reason) ? errorMessage(reason, lang) : reason;
  }

  function view(row: Row, lang: ApiLang, amounts: { earned?: number; paid?: number }): ChannelPost {
    const status = STATUS_NAMES[row.status] ?? 'published';
    const byOperator = row.moderation?.action === 'take_down';
    const ready = row.status === POST_STATUS.published || row.status === POST_STATUS.taken_down;
    return {
      id: row.id,
      title: row.title,
      cover: url(row.coverKey),
      duration: Math.round(row.duration * 10) / 10,
      status: row.status,
      status_name: status,
      taken_down_by: status === 'taken_down' ? (byOperator ? 'operator' : 'creator') : null,
      moderation_reason: status === 'taken_down' && byOperator ? row.moderation!.reason : '',
      can_take_down: status === 'published' ? 1 : 0,
      can_put_up: status === 'taken_down' && !byOperator ? 1 : 0,
      failure_reason: failureText(row, lang),
      category_id: row.categoryId,
      category_name: row.categoryName[lang] ?? row.categoryName[DEFAULT_API_LANG],
      view_num: row.viewNum,
      like_num: row.likeNum,
      comment_num: row.commentNum,
      share_num: row.shareNum,
      watch_seconds: Math.round(row.watchSeconds),
      earned: taice(amounts.earned ?? 0),
      pool_paid: taice(amounts.paid ?? 0),
      created_at: row.createdAt.toISOString(),
      published_at: ready ? row.publishedAt.toISOString() : null,
    };
  }

  async function views(list: Row[], lang: ApiLang): Promise<ChannelPost[]> {
    const ids = list.map((r) => r.id);
    const [earned, paid] = await Promise.all([earnings.earnedByPost(ids), earnings.paidByPost(ids)]);
    return list.map((r) => view(r, lang, { earned: earned.get(r.id), paid: paid.get(r.id) }));
  }

  /** One of the caller's videos (not deleted), or `channel_post_not_found`. */
  async function own(userId: number, id: number): Promise<Row> {
    const [row] = await rows(and(eq(posts.id, id), mine(userId)));
    if (!row) throw new AppError('channel_post_not_found');
    return row;
  }

  async function one(userId: number, id: number, lang: ApiLang): Promise<ChannelPost> {
    const [post] = await views([await own(userId, id)], lang);
    return post!;
  }

  return {
    own,

    async list(userId: number, query: PageRequest & { status?: number }, lang: ApiLang) {
      const where = and(mine(userId), query.status === undefined ? undefined : eq(posts.status, query.status));
      const [found, [counted]] = await Promise.all([
        rows(where).orderBy(desc(posts.createdAt), desc(posts.id)).limit(query.size).offset(offsetOf(query)),
        db.select({ n: count() }).from(posts).where(where),
      ]);
      return pageResult(await views(found, lang), counted?.n ?? 0, query);
    },

    async detail(userId: number, id: number, lang: ApiLang): Promise<ChannelPostDetail> {
      const row = await own(userId, id);
      const [post] = await views([row], lang);
      const ready = row.status === POST_STATUS.published || row.status === POST_STATUS.taken_down;
      return {
        ...post!,
        description: row.description,
        tags: row.tags,
        ai_generated: row.aiGenerated ? 1 : 0,
        lang: row.lang,
        youtube_video_id: row.youtubeVideoId,
        media: {
          hls: ready ? url(row.hlsKey) : '',
          mp4: ready ? url(row.mp4Key) : '',
          preview: ready ? url(row.previewKey) : '',
          width: ready ? row.width : 0,
          height: ready ? row.height : 0,
        },
      };
    },

    /**
     * Deletes one of the caller's videos (status 3), of any status; a deleted one answers the same again. A
     * published one leaves the published counts and the feeds; its active reward pools are refunded.
     */
    async remove(userId: number, id: number): Promise<{ id: number; status: number }> {
      const wasPublished = await db.transaction(async (tx) => {
        const [post] = await tx
          .select({ authorId: posts.authorId, categoryId: posts.categoryId, status: posts.status })
          .from(posts)
          .where(eq(posts.id, id))
          .for('no key update'); // claims' foreign keys share the row: a key lock would deadlock with them
        if (!post || post.authorId !== userId) throw new AppError('channel_post_not_found');
        if (post.status === POST_STATUS.deleted) return false;
        await tx.update(posts).set({ status: POST_STATUS.deleted, updatedAt: clock.now() }).where(eq(posts.id, id));
        await closePools(tx, id);
        if (post.status !== POST_STATUS.published) return false;
        await countPublished(tx, post, -1);
        return true;
      });
      if (wasPublished) await events.emit(db, 'publishedChanged', { postId: id });
      return { id, status: POST_STATUS.deleted };
    },

    /**
     * Takes one of the caller's published videos down or puts one they took down back up. Asking for the status
     * the video already has answers it as it is; a video an operator took down stays down
     * (`channel_taken_down_by_operator`, with the operator's reason).
     */
    async upDown(userId: number, id: number, action: UpDownAction, lang: ApiLang): Promise<ChannelPost> {
      const { from, to, step } = MOVES[action];
      const changed = await db.transaction(async (tx) => {
        const [post] = await tx
          .select({ authorId: posts.authorId, categoryId: posts.categoryId, status: posts.status })
          .from(posts)
          .where(eq(posts.id, id))
          .for('update');
        if (!post || post.authorId !== userId || post.status === POST_STATUS.deleted) {
          throw new AppError('channel_post_not_found');
        }
        const byOperator = post.status === POST_STATUS.taken_down ? await operatorTookDown(tx, id) : null;
        if (action === 'put_up' && byOperator) {
          throw new AppError('channel_taken_down_by_operator', { reason: byOperator.reason });
        }
        if (post.status === to) return false;
        if (post.status !== from) {
          throw new AppError(action === 'take_down' ? 'channel_cannot_take_down' : 'channel_cannot_put_up');
        }
        await tx.update(posts).set({ status: to, updatedAt: clock.now() }).where(eq(posts.id, id));
        await countPublished(tx, post, step);
        return true;
      });
      if (changed) await events.emit(db, 'publishedChanged', { postId: id });
      return one(userId, id, lang);
    },

    /** The caller's videos (not deleted), ids only, for their statistics. */
    async ids(userId: number): Promise<number[]> {
      return (await db.select({ id: posts.id }).from(posts).where(mine(userId))).map((r) => r.id);
    },
  };
}

export type ChannelPosts = ReturnType<typeof createChannelPosts>;
