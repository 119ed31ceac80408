import { bigint, date, doublePrecision, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

const hundredths = () => bigint({ mode: 'number' }).notNull();

/**
 * The dashboard's figures of each closed business day (decision 045), computed once from the indexed rows of
 * that day, so a dashboard of 90 days reads 90 rows. Amounts in hundredths of TAICE.
 */
export const opsDailyTotals = pgTable('ops_daily_totals', {
  day: date().primaryKey(),
  signups: integer().notNull(),
  activeUsers: integer().notNull(),
  watchSeconds: doublePrecision().notNull(),
  issued: hundredths(),
  adjusted: hundredths(),
  spent: hundredths(),
  refunded: hundredths(),
  computedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
