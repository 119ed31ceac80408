import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PoolStatus } from '@taice/contract';
import { users } from '../accounts/accounts.schema';
import { ledgerEntries } from '../points/points.schema';
import { posts } from '../videos/videos.schema';

const at = () => timestamp({ withTimezone: true });

/**
 * Reward pools on videos (decision 050): a creator's TAICE held in the ledger's `pools` escrow account,
 * paid `amount` at a time to viewers who watched `watchSeconds` of the video. `leftAmount` is what the
 * escrow still holds for this pool; a claim takes one `amount` only while it is there (one conditional
 * update on this row), so `total = leftAmount + claimed * amount + refunded` holds at every commit.
 * One active pool per video at a time.
 */
export const postRewardPools = pgTable(
  'post_reward_pools',
  {
    // By default: the id is taken first, for the funding entry's event key.
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    postId: integer()
      .notNull()
      .references(() => posts.id),
    creatorId: integer()
      .notNull()
      .references(() => users.id),
    /** POOL_TYPES: 1 watch N seconds, 2 first viewers (a counted watch). */
    type: smallint().notNull(),
    /** Hundredths of TAICE funded. */
    total: bigint({ mode: 'number' }).notNull(),
    /** Hundredths paid to each viewer. */
    amount: bigint({ mode: 'number' }).notNull(),
    watchSeconds: integer().notNull(),
    /** How many viewers the pool pays: total / amount. */
    slots: integer().notNull(),
    claimed: integer().notNull().default(0),
    /** Hundredths still in escrow for this pool. */
    leftAmount: bigint({ mode: 'number' }).notNull(),
    /** Hundredths returned to the creator (cancel or end). */
    refunded: bigint({ mode: 'number' }).notNull().default(0),
    status: text().$type<PoolStatus>().notNull().default('active'),
    endAt: at(),
    idempotencyKey: text().notNull(),
    fundEntryId: integer()
      .notNull()
      .references(() => ledgerEntries.id),
    refundEntryId: integer().references(() => ledgerEntries.id),
    createdAt: at().notNull(),
    closedAt: at(),
  },
  (t) => [
    uniqueIndex('post_reward_pools_idempotency').on(t.creatorId, t.idempotencyKey),
    uniqueIndex('post_reward_pools_one_active')
      .on(t.postId)
      .where(sql`status = 'active'`),
    index('post_reward_pools_by_creator').on(t.creatorId, t.id),
    index('post_reward_pools_by_post').on(t.postId, t.id),
    check('post_reward_pools_amounts', sql`${t.amount} > 0 and ${t.total} = ${t.amount} * ${t.slots}`),
    check('post_reward_pools_left', sql`${t.leftAmount} >= 0 and ${t.claimed} <= ${t.slots}`),
    check(
      'post_reward_pools_balance',
      sql`${t.total} = ${t.leftAmount} + ${t.claimed}::bigint * ${t.amount} + ${t.refunded}`,
    ),
  ],
);

/** One claim per viewer and pool; the ledger entry that paid it. */
export const postRewardClaims = pgTable(
  'post_reward_claims',
  {
    poolId: integer()
      .notNull()
      .references(() => postRewardPools.id),
    postId: integer()
      .notNull()
      .references(() => posts.id),
    /** The pool's creator, so a channel's payouts are one index range. */
    creatorId: integer()
      .notNull()
      .references(() => users.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** Hundredths paid. */
    amount: bigint({ mode: 'number' }).notNull(),
    /** Business day (UTC+8) of the claim. */
    day: date().notNull(),
    entryId: integer()
      .notNull()
      .references(() => ledgerEntries.id),
    claimedAt: at().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.poolId, t.userId] }),
    index('post_reward_claims_by_creator').on(t.creatorId, t.claimedAt),
    index('post_reward_claims_by_user').on(t.userId, t.postId),
  ],
);
