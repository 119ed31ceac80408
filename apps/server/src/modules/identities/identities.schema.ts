import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema';

/**
 * Outside identities held by an account besides its e-mail and EVM wallet
 * (which live on `users`): a TON wallet, a Telegram user, a Google subject.
 * One of each per account, and each belongs to one account only.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** 'ton' | 'telegram' | 'google'. */
    provider: text().notNull(),
    /** The provider's stable id: raw TON address, Telegram user id, Google `sub`. */
    subject: text().notNull(),
    /** What the user recognises it by: a friendly address, @username, an e-mail. */
    label: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_identities_provider_subject_unique').on(t.provider, t.subject),
    uniqueIndex('user_identities_user_provider_unique').on(t.userId, t.provider),
  ],
);

/**
 * Single-use values the server hands out and later takes back once: the nonce
 * in a wallet's sign-in message, the TON Connect proof payload, the state of a
 * Google authorisation and the ticket its callback leaves for the client.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** 'evm' | 'ton' | 'google_state' | 'google_ticket' | 'youtube_state'. */
    kind: text().notNull(),
    value: text().notNull(),
    /** For 'evm': the lower-cased address the nonce was issued to. */
    subject: text(),
    data: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_challenges_kind_value_unique').on(t.kind, t.value), index().on(t.expiresAt)],
);
