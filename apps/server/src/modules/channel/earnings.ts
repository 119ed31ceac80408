import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { POST_STATUS } from '@taice/contract';
import type { Db } from '../../platform/db/database';
import { posts } from '../videos/videos.schema';
import { postRewardPools } from '../pools/pools.schema';
import { poolPayoutsByDay } from '../pools/pools.module';
import { plusDays, startOf } from './activity';

/** Hundredths of TAICE per video. */
export type AmountsByPost = Map<number, number>;

/**
 * What the channel's videos earned their creator and paid out of the creator's pools (decision 051), in
 * hundredths of TAICE.
 *
 * - Paid: every claim of a pool pays its `amount`, so a pool has paid `claimed × amount`; the pools of a video
 *   (or of a creator, through `post_reward_pools_by_creator`) are a few rows.
 * - Earned: TAICE credited to the creator because of a video. No earning rule pays a creator for their videos
 *   yet (every credit of the points economy pays a member's own activity), so this is 0 until one does; that
 *   rule's entries will be summed here.
 */
export function createChannelEarnings(db: Db) {
  const paid = sql<number>`coalesce(sum(${postRewardPools.claimed}::bigint * ${postRewardPools.amount}), 0)::float8`;

  return {
    /** Paid out of the pools of each of `postIds`. */
    async paidByPost(postIds: number[]): Promise<AmountsByPost> {
      if (postIds.length === 0) return new Map();
      const rows = await db
        .select({ postId: postRewardPools.postId, paid })
        .from(postRewardPools)
        .where(inArray(postRewardPools.postId, postIds))
        .groupBy(postRewardPools.postId);
      return new Map(rows.map((r) => [r.postId, Number(r.paid)]));
    },

    /** Paid out of the creator's pools on their videos that are not deleted. */
    async paidByCreator(authorId: number): Promise<number> {
      const [row] = await db
        .select({ paid })
        .from(postRewardPools)
        .innerJoin(posts, eq(posts.id, postRewardPools.postId))
        .where(and(eq(postRewardPools.creatorId, authorId), ne(posts.status, POST_STATUS.deleted)));
      return Number(row?.paid ?? 0);
    },

    /** Earned by each of `postIds` (none yet: see above). */
    async earnedByPost(postIds: number[]): Promise<AmountsByPost> {
      void postIds;
      return new Map();
    },

    /** Earned by the creator's videos (none yet: see above). */
    async earnedByCreator(authorId: number): Promise<number> {
      void authorId;
      return 0;
    },

    /**
     * Paid out of the creator's pools per business day from `first` to `last` (all their videos but deleted
     * ones, or `postId`), from the pools module's claims.
     */
    async paidByDay(authorId: number, first: string, last: string, postId?: number): Promise<Map<string, number>> {
      const rows = await poolPayoutsByDay(db, {
        authorId,
        postId,
        from: startOf(first),
        to: startOf(plusDays(last, 1)),
      });
      const deleted =
        postId === undefined && rows.length > 0
          ? new Set(
              (
                await db
                  .select({ id: posts.id })
                  .from(posts)
                  .where(
                    and(
                      inArray(posts.id, [...new Set(rows.map((r) => r.post_id))]),
                      eq(posts.status, POST_STATUS.deleted),
                    ),
                  )
              ).map((r) => r.id),
            )
          : new Set<number>();
      const byDay = new Map<string, number>();
      for (const r of rows) {
        if (!deleted.has(r.post_id)) byDay.set(r.day, (byDay.get(r.day) ?? 0) + r.amount);
      }
      return byDay;
    },
  };
}

export type ChannelEarnings = ReturnType<typeof createChannelEarnings>;
