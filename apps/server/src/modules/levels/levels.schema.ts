import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/** Level thresholds: a level starts at `minPoints` hundredths of lifetime-earned TAICE. */
export const levels = pgTable('levels', {
  levelNo: integer().primaryKey(),
  minPoints: bigint({ mode: 'number' }).notNull(),
});
