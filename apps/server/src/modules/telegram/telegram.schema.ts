import { bigint, boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The private chats of Telegram users with the bot (decision 057). A row is written on the user's first update
 * and kept current on each one; the notifications a user opted into are kept here, by Telegram user, so they
 * hold whether or not the Telegram user has logged in to TAICE yet (the link is `user_identities`).
 */
export const telegramChats = pgTable('telegram_chats', {
  telegramUserId: bigint({ mode: 'number' }).primaryKey(),
  chatId: bigint({ mode: 'number' }).notNull(),
  /** The language the bot speaks here: the API spelling, from the user's Telegram language. */
  lang: text().notNull(),
  notifySignIn: boolean().notNull().default(false),
  notifyResults: boolean().notNull().default(false),
  notifyOrders: boolean().notNull().default(false),
  /** Set when Telegram answered that the user blocked the bot; cleared by the user's next update. */
  blockedAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every notification the bot is to send, once: `(telegram_user_id, kind, ref)` is unique, so an event queued
 * twice (a retried job, a repeated close) makes one row, and the send job sends a row only while it is queued.
 */
export const telegramNotices = pgTable(
  'telegram_notices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    telegramUserId: bigint({ mode: 'number' }).notNull(),
    /** 'message' (a message-center message, `ref` its id) | 'sign_in_reminder' (`ref` the UTC+8 day). */
    kind: text().notNull(),
    ref: text().notNull(),
    /** 'queued' | 'sent' | 'skipped' (opted out, blocked or no chat by the time it was due). */
    status: text().notNull().default('queued'),
    /** How many times Telegram asked to wait (429) before this was sent. */
    throttled: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('telegram_notices_once').on(t.telegramUserId, t.kind, t.ref)],
);
