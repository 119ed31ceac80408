import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Seed steps that have run on this database; each runs once (see seed/seed.ts). */
export const seedRuns = pgTable('seed_runs', {
  name: text().primaryKey(),
  ranAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
