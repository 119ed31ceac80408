import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { AppError } from '../../platform/http/app-error';
import type { Db, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/time/clock';
import type { RewardNotices } from '../races/races.module';
import { userRewards } from '../races/races.schema';
import { campaignParticipants, campaigns } from './campaigns.schema';
import { activeMembersQuery, participantsOf, progressQuery, qualifiedSql, type CampaignRow } from './progress';
import { splitJackpot } from './split';

/** The job settles a campaign this long after its end, so requests in flight at the end have landed. */
export const SETTLE_GRACE_MS = 60_000;
/** First key of the advisory locks that keep one refresh or settlement of a campaign at a time. */
const LOCK_SPACE = 1_802_000;

/** Run inside the settling transaction (an operator's audit row). */
export type OnSettled = (tx: Tx, before: CampaignRow, after: CampaignRow) => Promise<void>;

/**
 * Keeping campaigns' participants up to date, and settling them. Both run under the campaign's advisory lock,
 * so a refresh never interleaves with a settlement (a job on two processes, or an operator's settle-now).
 * Settlement also holds the campaign's row lock, which joins take: no join lands after the final count.
 */
export function createSettlement(deps: { db: Db; clock: Clock; notices: RewardNotices }) {
  const { db, clock, notices } = deps;

  const lockWork = (tx: Tx, id: number) => tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}, ${id})`);

  /**
   * Auto campaigns take in the members active in the window; then every participant's progress and
   * qualification is recomputed in one statement (rows whose figures did not change are not written), and
   * the campaign's counts follow.
   */
  async function refreshIn(tx: Tx, c: CampaignRow): Promise<CampaignRow> {
    const now = clock.now();
    if (c.joinMode === 'auto') {
      await tx.execute(sql`
        insert into campaign_participants (campaign_id, user_id, joined_at)
        select ${c.id}, a.user_id, ${now.toISOString()}::timestamptz from (${activeMembersQuery(c)}) a(user_id)
        on conflict do nothing`);
    }
    const qualified = qualifiedSql(c, { watched: sql`x.watched`, invites: sql`x.invites`, shares: sql`x.shares` });
    await tx.execute(sql`
      update campaign_participants p
      set watched = x.watched, invites = x.invites, shares = x.shares,
        score = x.watched + x.invites + x.shares, qualified = ${qualified}
      from (${progressQuery(c, participantsOf(c.id))}) x
      where p.campaign_id = ${c.id} and p.user_id = x.user_id
        and (p.watched, p.invites, p.shares, p.qualified) is distinct from (x.watched, x.invites, x.shares, ${qualified})`);
    const [after] = await tx
      .update(campaigns)
      .set({
        participants: sql`(select count(*) from campaign_participants where campaign_id = ${c.id})::int`,
        qualified: sql`(select count(*) from campaign_participants where campaign_id = ${c.id} and qualified)::int`,
        refreshedAt: now,
      })
      .where(eq(campaigns.id, c.id))
      .returning();
    return after!;
  }

  /** Refreshes a running campaign's participants (nothing for one not started or already settled). */
  async function refresh(id: number): Promise<void> {
    await db.transaction(async (tx) => {
      await lockWork(tx, id);
      const [c] = await tx.select().from(campaigns).where(eq(campaigns.id, id));
      if (!c || c.settledAt || clock.now() < c.startsAt) return;
      await refreshIn(tx, c);
    });
  }

  /**
   * Settles an ended campaign, once: the final progress, the winners by its split, a pending reward for each
   * (unique per campaign and member) with its message, and `settledAt`, all in one transaction. A campaign
   * already settled is returned as it is, so a second run writes nothing.
   */
  async function settle(id: number, onSettled?: OnSettled): Promise<CampaignRow> {
    return db.transaction(async (tx) => {
      await lockWork(tx, id);
      const [before] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
      if (!before) throw new AppError('campaign_not_found');
      if (clock.now() < before.endsAt) throw new AppError('campaign_not_settled');
      if (before.settledAt) {
        await onSettled?.(tx, before, before);
        return before;
      }
      const refreshed = await refreshIn(tx, before);
      const qualifiers = await tx
        .select({ userId: campaignParticipants.userId, score: campaignParticipants.score })
        .from(campaignParticipants)
        .where(and(eq(campaignParticipants.campaignId, id), eq(campaignParticipants.qualified, true)));
      const prizes = splitJackpot(before, qualifiers);
      const now = clock.now();
      for (const prize of prizes) {
        const [reward] = await tx
          .insert(userRewards)
          .values({
            userId: prize.userId,
            source: 'campaign',
            sourceId: id,
            title: before.title,
            rank: prize.rank,
            amount: prize.amount,
            currency: before.currency,
            status: 'pending',
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning();
        if (reward) await notices.written(tx, reward);
      }
      const [after] = await tx
        .update(campaigns)
        .set({ settledAt: now, updatedAt: now })
        .where(eq(campaigns.id, id))
        .returning();
      await onSettled?.(tx, refreshed, after!);
      return after!;
    });
  }

  return {
    refresh,
    settle,

    /**
     * The job's work: settle every campaign ended (past the grace) and not settled, oldest first, which also
     * catches up after downtime; then refresh the running ones.
     */
    async tick(): Promise<{ settled: number; refreshed: number }> {
      const now = clock.now();
      const due = await db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(and(isNull(campaigns.settledAt), lte(campaigns.endsAt, new Date(now.getTime() - SETTLE_GRACE_MS))))
        .orderBy(asc(campaigns.endsAt), asc(campaigns.id));
      for (const { id } of due) await settle(id);
      const running = await db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(and(isNull(campaigns.settledAt), lte(campaigns.startsAt, now), gt(campaigns.endsAt, now)))
        .orderBy(asc(campaigns.id));
      for (const { id } of running) await refresh(id);
      return { settled: due.length, refreshed: running.length };
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
