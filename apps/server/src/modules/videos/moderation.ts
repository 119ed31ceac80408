import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_API_LANG,
  POST_STATUS,
  VIDEO_STATUSES,
  type ApiLang,
  type ModerationAction,
  type OpsVideo,
  type VideoStatus,
} from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import type { Tx } from '../../platform/db/database';
import { users } from '../accounts/accounts.schema';
import { audit, type OperatorActor } from '../operators/operators.module';
import type { VideosDeps } from './videos.deps';
import { countPublished } from './published-counts';
import { categories, postModerations, posts } from './videos.schema';

export interface VideoQuery extends PageRequest {
  q?: string;
  status?: VideoStatus;
  author_id?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const statusName = (status: number): VideoStatus =>
  VIDEO_STATUSES.find((name) => POST_STATUS[name] === status) ?? 'deleted';

/** The latest take-down or put-up of the row's post, as JSON (null if never). */
const lastModeration = sql<{ action: ModerationAction; reason: string; by: string; at: string } | null>`(
  select json_build_object('action', m.action, 'reason', m.reason, 'by', m.actor, 'at', m.created_at)
  from ${postModerations} m where m.post_id = ${posts.id} order by m.id desc limit 1)`;

/** What a change of status does: the status it needs, the one it makes, and the counters' step. */
const MOVES = {
  take_down: { from: POST_STATUS.published, to: POST_STATUS.taken_down, step: -1, refused: 'video_already_taken_down' },
  put_up: { from: POST_STATUS.taken_down, to: POST_STATUS.published, step: 1, refused: 'video_not_taken_down' },
} as const;

/**
 * Moderation of videos: operators find any video and take it down or put it back up, with a reason. The
 * change, its history row, the creator's and the category's published counts, the audit row and (through
 * `videoModerated`) the creator's message are one transaction; `publishedChanged` follows the commit, so
 * pages kept for visitors are dropped at once.
 */
export function createModeration({ db, clock, events, postCards }: VideosDeps) {
  const rows = (where: SQL | undefined) =>
    db
      .select({
        post: {
          id: posts.id,
          title: posts.title,
          description: posts.description,
          coverKey: posts.coverKey,
          duration: posts.duration,
          lang: posts.lang,
          status: posts.status,
          categoryId: posts.categoryId,
          viewNum: posts.viewNum,
          likeNum: posts.likeNum,
          commentNum: posts.commentNum,
          publishedAt: posts.publishedAt,
        },
        author: { id: users.id, uuid: users.uuid, nickname: users.nickname, avatar: users.avatar },
        categoryName: categories.name,
        moderation: lastModeration,
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .innerJoin(categories, eq(categories.id, posts.categoryId))
      .where(where);
  type Row = Awaited<ReturnType<typeof rows>>[number];

  const view = (r: Row, lang: ApiLang): OpsVideo => ({
    id: r.post.id,
    title: r.post.title,
    description: r.post.description,
    cover: postCards.mediaUrl(r.post.coverKey),
    duration: Math.round(r.post.duration * 10) / 10,
    lang: r.post.lang,
    status: statusName(r.post.status),
    category_id: r.post.categoryId,
    category_name: r.categoryName[lang] ?? r.categoryName[DEFAULT_API_LANG],
    author: r.author,
    view_num: r.post.viewNum,
    like_num: r.post.likeNum,
    comment_num: r.post.commentNum,
    published_at: r.post.publishedAt.toISOString(),
    moderation: r.moderation && { ...r.moderation, at: new Date(r.moderation.at).toISOString() },
  });

  /** `q`: a video id, or a piece of the title, or the creator's name (a piece) or uuid. */
  function matching(q: string | undefined): SQL | undefined {
    if (!q) return undefined;
    const found = or(
      sql`strpos(lower(${posts.title}), lower(${q})) > 0`,
      sql`strpos(lower(${users.nickname}), lower(${q})) > 0`,
    );
    if (UUID.test(q)) return or(eq(users.uuid, q), found);
    return /^\d{1,9}$/.test(q) ? or(eq(posts.id, Number(q)), found) : found;
  }

  async function one(id: number, lang: ApiLang): Promise<OpsVideo> {
    const [row] = await rows(eq(posts.id, id));
    if (!row) throw new AppError('post_not_found');
    return view(row, lang);
  }

  async function move(actor: OperatorActor, action: ModerationAction, id: number, reason: string, lang: ApiLang) {
    const { from, to, step, refused } = MOVES[action];
    const postId = await db.transaction(async (tx: Tx) => {
      const now = clock.now();
      const [post] = await tx.select().from(posts).where(eq(posts.id, id)).for('update');
      if (!post || post.status === POST_STATUS.deleted) throw new AppError('post_not_found');
      if (post.status !== from) throw new AppError(refused);
      await tx.update(posts).set({ status: to, updatedAt: now }).where(eq(posts.id, id));
      await countPublished(tx, post, step);
      await tx.insert(postModerations).values({ postId: id, action, reason, actor: actor.who, createdAt: now });
      await audit(
        tx,
        actor,
        {
          action: `video.${action}`,
          targetType: 'post',
          targetId: id,
          before: { status: statusName(from) },
          after: { status: statusName(to), reason },
        },
        now,
      );
      await events.emit(tx, 'videoModerated', {
        postId: id,
        authorId: post.authorId,
        title: post.title,
        action,
        reason,
        at: now,
      });
      return id;
    });
    await events.emit(db, 'publishedChanged', { postId });
    return one(postId, lang);
  }

  return {
    async list(query: VideoQuery, lang: ApiLang) {
      const where = and(
        query.status ? eq(posts.status, POST_STATUS[query.status]) : undefined,
        query.author_id ? eq(posts.authorId, query.author_id) : undefined,
        matching(query.q),
      );
      const [found, [counted]] = await Promise.all([
        rows(where).orderBy(desc(posts.id)).limit(query.size).offset(offsetOf(query)),
        db.select({ n: count() }).from(posts).innerJoin(users, eq(users.id, posts.authorId)).where(where),
      ]);
      return pageResult(
        found.map((r) => view(r, lang)),
        counted?.n ?? 0,
        query,
      );
    },

    takeDown: (actor: OperatorActor, id: number, reason: string, lang: ApiLang) =>
      move(actor, 'take_down', id, reason, lang),

    putUp: (actor: OperatorActor, id: number, reason: string, lang: ApiLang) => move(actor, 'put_up', id, reason, lang),
  };
}

export type Moderation = ReturnType<typeof createModeration>;
