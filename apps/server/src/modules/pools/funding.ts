import { and, count, desc, eq, sql } from 'drizzle-orm';
import { POOL_MAX_DAYS, POOL_MAX_SLOTS, POST_STATUS, type Pool } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { queueJob } from '../../platform/jobs/jobs';
import { taice } from '../../platform/money';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import type { Clock } from '../../platform/time/clock';
import type { Db, Tx } from '../../platform/db/database';
import type { Ledger } from '../points/points.module';
import { posts } from '../videos/videos.schema';
import { watchSecondsFor } from './pool-types';
import { postRewardPools } from './pools.schema';

export type PoolRow = typeof postRewardPools.$inferSelect;

/** The job that closes a pool at its end and returns what is left (queued with the pool). */
export const POOL_END_TASK = 'pools.end';

export interface FundRequest {
  creatorId: number;
  postId: number;
  type: number;
  /** TAICE, as the call carries them. */
  total: number;
  amount: number;
  watchSeconds?: number;
  endAt?: string | null;
  idempotencyKey: string;
}

const hundredths = (value: number) => Math.round(value * 100);

/** A pool past its end pays nothing even before its job has closed it. */
export const isOver = (pool: PoolRow, now: Date) => pool.endAt !== null && pool.endAt.getTime() <= now.getTime();

export function poolView(pool: PoolRow, postTitle: string, now: Date): Pool {
  const open = pool.status === 'active' && !isOver(pool, now);
  return {
    id: pool.id,
    post_id: pool.postId,
    post_title: postTitle,
    type: pool.type,
    total: taice(pool.total),
    amount: taice(pool.amount),
    watch_seconds: pool.watchSeconds,
    slots: pool.slots,
    claimed: pool.claimed,
    left: open ? pool.slots - pool.claimed : 0,
    left_amount: taice(pool.leftAmount),
    refunded: taice(pool.refunded),
    status: pool.status === 'active' && !open ? 'ended' : pool.status,
    end_at: pool.endAt?.toISOString() ?? null,
    created_at: pool.createdAt.toISOString(),
    closed_at: pool.closedAt?.toISOString() ?? null,
  };
}

/**
 * Funding, cancelling and ending pools (decision 050). Money moves only through the ledger: funding puts the
 * total in the `pools` escrow (`pool:{id}:fund`), closing returns the unspent part (`pool:{id}:refund`, so
 * a cancel racing the end job refunds once). A pool's row is where claims, cancel and end meet: each
 * changes it with one conditional update, so whichever comes first wins and the others see it closed.
 */
