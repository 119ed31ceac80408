import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { AppError } from '../../platform/http/app-error';
import type { Db } from '../../platform/db/database';
import type { Clock } from '../../platform/time/clock';
import { audit, type OperatorActor } from '../operators/operators.module';
import { userDailyStats } from '../points/points.schema';
import { eligibilityChecks, tierOfRank, walletBound } from './eligibility';
import { standingsIn } from './standings';
import { raceDays, raceTitle, type RaceRow, type RaceStore } from './race-store';
import type { RankingIndex } from './ranking-index';
import type { RewardNotices } from './reward-notices';
import { raceEntries, races, userRewards } from './races.schema';

/** A race closes this long after it ends: past the daily issuance's own grace, so Sunday's task TAICE is in. */
export const CLOSE_GRACE_MS = 10 * 60_000;

/**
 * Race close (product decisions: rewards are recorded as pending payouts at race close). In one transaction,
 * under the race's row lock: the final ranking is frozen, every prize rank is checked against its tier's
 * rules, and a pending reward (or an ineligible one, with the checks that failed) is written once per
 * winner. Running it twice, or on two processes, closes the race once.
 */
export function createRaceClose(deps: {
  db: Db;
  clock: Clock;
  store: RaceStore;
  notices: RewardNotices;
  index: RankingIndex | null;
}) {
  const { db, clock, store, notices, index } = deps;

  /** Closes a race; an operator's close (`actor`) is audited in the same transaction. */
  async function close(raceId: number, actor?: OperatorActor): Promise<RaceRow> {
    const race = await db.transaction(async (tx) => {
      const [race] = await tx.select().from(races).where(eq(races.id, raceId)).for('update');
      if (!race) throw new AppError('race_not_found');
      if (race.closedAt) return race;
      if (clock.now() < race.endsAt) throw new AppError('race_not_ended');
      const { first, last } = raceDays(race);
      const [unissued] = await tx
        .select({ day: userDailyStats.day })
        .from(userDailyStats)
        .where(
          and(
            sql`${userDailyStats.day} between ${first} and ${last}`,
            isNull(userDailyStats.issuedAt),
            sql`${userDailyStats.estimated} > 0`,
          ),
        )
        .limit(1);
      if (unissued) throw new AppError('race_awaiting_issuance');

      await tx.execute(sql`
        update race_entries e set final_rank = r.rank
        from (
          select user_id, row_number() over (order by rank_score desc, user_id) as rank
          from race_entries where race_id = ${race.id} and points > 0
        ) r
        where e.race_id = ${race.id} and e.user_id = r.user_id`);

      // A race that never had an earning never froze a table: it has no winners either.
      const prizes = race.prizes ?? [];
      const lastPrizeRank = Math.max(0, ...prizes.map((t) => t.rank_to));
      const winners = await tx
        .select({ userId: raceEntries.userId, rank: raceEntries.finalRank })
        .from(raceEntries)
        .where(
          and(
            eq(raceEntries.raceId, race.id),
            isNotNull(raceEntries.finalRank),
            lte(raceEntries.finalRank, lastPrizeRank),
          ),
        )
        .orderBy(asc(raceEntries.finalRank));
      const standings = await standingsIn(
        tx,
        race,
        winners.map((w) => w.userId),
      );
      const title = raceTitle(race);
      for (const winner of winners) {
        const rank = winner.rank!;
        const tier = tierOfRank(prizes, rank);
        if (!tier) continue;
        const standing = standings.get(winner.userId)!;
        const checks = eligibilityChecks(tier, { ...standing, hasWallet: walletBound(standing.wallet) });
        const [reward] = await tx
          .insert(userRewards)
          .values({
            userId: winner.userId,
            source: 'race',
            sourceId: race.id,
            title,
            rank,
            amount: Math.round(tier.amount * 100),
            currency: tier.currency,
            status: checks.every((c) => c.passed) ? 'pending' : 'ineligible',
            checks,
            createdAt: clock.now(),
          })
          .onConflictDoNothing()
          .returning();
        if (reward) await notices.written(tx, reward);
      }
      const [closed] = await tx.update(races).set({ closedAt: clock.now() }).where(eq(races.id, race.id)).returning();
      if (actor) {
        const written = winners.length;
        await audit(
          tx,
          actor,
          { action: 'race.close', targetType: 'race', targetId: race.id, after: { winners: written } },
          clock.now(),
        );
      }
      return closed!;
    });
    store.forget(race);
    // A closed race reads its frozen ranks from PostgreSQL: its Redis set is no longer needed.
    await index?.drop(race.id);
    return race;
  }

  return {
    close,

    /** The job's work: every ended race past its grace, oldest first; one still waiting for issuance waits. */
    async closeDue(): Promise<number> {
      let closed = 0;
      for (const race of await store.due(new Date(clock.now().getTime() - CLOSE_GRACE_MS))) {
        try {
          await close(race.id);
          closed += 1;
        } catch (err) {
          if (err instanceof AppError && err.key === 'race_awaiting_issuance') return closed;
          throw err;
        }
      }
      return closed;
    },
  };
}

export type RaceClose = ReturnType<typeof createRaceClose>;
