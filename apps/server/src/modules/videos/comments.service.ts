import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Comment } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { batchedReads } from '../../platform/turn/batched-reads';
import { preparedSelect } from '../../platform/db/prepared-select';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import { users } from '../accounts/accounts.schema';
import { flag, toggleReaction } from './reactions.service';
import type { Tx } from './video-events';
import type { VideosDeps } from './videos.deps';
import { commentReactions, comments, posts } from './videos.schema';

const replyTo = alias(users, 'reply_to_user');
const viewerReaction = alias(commentReactions, 'viewer_reaction');
/** What every comment read adds to the comment: its author and the viewer's reaction. */
const authorAndViewerColumns = {
  userId: users.id,
  userUuid: users.uuid,
  userNickname: users.nickname,
  userAvatar: users.avatar,
  viewerKind: viewerReaction.kind,
};

/**
 * Comments and replies. A reply always hangs under a top-level comment
 * (`parent_id`); answering a reply files it under the same top-level comment
 * with `reply_to` naming the answered user. Counters stay true: a post's
 * `comment_num` counts its visible comments and replies, a comment's
 * `reply_num` its visible replies. Deleting a top-level comment deletes its
 * replies with it. Writes that change a post's `comment_num` hold the post's
 * row lock, so a reply and the deletion of its parent never interleave.
 */
