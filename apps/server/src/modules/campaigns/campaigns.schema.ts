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
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { CampaignJoinMode, CampaignSplit, Localized, RewardCurrency } from '@taice/contract';
import { users } from '../accounts/accounts.schema';

const at = () => timestamp({ withTimezone: true });

/**
 * An operator's campaign: a jackpot (hundredths of `currency`) shared at settlement by the members who met the
 * conditions inside [starts_at, ends_at). `banner` is an image URL, or a storage key (the demo's generated art).
 * `drawSeed` is drawn at creation and stays secret until `settledAt`; `drawCommitment` is its sha256, public.
 * `participants` and `qualified` are counts kept by joins and the refresh job, so lists never count rows.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: jsonb().$type<Localized>().notNull(),
    rules: jsonb().$type<Localized>().notNull(),
    banner: text().notNull(),
    startsAt: at().notNull(),
    endsAt: at().notNull(),
    jackpot: bigint({ mode: 'number' }).notNull(),
    currency: text().$type<RewardCurrency>().notNull(),
    split: text().$type<CampaignSplit>().notNull(),
    joinMode: text().$type<CampaignJoinMode>().notNull(),
    /** draw: how many qualifiers are drawn; null otherwise. */
    winners: integer(),
    /** rank: hundredths of a percent of the jackpot per rank (10000 = all of it); empty otherwise. */
    rankShares: jsonb().$type<number[]>().notNull().default([]),
    minWatched: integer().notNull().default(0),
    minInvites: integer().notNull().default(0),
    minShares: integer().notNull().default(0),
    drawSeed: text().notNull(),
    drawCommitment: text().notNull(),
    participants: integer().notNull().default(0),
    qualified: integer().notNull().default(0),
    refreshedAt: at(),
    settledAt: at(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    check('campaigns_window', sql`${t.startsAt} < ${t.endsAt}`),
    check('campaigns_jackpot_positive', sql`${t.jackpot} > 0`),
    check('campaigns_draw_winners', sql`(${t.split} = 'draw') = (${t.winners} is not null and ${t.winners} > 0)`),
    // The jobs' look-ups: campaigns not settled yet, by end.
    index('campaigns_unsettled')
      .on(t.endsAt)
      .where(sql`settled_at is null`),
    index('campaigns_by_start').on(t.startsAt, t.id),
  ],
);

/**
 * A member taking part: explicit campaigns after Join, auto ones once the refresh job finds activity in the
 * window. The figures are the progress as of the campaign's `refreshedAt` (final once it is settled); `score`
 * (watched + invites + shares) orders the participants' board and the ranks of a rank split.
 */
export const campaignParticipants = pgTable(
  'campaign_participants',
  {
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    joinedAt: at().notNull(),
    watched: integer().notNull().default(0),
    invites: integer().notNull().default(0),
    shares: integer().notNull().default(0),
    score: integer().notNull().default(0),
    qualified: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.userId] }),
    index('campaign_participants_board').on(t.campaignId, t.qualified.desc(), t.score.desc(), t.userId),
  ],
);
