import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid().notNull().unique().defaultRandom(),
    /** Lower-cased; unique when present. */
    email: text(),
    passwordHash: text(),
    name: text().notNull(),
    nickname: text().notNull(),
    avatar: text().notNull().default(''),
    /** 0 unknown, 1 male, 2 female. */
    gender: smallint().notNull().default(0),
    twitter: text().notNull().default(''),
    facebook: text().notNull().default(''),
    youtube: text().notNull().default(''),
    instagram: text().notNull().default(''),
    /** The Telegram Premium username the user gave (`tme/XXX` or `@XXX`), '' when none. */
    telegramPremium: text().notNull().default(''),
    inviteCode: text().notNull().unique(),
    inviterId: integer().references((): AnyPgColumn => users.id),
    registerType: smallint().notNull().default(1),
    /** Lower-cased EVM address; set by the external-identities module. */
    chainAddress: text(),
    chain: text().notNull().default(''),
    /** The new-user guide was completed (spec: is_new_desc). */
    guideDoneAt: timestamp({ withTimezone: true }),
    loginCount: integer().notNull().default(0),
    lastLoginAt: timestamp({ withTimezone: true }),
    // Counters kept true by the modules that own them, in the same transaction as the change.
    inviteNum: integer().notNull().default(0),
    postNum: integer().notNull().default(0),
    followerNum: integer().notNull().default(0),
    followingNum: integer().notNull().default(0),
    unreadNum: integer().notNull().default(0),
    /** TAICE ever earned, in hundredths (drives the level). */
    lifetimeEarned: bigint({ mode: 'number' })
      .notNull()
      .default(sql`0`),
    /** Set by an operator's ban (decision 044): the account's sessions stop working and it cannot log in. */
    bannedAt: timestamp({ withTimezone: true }),
    banReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_chain_address_unique').on(t.chainAddress),
    index().on(t.inviterId),
    // The operator console (decision 045): sign-ups per day, and members found by the start of an e-mail or name.
    index().on(t.createdAt),
    index('users_email_prefix').using('btree', t.email.op('text_pattern_ops')),
    index('users_nickname_prefix').using('btree', sql`lower(${t.nickname}) text_pattern_ops`),
  ],
);

/** Bearer tokens: only their SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    tokenHash: text().notNull().unique(),
    loginType: smallint().notNull(),
    deviceId: text(),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);

export const emailCodes = pgTable(
  'email_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    purpose: text().notNull(),
    codeHash: text().notNull(),
    attempts: smallint().notNull().default(0),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.email, t.purpose, t.createdAt)],
);

/** Visits to the registration entry per source and day (GET /api/user/register). */
export const registerVisits = pgTable(
  'register_visits',
  {
    source: text().notNull(),
    day: date().notNull(),
    visits: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.source, t.day] })],
);
