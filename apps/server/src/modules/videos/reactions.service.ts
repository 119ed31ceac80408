import { and, count, desc, eq, sql } from 'drizzle-orm';
import { POST_STATUS } from '@taice/contract';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import type { VideosDeps } from './videos.deps';
import { postCollects, postReactions, posts } from './videos.schema';

export type Flag = 0 | 1;
export const flag = (value: boolean): Flag => (value ? 1 : 0);

/** 1 like, -1 dislike, 0 none. */
export type ReactionKind = 1 | -1 | 0;

/** Where a user's like / dislike of one target (a post, a comment) is kept, and the target's counters. */
export interface ReactionStore {
  /** The user's current reaction row's kind, if any. */
  read(): Promise<number | undefined>;
  insert(kind: 1 | -1): Promise<unknown>;
  change(kind: 1 | -1): Promise<unknown>;
  remove(): Promise<unknown>;
  /** Moves the target's counters and returns them. */
  count(likeDelta: number, dislikeDelta: number): Promise<{ likeNum: number; dislikeNum: number }>;
}

/**
 * A like / dislike button press: pressing the active one takes it back, pressing the other replaces
 * it; the target's counters move by the difference. Returns the new kind and what the client shows.
 */
export async function toggleReaction(store: ReactionStore, pressed: 1 | -1) {
  const before = ((await store.read()) ?? 0) as ReactionKind;
  const after: ReactionKind = before === pressed ? 0 : pressed;
  if (after === 0) await store.remove();
  else if (before === 0) await store.insert(after);
  else await store.change(after);
  const counts = await store.count(
    Number(after === 1) - Number(before === 1),
    Number(after === -1) - Number(before === -1),
  );
  return {
    after,
    shown: {
      is_like: flag(after === 1),
      is_dislike: flag(after === -1),
      like_num: counts.likeNum,
      dislike_num: counts.dislikeNum,
    },
  };
}

/**
 * Likes, dislikes and Liked Videos. Every toggle runs in one transaction
 * holding the post's row lock, so parallel presses are applied one after the
 * other and the post's counters always equal its reaction rows.
 */
export function createReactions({ db, clock, postCards, events }: VideosDeps) {
  async function react(userId: number, postId: number, pressed: 1 | -1) {
    return db.transaction(async (tx) => {
      await postCards.publishedPost(postId, tx, true);
      const mine = and(eq(postReactions.userId, userId), eq(postReactions.postId, postId));
      const now = clock.now();
      const { after, shown } = await toggleReaction(
        {
          read: async () => (await tx.select({ kind: postReactions.kind }).from(postReactions).where(mine))[0]?.kind,
          insert: (kind) => tx.insert(postReactions).values({ userId, postId, kind, createdAt: now }),
          change: (kind) => tx.update(postReactions).set({ kind, createdAt: now }).where(mine),
          remove: () => tx.delete(postReactions).where(mine),
          count: async (likeDelta, dislikeDelta) =>
            (
              await tx
                .update(posts)
                .set({
                  likeNum: sql`${posts.likeNum} + ${likeDelta}`,
                  dislikeNum: sql`${posts.dislikeNum} + ${dislikeDelta}`,
                })
                .where(eq(posts.id, postId))
                .returning({ likeNum: posts.likeNum, dislikeNum: posts.dislikeNum })
            )[0]!,
        },
        pressed,
      );
      if (after === 1) await events.emit(tx, 'videoLiked', { userId, postId, at: now });
      return shown;
    });
  }

  return {
    like: (userId: number, postId: number) => react(userId, postId, 1),
    dislike: (userId: number, postId: number) => react(userId, postId, -1),

    /** Adds the video to Liked Videos, or takes it out. */
    async collect(userId: number, postId: number) {
      return db.transaction(async (tx) => {
        await postCards.publishedPost(postId, tx, true);
        const removed = await tx
          .delete(postCollects)
          .where(and(eq(postCollects.userId, userId), eq(postCollects.postId, postId)))
          .returning({ postId: postCollects.postId });
        const collected = removed.length === 0;
        if (collected) await tx.insert(postCollects).values({ userId, postId, createdAt: clock.now() });
        const [counts] = await tx
          .update(posts)
          .set({ collectNum: sql`${posts.collectNum} + ${collected ? 1 : -1}` })
          .where(eq(posts.id, postId))
          .returning({ collectNum: posts.collectNum });
        return { is_collect: flag(collected), collect_num: counts!.collectNum };
      });
    },

    /** Liked Videos, last added first; videos taken down or deleted since are left out. */
    async collectLog(userId: number, page: PageRequest) {
      const where = and(eq(postCollects.userId, userId), eq(posts.status, POST_STATUS.published));
      const [rows, [counted]] = await Promise.all([
        postCards
          .cards({ collectedAt: postCollects.createdAt })
          .innerJoin(postCollects, eq(postCollects.postId, posts.id))
          .where(where)
          .orderBy(desc(postCollects.createdAt), desc(postCollects.postId))
          .limit(page.size)
          .offset(offsetOf(page)),
        db
          .select({ total: count() })
          .from(postCollects)
          .innerJoin(posts, eq(posts.id, postCollects.postId))
          .where(where),
      ]);
      const list = rows.map((row) => ({ ...postCards.toCard(row), collected_at: row.collectedAt.toISOString() }));
      return pageResult(list, counted?.total ?? 0, page);
    },
  };
}

export type Reactions = ReturnType<typeof createReactions>;
