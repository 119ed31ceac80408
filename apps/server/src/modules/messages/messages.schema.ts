import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MESSAGE_LINK_KINDS, MessageTemplate } from '@taice/contract';
import { users } from '../accounts/accounts.schema';

export type MessageLinkKind = (typeof MESSAGE_LINK_KINDS)[number];

/** A notice an operator sent to every account, delivered in batches by a job (decision 039). */
export const messageBroadcasts = pgTable('message_broadcasts', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  /** The `operator_notice` parameters: title and content in each language. */
  params: jsonb().notNull(),
  /** Who sent it: a user id or `cli:<os user>`. */
  createdBy: text().notNull(),
  /** Accounts up to this id have their message. */
  cursor: integer().notNull().default(0),
  sent: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp({ withTimezone: true }),
});

/**
 * The message center: each message is a template key and its parameters, rendered in the reader's
 * language. The unread count is kept in `users.unread_num`, changed with every send and read.
 */
export const messages = pgTable(
  'messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    template: text().$type<MessageTemplate>().notNull(),
    params: jsonb()
      .notNull()
      .default(sql`'{}'::jsonb`),
    linkKind: text().$type<MessageLinkKind>(),
    linkId: integer(),
    broadcastId: integer().references(() => messageBroadcasts.id),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.userId, t.id),
    index('messages_unread_index')
      .on(t.userId, t.id)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('messages_broadcast_user_unique')
      .on(t.broadcastId, t.userId)
      .where(sql`${t.broadcastId} is not null`),
  ],
);
