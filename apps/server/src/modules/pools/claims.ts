import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { POST_STATUS, type PostReward } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { businessDay } from '../../platform/time/business-day';
import { taice } from '../../platform/money';
import type { Clock } from '../../platform/time/clock';
import type { Db, Tx } from '../../platform/db/database';
import type { Ledger } from '../points/points.module';
import { posts, watchSessions } from '../videos/videos.schema';
import { isOver, poolView, type PoolRow } from './funding';
import { postRewardClaims, postRewardPools } from './pools.schema';

/** Sessions credit tenths of seconds; a viewer a hair short of the mark has watched it. */
const EPSILON = 0.05;

/**
 * What viewers see and claim (decision 050). Watching is the server's measure: the seconds credited by
 * heartbeats to the viewer's sessions on the video opened since the pool was funded (`watch_sessions`,
 * decision 013), so time watched before the pool existed does not count for it.
 */
export function createClaims(deps: { db: Db; clock: Clock; ledger: Ledger }) {
  const { db, clock, ledger } = deps;

  /** The video's active pool, else its latest; null when it never had one. */
  async function poolOf(tx: Tx, postId: number): Promise<PoolRow | null> {
    const [pool] = await tx
      .select()
      .from(postRewardPools)
      .where(eq(postRewardPools.postId, postId))
      .orderBy(sql`${postRewardPools.status} = 'active' desc`, desc(postRewardPools.id))
      .limit(1);
    return pool ?? null;
  }

  async function hasClaimed(tx: Tx, poolId: number, userId: number): Promise<boolean> {
    const [row] = await tx
      .select({ poolId: postRewardClaims.poolId })
      .from(postRewardClaims)
      .where(and(eq(postRewardClaims.poolId, poolId), eq(postRewardClaims.userId, userId)));
    return Boolean(row);
  }

  /** Seconds the server credited to the viewer on the pool's video since the pool was funded. */
  async function watched(tx: Tx, pool: PoolRow, userId: number): Promise<number> {
    const [row] = await tx
      .select({ seconds: sql<number>`coalesce(sum(${watchSessions.credited}), 0)::float8` })
      .from(watchSessions)
      .where(
        and(
          eq(watchSessions.viewerKey, `user:${userId}`),
          eq(watchSessions.postId, pool.postId),
          gte(watchSessions.startedAt, pool.createdAt),
        ),
      );
    return Number(row?.seconds ?? 0);
  }

  const secondsLeft = (pool: PoolRow, seconds: number) => Math.max(0, Math.ceil(pool.watchSeconds - seconds - EPSILON));

  /** Why a pool that is not paying does not: ended (closed, cancelled or past its end) or spent. */
  function closedReason(pool: PoolRow, now: Date): AppError {
    if (pool.status === 'spent') return new AppError('pool_empty');
    if (pool.status === 'active' && !isOver(pool, now) && pool.leftAmount < pool.amount)
      return new AppError('pool_empty');
    return new AppError('pool_ended');
  }

  return {
    async detail(postId: number, userId: number | null): Promise<PostReward | null> {
      const pool = await poolOf(db, postId);
      if (!pool) return null;
      const view = poolView(pool, '', clock.now());
      return {
        id: pool.id,
        post_id: pool.postId,
        type: pool.type,
        amount: view.amount,
        left: view.left,
        slots: pool.slots,
        watch_seconds: pool.watchSeconds,
        status: view.status,
        end_at: view.end_at,
        is_claim: userId !== null && (await hasClaimed(db, pool.id, userId)) ? 1 : 0,
        is_creator: userId === pool.creatorId ? 1 : 0,
      };
    },

    async countdown(postId: number, userId: number) {
      const pool = await poolOf(db, postId);
      const now = clock.now();
      if (!pool || pool.status !== 'active' || isOver(pool, now)) {
        const claimed = pool ? await hasClaimed(db, pool.id, userId) : false;
        return {
          post_id: postId,
          pool_id: null,
          watch_seconds: 0,
          watched: 0,
          countdown: 0,
          can_claim: 0 as const,
          is_claim: claimed ? (1 as const) : (0 as const),
        };
      }
      const [seconds, claimed] = await Promise.all([watched(db, pool, userId), hasClaimed(db, pool.id, userId)]);
      const left = secondsLeft(pool, seconds);
      const canClaim = !claimed && left === 0 && pool.creatorId !== userId && pool.leftAmount >= pool.amount;
      return {
        post_id: postId,
        pool_id: pool.id,
        watch_seconds: pool.watchSeconds,
        watched: Math.round(Math.min(seconds, pool.watchSeconds) * 10) / 10,
        countdown: left,
        can_claim: canClaim ? (1 as const) : (0 as const),
        is_claim: claimed ? (1 as const) : (0 as const),
      };
    },

    /**
     * Pays the viewer one reward of the video's active pool, in ONE transaction: the ledger entry
     * (`pool:{id}:claim:{user}`: a second claim, even a parallel one, moves nothing and is refused), then
     * one conditional update of the pool's row that takes the amount only while the pool is active, not
     * past its end and holds it (parallel claims queue there, briefly: the last thing before the commit
     * but the claim's own row), so the pool is never overspent and a cancel in between wins cleanly.
     */
    async claim(postId: number, userId: number) {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const [post] = await tx.select({ status: posts.status }).from(posts).where(eq(posts.id, postId));
        if (!post || post.status === POST_STATUS.deleted) throw new AppError('post_not_found');
        if (post.status !== POST_STATUS.published) throw new AppError('post_unavailable');
        const pool = await poolOf(tx, postId);
        if (!pool) throw new AppError('pool_none');
        if (pool.creatorId === userId) throw new AppError('pool_own_video');
        if (await hasClaimed(tx, pool.id, userId)) throw new AppError('pool_already_claimed');
        if (pool.status !== 'active' || isOver(pool, now)) throw closedReason(pool, now);
        const left = secondsLeft(pool, await watched(tx, pool, userId));
        if (left > 0) throw new AppError('pool_watch_first', { seconds: left });
        const paid = await ledger.release(tx, {
          userId,
          amount: pool.amount,
          reason: 'pool_claim',
          eventKey: `pool:${pool.id}:claim:${userId}`,
          bucket: 'spendable',
          memo: `pool ${pool.id} on video ${postId}`,
          at: now,
        });
        if (!paid.moved) throw new AppError('pool_already_claimed');
        const [taken] = await tx
          .update(postRewardPools)
          .set({
            leftAmount: sql`${postRewardPools.leftAmount} - ${postRewardPools.amount}`,
            claimed: sql`${postRewardPools.claimed} + 1`,
            status: sql`case when ${postRewardPools.leftAmount} - ${postRewardPools.amount} < ${postRewardPools.amount} then 'spent' else 'active' end`,
            closedAt: sql`case when ${postRewardPools.leftAmount} - ${postRewardPools.amount} < ${postRewardPools.amount} then ${now}::timestamptz end`,
          })
          .where(
            and(
              eq(postRewardPools.id, pool.id),
              eq(postRewardPools.status, 'active'),
              sql`${postRewardPools.leftAmount} >= ${postRewardPools.amount}`,
              sql`(${postRewardPools.endAt} is null or ${postRewardPools.endAt} > ${now})`,
            ),
          )
          .returning();
        if (!taken) {
          const [current] = await tx.select().from(postRewardPools).where(eq(postRewardPools.id, pool.id));
          throw closedReason(current!, now);
        }
        await tx.insert(postRewardClaims).values({
          poolId: pool.id,
          postId,
          creatorId: pool.creatorId,
          userId,
          amount: pool.amount,
          day: businessDay(now),
          entryId: paid.entryId,
          claimedAt: now,
        });
        return {
          pool_id: pool.id,
          post_id: postId,
          amount: taice(pool.amount),
          left: taken.slots - taken.claimed,
          claimed_at: now.toISOString(),
        };
      });
    },
  };
}

export type Claims = ReturnType<typeof createClaims>;
