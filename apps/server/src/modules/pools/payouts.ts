import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database';

export interface PoolPayoutsQuery {
  /** The creator whose pools paid. */
  authorId: number;
  /** One video only. */
  postId?: number;
  /** Claims made at or after this instant... */
  from: Date;
  /** ...and before this one. */
  to: Date;
}

export interface PoolPayoutRow {
  /** Business day (UTC+8) of the claims, `YYYY-MM-DD`. */
  day: string;
  post_id: number;
  /** Hundredths of TAICE paid out of the creator's pools that day on that video (`taice()` to show). */
  amount: number;
  /** How many viewers claimed. */
  claims: number;
}

/**
 * What the creator's pools paid to viewers, per business day and video, oldest day first: for the channel's
 * statistics (issue 18). Days without claims have no row. One range of `post_reward_claims_by_creator`.
 */
export async function poolPayoutsByDay(db: Db | Tx, q: PoolPayoutsQuery): Promise<PoolPayoutRow[]> {
  const { rows } = await db.execute<PoolPayoutRow & Record<string, unknown>>(sql`
    select day::text as day, post_id, sum(amount)::float8 as amount, count(*)::int as claims
    from post_reward_claims
    where creator_id = ${q.authorId} and claimed_at >= ${q.from} and claimed_at < ${q.to}
      ${q.postId === undefined ? sql`` : sql`and post_id = ${q.postId}`}
    group by day, post_id
    order by day, post_id`);
  return rows.map((r) => ({ day: r.day, post_id: r.post_id, amount: Number(r.amount), claims: r.claims }));
}