export function createFunding(deps: { db: Db; clock: Clock; ledger: Ledger }) {
  const { db, clock, ledger } = deps;

  async function titleOf(tx: Tx, postId: number): Promise<string> {
    const [post] = await tx.select({ title: posts.title }).from(posts).where(eq(posts.id, postId));
    return post?.title ?? '';
  }

  /**
   * Closes an active pool (`cancelled` or `ended`) and gives the creator what it still holds; null when it
   * is not active any more (someone closed it first), or, for `ended`, not past its end yet.
   */
  async function close(tx: Tx, poolId: number, status: 'cancelled' | 'ended', now: Date, creatorId?: number) {
    const [closed] = await tx
      .update(postRewardPools)
      .set({
        status,
        closedAt: now,
        refunded: sql`${postRewardPools.refunded} + ${postRewardPools.leftAmount}`,
        leftAmount: 0,
      })
      .where(
        and(
          eq(postRewardPools.id, poolId),
          eq(postRewardPools.status, 'active'),
          creatorId === undefined ? undefined : eq(postRewardPools.creatorId, creatorId),
          status === 'ended' ? sql`${postRewardPools.endAt} <= ${now}` : undefined,
        ),
      )
      .returning();
    if (!closed) return null;
    if (closed.refunded === 0) return closed;
    const refund = await ledger.release(tx, {
      userId: closed.creatorId,
      amount: closed.refunded,
      reason: 'pool_refund',
      eventKey: `pool:${closed.id}:refund`,
      bucket: 'spendable',
      memo: `pool ${closed.id} ${status}`,
      at: now,
    });
    const [row] = await tx
      .update(postRewardPools)
      .set({ refundEntryId: refund.entryId })
      .where(eq(postRewardPools.id, closed.id))
      .returning();
    return row!;
  }

  /** The caller's post, ready for a pool, or the refusal that says why not. */
  async function ownReadyPost(tx: Tx, creatorId: number, postId: number) {
    const [post] = await tx
      .select({ authorId: posts.authorId, status: posts.status, duration: posts.duration, title: posts.title })
      .from(posts)
      .where(eq(posts.id, postId));
    if (!post || post.status === POST_STATUS.deleted) throw new AppError('post_not_found');
    if (post.authorId !== creatorId) throw new AppError('pool_post_not_yours');
    if (post.status !== POST_STATUS.published) throw new AppError('pool_post_not_ready');
    return post;
  }

  /** What the request asks, in hundredths and seconds, or the refusal of a field. */
  function terms(r: FundRequest, duration: number, now: Date) {
    const total = hundredths(r.total);
    const amount = hundredths(r.amount);
    if (total % amount !== 0) throw new AppError('pool_total_not_multiple', { amount: taice(amount).toFixed(2) });
    const slots = total / amount;
    if (slots > POOL_MAX_SLOTS) throw new AppError('pool_too_many_slots', { max: POOL_MAX_SLOTS });
    const watchSeconds = watchSecondsFor(r.type, duration, r.watchSeconds);
    if (watchSeconds === undefined) throw new AppError('pool_watch_required');
    if (watchSeconds > Math.floor(duration)) throw new AppError('pool_watch_too_long', { max: Math.floor(duration) });
    const endAt = r.endAt ? new Date(r.endAt) : null;
    if (
      endAt &&
      (endAt.getTime() <= now.getTime() + 60_000 || endAt.getTime() > now.getTime() + POOL_MAX_DAYS * 86_400_000)
    ) {
      throw new AppError('pool_end_invalid', { days: POOL_MAX_DAYS });
    }
    return { total, amount, slots, watchSeconds, endAt };
  }

  return {
    close,

    /**
     * Funds a pool in ONE transaction: the same idempotency key returns the first pool; the post must be
     * the caller's and published, with no other active pool; the spendable bucket pays the total into
     * escrow (`insufficient_balance` writes nothing); the end job is queued with it. A creator's fundings
     * run one at a time (an advisory lock, taken first), which is what makes the key hold under parallel
     * requests.
     */
    async fund(r: FundRequest): Promise<Pool> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`pool-fund:${r.creatorId}`}, 0))`);
        const now = clock.now();
        const [first] = await tx
          .select()
          .from(postRewardPools)
          .where(and(eq(postRewardPools.creatorId, r.creatorId), eq(postRewardPools.idempotencyKey, r.idempotencyKey)));
        if (first) {
          if (first.postId !== r.postId) throw new AppError('pool_key_reused');
          return poolView(first, await titleOf(tx, first.postId), now);
        }
        const post = await ownReadyPost(tx, r.creatorId, r.postId);
        const t = terms(r, post.duration, now);
        const [active] = await tx
          .select()
          .from(postRewardPools)
          .where(and(eq(postRewardPools.postId, r.postId), eq(postRewardPools.status, 'active')));
        // A pool past its end whose job has not run yet is closed here, as the job would.
        if (active && !(isOver(active, now) && (await close(tx, active.id, 'ended', now)))) {
          throw new AppError('pool_already_active');
        }
        const { rows } = await tx.execute<{ id: number }>(
          sql`select nextval(pg_get_serial_sequence('post_reward_pools', 'id'))::int as id`,
        );
        const id = rows[0]!.id;
        const paid = await ledger.escrow(tx, {
          userId: r.creatorId,
          amount: t.total,
          reason: 'pool_fund',
          eventKey: `pool:${id}:fund`,
          bucket: 'spendable',
          memo: `pool ${id} on video ${r.postId}`,
          at: now,
        });
        const [pool] = await tx
          .insert(postRewardPools)
          .values({
            id,
            postId: r.postId,
            creatorId: r.creatorId,
            type: r.type,
            total: t.total,
            amount: t.amount,
            watchSeconds: t.watchSeconds,
            slots: t.slots,
            leftAmount: t.total,
            endAt: t.endAt,
            idempotencyKey: r.idempotencyKey,
            fundEntryId: paid.entryId,
            createdAt: now,
          })
          .returning();
        if (t.endAt) {
          await queueJob(tx, POOL_END_TASK, { poolId: id }, { key: `${POOL_END_TASK}:${id}`, runAt: t.endAt });
        }
        return poolView(pool!, post.title, now);
      });
    },

    /** Closes one of the caller's active pools and returns its unspent part, once. */
    async cancel(creatorId: number, poolId: number): Promise<Pool> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const closed = await close(tx, poolId, 'cancelled', now, creatorId);
        if (closed) return poolView(closed, await titleOf(tx, closed.postId), now);
        const [pool] = await tx.select().from(postRewardPools).where(eq(postRewardPools.id, poolId));
        if (!pool || pool.creatorId !== creatorId) throw new AppError('pool_not_found');
        throw new AppError('pool_not_active');
      });
    },

    /**
     * Closes every active pool of a video that is being deleted, inside the deletion's transaction, and
     * gives each creator what it still holds: nobody can watch a deleted video to claim, and nobody can
     * reach its pools to cancel them.
     */
    async closeAllOfPost(tx: Tx, postId: number): Promise<number> {
      const now = clock.now();
      const active = await tx
        .select({ id: postRewardPools.id })
        .from(postRewardPools)
        .where(and(eq(postRewardPools.postId, postId), eq(postRewardPools.status, 'active')));
      for (const pool of active) await close(tx, pool.id, 'cancelled', now);
      return active.length;
    },

    /**
     * The end job: closes the pool if it is still active and past its end (a cancel or a second run finds
     * it closed and does nothing). A job that ran early (clocks apart) is queued again for the end.
     */
    async end(poolId: number): Promise<'ended' | 'closed' | 'later'> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        if (await close(tx, poolId, 'ended', now)) return 'ended';
        const [pool] = await tx.select().from(postRewardPools).where(eq(postRewardPools.id, poolId));
        if (!pool || pool.status !== 'active' || !pool.endAt) return 'closed';
        await queueJob(tx, POOL_END_TASK, { poolId }, { key: `${POOL_END_TASK}:${poolId}`, runAt: pool.endAt });
        return 'later';
      });
    },

    /** The caller's pools, newest first (of one video when asked). */
    async list(creatorId: number, q: PageRequest & { post_id?: number }) {
      const where = and(
        eq(postRewardPools.creatorId, creatorId),
        q.post_id === undefined ? undefined : eq(postRewardPools.postId, q.post_id),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ pool: postRewardPools, title: posts.title })
          .from(postRewardPools)
          .innerJoin(posts, eq(posts.id, postRewardPools.postId))
          .where(where)
          .orderBy(desc(postRewardPools.id))
          .limit(q.size)
          .offset(offsetOf(q)),
        db.select({ n: count() }).from(postRewardPools).where(where),
      ]);
      const now = clock.now();
      return pageResult(
        rows.map((r) => poolView(r.pool, r.title, now)),
        total?.n ?? 0,
        q,
      );
    },
  };
}

export type Funding = ReturnType<typeof createFunding>;
