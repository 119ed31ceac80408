import { sql } from 'drizzle-orm';
import type { Tx } from '../videos/video-events';

/** The users whose points lock a transaction already holds (it lasts until that transaction ends). */
const held = new WeakMap<Tx, Set<number>>();

/**
 * Serialises the earning rules of one user (streaks, task progress, group
 * bonuses) inside a transaction. Taken after the videos module's viewer lock,
 * never before it, and an inviter's lock only while holding the invitee's.
 * Rows of several users are likewise locked newest account first (a payout
 * updates `users` of the invitee, then of the older inviter; follow and
 * issuance lock in the same order), so no two transactions wait on each
 * other in a circle. Asking again in the same transaction costs no round trip.
 */
export async function lockUserPoints(tx: Tx, userId: number): Promise<void> {
  const users = held.get(tx) ?? new Set<number>();
  if (users.has(userId)) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`points:${userId}`}, 0))`);
  users.add(userId);
  held.set(tx, users);
}
