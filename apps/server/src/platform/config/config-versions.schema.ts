import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Operators' configuration over time (decision 046): each row is one section's (or one item's) whole new value,
 * in force from `effective_at` until the next row of the same section and target. Rows are never changed but
 * for cancelling one before its time; before a section's first row its base table holds it.
 */
export const configVersions = pgTable(
  'config_versions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    section: text().notNull(),
    /** The item within the section (a task's code), or '' for a section changed whole. */
    target: text().notNull().default(''),
    value: jsonb().$type<Record<string, unknown>>().notNull(),
    effectiveAt: timestamp({ withTimezone: true }).notNull(),
    /** A user id, or `cli:<os user>`; the account when there is one. */
    createdBy: text().notNull(),
    createdByUserId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    cancelledBy: text(),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.section, t.target, t.effectiveAt),
    index('config_versions_effective')
      .on(t.effectiveAt)
      .where(sql`cancelled_at is null`),
  ],
);
