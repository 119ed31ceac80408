import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Localized } from '@taice/contract';
import { users } from '../accounts/accounts.schema';

const hundredths = () =>
  bigint({ mode: 'number' })
    .notNull()
    .default(sql`0`);

/**
 * Ledger accounts: per user a spendable and a locked TAICE account; system
 * accounts (no user) are the other side of every entry. A user's balance can
 * never go below zero (the check is the last line of defence; debits test it
 * in the same statement).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().references(() => users.id),
    /** spendable | locked for users; issuance | redemption | ... for system accounts. */
    kind: text().notNull(),
    balance: hundredths(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_kind').on(t.userId, t.kind),
    uniqueIndex('ledger_accounts_system_kind')
      .on(t.kind)
      .where(sql`user_id is null`),
    check('ledger_accounts_user_not_negative', sql`${t.userId} is null or ${t.balance} >= 0`),
  ],
);

/**
 * Append-only, double-entry journal: each row moves `amount` (> 0, in
 * hundredths) from one account to another. `eventKey` names the business
 * event; its uniqueness is what makes paying twice impossible.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    eventKey: text().notNull().unique(),
    reason: text().notNull(),
    fromAccountId: integer()
      .notNull()
      .references(() => ledgerAccounts.id),
    toAccountId: integer()
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint({ mode: 'number' }).notNull(),
    /** The user the entry concerns, and its effect on their total (signed), for their history. */
    userId: integer()
      .notNull()
      .references(() => users.id),
    userDelta: bigint({ mode: 'number' }).notNull(),
    bucket: text().notNull(),
    memo: text().notNull().default(''),
    /** Business day (UTC+8) of the entry. */
    day: date().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_entries_amount_positive', sql`${t.amount} > 0`),
    index().on(t.userId, t.id),
    index().on(t.userId, t.day),
    // One day's entries, for the operator dashboard (decision 045).
    index().on(t.day),
  ],
);

/** Amounts and caps of the earning rules (hundredths or counts), operator-editable. */
export const pointsSettings = pgTable('points_settings', {
  key: text().primaryKey(),
  value: bigint({ mode: 'number' }).notNull(),
});

/** Reward of each sign-in streak day (1 to 7), in hundredths. */
export const signInConfigs = pgTable('sign_in_configs', {
  day: smallint().primaryKey(),
  reward: bigint({ mode: 'number' }).notNull(),
});

export const signIns = pgTable(
  'sign_ins',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    day: date().notNull(),
    streakDay: smallint().notNull(),
    reward: bigint({ mode: 'number' }).notNull(),
    bonus: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** What a user did on one business day, and the daily-task TAICE waiting for issuance. */
export const userDailyStats = pgTable(
  'user_daily_stats',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    day: date().notNull(),
    watchSeconds: real().notNull().default(0),
    watchedVideos: integer().notNull().default(0),
    /** Daily-task TAICE earned this day (hundredths), issued into the locked bucket after it ends. */
    estimated: hundredths(),
    issuedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    index('user_daily_stats_unissued')
      .on(t.day)
      .where(sql`issued_at is null and estimated > 0`),
    // One day's active members, for the operator dashboard (decision 045).
    index().on(t.day),
  ],
);

/** Lifetime activity that earning rules look at. */
export const userActivity = pgTable('user_activity', {
  userId: integer()
    .primaryKey()
    .references(() => users.id),
  watchSeconds: real().notNull().default(0),
  watchedVideos: integer().notNull().default(0),
  shares: integer().notNull().default(0),
});

/**
 * Task templates. Daily templates belong to a group (1 to 5); the other
 * types have group 0. `totalNum` is minutes for `unit_key` time.
 */
export const taskTemplates = pgTable(
  'task_templates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull().unique(),
    taskType: text().notNull(),
    taskKey: text().notNull(),
    unitKey: text().notNull().default('other'),
    totalNum: integer().notNull(),
    point: bigint({ mode: 'number' }).notNull(),
    groupNo: smallint().notNull().default(0),
    name: jsonb().$type<Localized>().notNull(),
    sort: integer().notNull().default(0),
    enabled: smallint().notNull().default(1),
    /** When an operator added it (decision 046): it exists from then on; null for the seeded ones. */
    addedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.taskType, t.groupNo)],
);

/** Progress of a user on a task in one period (the day, the ISO week, or `once`). */
export const taskProgress = pgTable(
  'task_progress',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    templateId: integer()
      .notNull()
      .references(() => taskTemplates.id),
    period: text().notNull(),
    /** Seconds for time tasks, a count otherwise. */
    progress: real().notNull().default(0),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.templateId, t.period] })],
);

/** A daily group a user finished (its bonus is in the day's estimate). */
export const dailyGroupCompletions = pgTable(
  'daily_group_completions',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    day: date().notNull(),
    groupNo: smallint().notNull(),
    completedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.groupNo] })],
);

/** A confirmed referral (the invitee watched one video and shared one); pending ones are users.inviter_id only. */
export const referrals = pgTable(
  'referrals',
  {
    inviteeId: integer()
      .primaryKey()
      .references(() => users.id),
    inviterId: integer()
      .notNull()
      .references(() => users.id),
    reward: bigint({ mode: 'number' }).notNull(),
    confirmedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.inviterId)],
);

/**
 * Invitation milestones: reach `inviteNum` confirmed friends, claim `point`. The seeded rows are the milestones
 * until an operator's first change; a milestone an operator adds gets its row (the id it is claimed by) then.
 */
export const inviteTasks = pgTable('invite_tasks', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  inviteNum: integer().notNull().unique(),
  point: bigint({ mode: 'number' }).notNull(),
  /** When an operator added it (decision 046); null for the seeded ones. */
  addedAt: timestamp({ withTimezone: true }),
});

/** An action already counted toward tasks today (a like or share of one video counts once a day). */
export const countedActions = pgTable(
  'counted_actions',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    action: text().notNull(),
    refId: integer().notNull(),
    day: date().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.action, t.refId, t.day] })],
);
