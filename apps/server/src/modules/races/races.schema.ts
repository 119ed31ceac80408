import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  EligibilityCheck,
  Localized,
  PrizeTier,
  RewardCurrency,
  RewardSource,
  RewardStatus,
} from '@taice/contract';
import { users } from '../accounts/accounts.schema';
import { ledgerEntries } from '../points/points.schema';

const at = () => timestamp({ withTimezone: true });

/**
 * The prize table new races copy when they are created (a race keeps the table it started with, so a change
 * applies from the next race). Amounts are hundredths of the currency.
 */
export const racePrizeTiers = pgTable(
  'race_prize_tiers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    rankFrom: integer().notNull(),
    rankTo: integer().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    currency: text().$type<RewardCurrency>().notNull(),
    minInvites: integer().notNull().default(0),
    minWatched: integer().notNull().default(0),
    minUploads: integer().notNull().default(0),
    /** The upload rule counts AI videos only (posts marked `ai_generated`): spec section 9's ranks 1-3. */
    aiUploads: boolean().notNull().default(false),
    needsWallet: boolean().notNull().default(true),
  },
  (t) => [check('race_prize_tiers_ranks', sql`${t.rankFrom} >= 1 and ${t.rankTo} >= ${t.rankFrom}`)],
);

/** One weekly race, Monday 00:00 to Sunday 24:00 UTC+8, with the prize table it began with. */
export const races = pgTable('races', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  startsAt: at().notNull().unique(),
  endsAt: at().notNull(),
  /** The label: the month the race's Thursday falls in, and its place among that month's races. */
  year: smallint().notNull(),
  month: smallint().notNull(),
  week: smallint().notNull(),
  /** Frozen from the prize tiers when the race begins; null for a race made ahead that has not begun. */
  prizes: jsonb().$type<PrizeTier[]>(),
  /** Set when the final ranking is frozen and its rewards written. */
  closedAt: at(),
  createdAt: at().notNull().defaultNow(),
});

/**
 * A member's standing in a race, kept in the transaction of each earning (videos watched and posted are read
 * from the days' stats and the posts). `rankScore` orders the ranking
 * (points, then who reached them first; see ranking-order.ts); equal scores go to the lower user id.
 */
export const raceEntries = pgTable(
  'race_entries',
  {
    raceId: integer()
      .notNull()
      .references(() => races.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** Hundredths of TAICE earned inside the race. */
    points: bigint({ mode: 'number' }).notNull().default(0),
    rankScore: bigint({ mode: 'number' }).notNull().default(0),
    /** Friends confirmed inside the race (the promoters' board). */
    invites: integer().notNull().default(0),
    /** The rank frozen at close; null before. */
    finalRank: integer(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.raceId, t.userId] }),
    index('race_entries_ranking')
      .on(t.raceId, t.rankScore.desc(), t.userId)
      .where(sql`${t.points} > 0`),
    index('race_entries_promoters')
      .on(t.raceId, t.invites.desc(), t.userId)
      .where(sql`${t.invites} > 0`),
    index('race_entries_recent').on(t.raceId, t.updatedAt),
  ],
);

/**
 * A reward owed to a member by a race or a campaign: written at close (pending, or ineligible with the checks
 * that failed), decided by an operator once. TAICE is paid through the ledger (`ledgerEntryId`); a token
 * stays approved until the chain payouts send it (`payoutRef` is then its transaction).
 */
export const userRewards = pgTable(
  'user_rewards',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    source: text().$type<RewardSource>().notNull(),
    sourceId: integer().notNull(),
    /** The race's label or the campaign's title when it was written, in the three languages. */
    title: jsonb().$type<Localized>().notNull(),
    rank: integer(),
    amount: bigint({ mode: 'number' }).notNull(),
    currency: text().$type<RewardCurrency>().notNull(),
    status: text().$type<RewardStatus>().notNull(),
    checks: jsonb().$type<EligibilityCheck[]>().notNull().default([]),
    /** Set by an operator's rejection; an ineligible reward's reason comes from its checks. */
    rejectReason: text().notNull().default(''),
    createdAt: at().notNull().defaultNow(),
    decidedAt: at(),
    decidedBy: text().notNull().default(''),
    paidAt: at(),
    ledgerEntryId: integer().references(() => ledgerEntries.id),
    payoutRef: text().notNull().default(''),
  },
  (t) => [
    uniqueIndex('user_rewards_once').on(t.source, t.sourceId, t.userId),
    index().on(t.userId, t.id),
    index().on(t.source, t.sourceId, t.rank),
    check('user_rewards_amount', sql`${t.amount} > 0`),
  ],
);