export function createComments({ db, clock, postCards, events }: VideosDeps) {
  function selectComments(q: Tx, viewerId: number | null) {
    return q
      .select({
        id: comments.id,
        postId: comments.postId,
        parentId: comments.parentId,
        content: comments.content,
        likeNum: comments.likeNum,
        dislikeNum: comments.dislikeNum,
        replyNum: comments.replyNum,
        createdAt: comments.createdAt,
        ...authorAndViewerColumns,
        replyToId: replyTo.id,
        replyToNickname: replyTo.nickname,
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .leftJoin(replyTo, eq(replyTo.id, comments.replyToUserId))
      .leftJoin(
        viewerReaction,
        and(eq(viewerReaction.commentId, comments.id), eq(viewerReaction.userId, viewerId ?? 0)),
      );
  }

  type CommentRow = Awaited<ReturnType<typeof selectComments>>[number];

  // The comment list of the video page, the hottest read after the page itself: the post's status,
  // the count and one page of comments with their authors in one statement, prepared once per
  // connection. The lists that requests ask for at the same moment are read together (decision 023).
  // A top-level comment answers no one, so the page reads no `reply_to`.
  const topLevelOf = (postId: SQL | typeof posts.id) =>
    and(eq(comments.postId, postId), isNull(comments.parentId), isNull(comments.deletedAt));
  const pageOfComments = db
    .select()
    .from(comments)
    .where(topLevelOf(posts.id))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  const topLevelCount = db
    .select({ total: sql<number>`count(*)::int`.as('total') })
    .from(comments)
    .where(topLevelOf(posts.id))
    .as('counted');
  const commentPages = db
    .select({
      postId: posts.id,
      viewer: sql<number>`k.viewer`,
      status: posts.status,
      total: topLevelCount.total,
      id: pageOfComments.id,
      parentId: pageOfComments.parentId,
      content: pageOfComments.content,
      likeNum: pageOfComments.likeNum,
      dislikeNum: pageOfComments.dislikeNum,
      replyNum: pageOfComments.replyNum,
      createdAt: pageOfComments.createdAt,
      ...authorAndViewerColumns,
    })
    .from(sql`unnest(${sql.placeholder('posts')}::int[], ${sql.placeholder('viewers')}::int[]) as k(post_id, viewer)`)
    .innerJoin(posts, sql`${posts.id} = k.post_id`)
    .crossJoinLateral(topLevelCount)
    .leftJoinLateral(pageOfComments, sql`true`)
    .leftJoin(users, eq(users.id, pageOfComments.userId))
    .leftJoin(
      viewerReaction,
      and(eq(viewerReaction.commentId, pageOfComments.id), sql`${viewerReaction.userId} = k.viewer`),
    )
    .orderBy(posts.id, sql`k.viewer`, desc(pageOfComments.createdAt), desc(pageOfComments.id));
  const commentPagesPrepared = preparedSelect(db, 'comment_pages', commentPages);
  type CommentPageRow = Awaited<typeof commentPages>[number];
  interface CommentPageKey {
    post: number;
    viewer: number;
    limit: number;
    offset: number;
  }
  const commentPage = batchedReads<CommentPageKey, CommentPageRow[]>({
    groupOf: (key) => `${key.limit}:${key.offset}`,
    idOf: (key) => `${key.post}:${key.viewer}`,
    async loadMany(keys) {
      const { limit, offset } = keys[0]!;
      const rows = await commentPagesPrepared.execute({
        posts: keys.map((k) => k.post),
        viewers: keys.map((k) => k.viewer),
        limit,
        offset,
      });
      const byKey = new Map<string, CommentPageRow[]>();
      for (const row of rows) {
        const key = `${row.postId}:${row.viewer}`;
        const list = byKey.get(key);
        if (list) list.push(row);
        else byKey.set(key, [row]);
      }
      return byKey;
    },
  });

  type TopLevelRow = Omit<CommentRow, 'replyToId' | 'replyToNickname'>;
  function toComment(row: CommentRow | TopLevelRow, viewerId: number | null): Comment {
    return {
      id: row.id,
      post_id: row.postId,
      parent_id: row.parentId ?? 0,
      content: row.content,
      user: { id: row.userId, uuid: row.userUuid, nickname: row.userNickname, avatar: row.userAvatar },
      reply_to:
        'replyToId' in row && row.replyToId !== null && row.replyToNickname !== null
          ? { id: row.replyToId, nickname: row.replyToNickname }
          : null,
      like_num: row.likeNum,
      dislike_num: row.dislikeNum,
      reply_num: row.replyNum,
      is_like: flag(row.viewerKind === 1),
      is_dislike: flag(row.viewerKind === -1),
      is_mine: flag(viewerId === row.userId),
      created_at: row.createdAt.toISOString(),
    };
  }

  async function listPage(where: SQL, order: SQL[], viewerId: number | null, page: PageRequest) {
    const [rows, [counted]] = await Promise.all([
      selectComments(db, viewerId)
        .where(where)
        .orderBy(...order)
        .limit(page.size)
        .offset(offsetOf(page)),
      db.select({ total: count() }).from(comments).where(where),
    ]);
    return pageResult(
      rows.map((row) => toComment(row, viewerId)),
      counted?.total ?? 0,
      page,
    );
  }

  /** A visible comment, locked when asked; `comment_not_found` otherwise. */
  async function visibleComment(q: Tx, commentId: number, forUpdate = false) {
    const query = q.select().from(comments).where(eq(comments.id, commentId));
    const [found] = forUpdate ? await query.for('update') : await query;
    if (!found || found.deletedAt) throw new AppError('comment_not_found');
    return found;
  }

  async function react(userId: number, commentId: number, pressed: 1 | -1) {
    return db.transaction(async (tx) => {
      const target = await visibleComment(tx, commentId, true);
      await postCards.publishedPost(target.postId, tx);
      const mine = and(eq(commentReactions.userId, userId), eq(commentReactions.commentId, commentId));
      const { shown } = await toggleReaction(
        {
          read: async () =>
            (await tx.select({ kind: commentReactions.kind }).from(commentReactions).where(mine))[0]?.kind,
          insert: (kind) => tx.insert(commentReactions).values({ userId, commentId, kind }),
          change: (kind) => tx.update(commentReactions).set({ kind }).where(mine),
          remove: () => tx.delete(commentReactions).where(mine),
          count: async (likeDelta, dislikeDelta) =>
            (
              await tx
                .update(comments)
                .set({
                  likeNum: sql`${comments.likeNum} + ${likeDelta}`,
                  dislikeNum: sql`${comments.dislikeNum} + ${dislikeDelta}`,
                })
                .where(eq(comments.id, commentId))
                .returning({ likeNum: comments.likeNum, dislikeNum: comments.dislikeNum })
            )[0]!,
        },
        pressed,
      );
      return shown;
    });
  }

  return {
    /** Top-level comments of a published video, newest first. */
    async commentList(postId: number, viewerId: number | null, page: PageRequest) {
      const rows =
        (await commentPage.load({ post: postId, viewer: viewerId ?? 0, limit: page.size, offset: offsetOf(page) })) ??
        [];
      postCards.assertPublished(rows[0]);
      // A post without comments comes back as one row with the page's columns null.
      const list = rows.flatMap((row) =>
        row.id === null || row.userId === null ? [] : [toComment(row as TopLevelRow, viewerId)],
      );
      return pageResult(list, rows[0]!.total, page);
    },

    /** Replies to a visible comment of a published video, oldest first. */
    async commentReplyList(commentId: number, viewerId: number | null, page: PageRequest) {
      const parent = await visibleComment(db, commentId);
      await postCards.publishedPost(parent.postId);
      const where = and(eq(comments.parentId, commentId), isNull(comments.deletedAt))!;
      return listPage(where, [asc(comments.createdAt), asc(comments.id)], viewerId, page);
    },

    /** A comment on a video, or a reply to one of its comments or replies (`parentId`). */
    async comment(userId: number, postId: number, content: string, parentId?: number): Promise<Comment> {
      return db.transaction(async (tx) => {
        await postCards.publishedPost(postId, tx, true);
        let topId: number | null = null;
        let replyToUserId: number | null = null;
        if (parentId !== undefined) {
          const answered = await visibleComment(tx, parentId);
          if (answered.postId !== postId) throw new AppError('comment_not_found');
          topId = answered.parentId ?? answered.id;
          replyToUserId = answered.parentId === null ? null : answered.userId;
          const [top] = await tx
            .update(comments)
            .set({ replyNum: sql`${comments.replyNum} + 1` })
            .where(and(eq(comments.id, topId), isNull(comments.deletedAt)))
            .returning({ id: comments.id });
          if (!top) throw new AppError('comment_not_found');
        }
        const now = clock.now();
        const [created] = await tx
          .insert(comments)
          .values({ postId, userId, parentId: topId, replyToUserId, content, createdAt: now })
          .returning({ id: comments.id });
        await tx
          .update(posts)
          .set({ commentNum: sql`${posts.commentNum} + 1` })
          .where(eq(posts.id, postId));
        await events.emit(tx, 'commentPosted', { userId, postId, commentId: created!.id, parentId: topId, at: now });
        const [row] = await selectComments(tx, userId).where(eq(comments.id, created!.id));
        return toComment(row!, userId);
      });
    },

    commentLike: (userId: number, commentId: number) => react(userId, commentId, 1),
    commentDislike: (userId: number, commentId: number) => react(userId, commentId, -1),

    /** Deletes one of the user's own comments; a top-level comment takes its replies with it. */
    async commentDel(userId: number, commentId: number): Promise<void> {
      const target = await visibleComment(db, commentId);
      if (target.userId !== userId) throw new AppError('comment_not_yours');
      await db.transaction(async (tx) => {
        // The post's lock orders this against replies being posted and other deletions.
        await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, target.postId)).for('update');
        const removed = await tx
          .update(comments)
          .set({ deletedAt: clock.now() })
          .where(and(or(eq(comments.id, commentId), eq(comments.parentId, commentId)), isNull(comments.deletedAt)))
          .returning({ id: comments.id });
        if (!removed.some((row) => row.id === commentId)) throw new AppError('comment_not_found');
        await tx
          .update(posts)
          .set({ commentNum: sql`${posts.commentNum} - ${removed.length}` })
          .where(eq(posts.id, target.postId));
        if (target.parentId === null) {
          await tx.update(comments).set({ replyNum: 0 }).where(eq(comments.id, commentId));
        } else {
          await tx
            .update(comments)
            .set({ replyNum: sql`${comments.replyNum} - 1` })
            .where(eq(comments.id, target.parentId));
        }
      });
    },
  };
}

export type Comments = ReturnType<typeof createComments>;
