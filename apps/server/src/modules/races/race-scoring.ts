import { and, eq, sql } from 'drizzle-orm';
import type { LedgerReason } from '@taice/contract';
import type { Tx } from '../../platform/db/database';
import { businessDay } from '../../platform/time/business-day';
import type { Ledger, Movement } from '../points/points.module';
import type { RaceStore } from './race-store';
import type { RankingIndex } from './ranking-index';
import { rankScore } from './ranking-order';
import { raceEntries } from './races.schema';

/**
 * What a race counts: TAICE earned for doing things. Prizes and operator adjustments are paid, not earned
 * in the race, so a winner's reward does not carry them into the next one.
 */
const NOT_RACE_EARNINGS: ReadonlySet<LedgerReason> = new Set(['race_reward', 'campaign_reward', 'operator_adjust']);

/**
 * Keeps each member's race standing in the transaction of every earning, so the ranking is exactly what the
 * ledger paid. An earning counts for the race of the business day it was earned (daily-task TAICE issued on
 * Monday for Sunday counts for Sunday's race, whose close waits for it). Spending never touches it.
 */
export function scoreRacesFrom(ledger: Ledger, store: RaceStore, index: RankingIndex | null): void {
  ledger.onEarned(async (tx: Tx, m: Movement) => {
    if (NOT_RACE_EARNINGS.has(m.reason)) return;
    const race = await store.forDay(tx, m.day ?? businessDay(m.at));
    // A confirmed referral is one paid referral reward: the promoters' board counts these.
    const invites = m.reason === 'referral_reward' ? 1 : 0;
    const [entry] = await tx
      .insert(raceEntries)
      .values({ raceId: race.id, userId: m.userId, points: m.amount, invites, updatedAt: m.at })
      .onConflictDoUpdate({
        target: [raceEntries.raceId, raceEntries.userId],
        set: {
          points: sql`${raceEntries.points} + excluded.points`,
          invites: sql`${raceEntries.invites} + excluded.invites`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning({ points: raceEntries.points });
    // The upsert holds the row until commit, so the score is set from the total it made.
    const score = rankScore(entry!.points, m.at, race.startsAt);
    await tx
      .update(raceEntries)
      .set({ rankScore: score })
      .where(and(eq(raceEntries.raceId, race.id), eq(raceEntries.userId, m.userId)));
    await index?.touched(race.id, m.userId, score);
  });
}
