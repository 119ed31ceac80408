import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mail written instead of sent when no SMTP server is configured (read with `npm run ops -- outbox`). */
export const mailOutbox = pgTable('mail_outbox', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
