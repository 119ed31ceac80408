import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Localized } from '@taice/contract';

/**
 * Settings the client reads by key (contact links, slogans, ...). A value is
 * one text for every language or a text per language. Private keys are server
 * configuration that `keyValue` calls never return.
 */
export const keyValues = pgTable('key_values', {
  key: text().primaryKey(),
  value: jsonb().$type<string | Localized>().notNull(),
  isPublic: boolean().notNull().default(true),
  description: text().notNull().default(''),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const banners = pgTable(
  'banners',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** A stable name so that seeding and operators can address a banner. */
    slug: text().notNull().unique(),
    position: text().notNull(),
    title: jsonb().$type<Localized>().notNull(),
    subtitle: jsonb().$type<Localized>().notNull(),
    image: text().notNull(),
    link: text().notNull().default(''),
    sort: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.position, t.sort)],
);

/** Legal and about texts in Markdown, one row per document type and language. */
export const documents = pgTable(
  'documents',
  {
    type: text().notNull(),
    lang: text().notNull(),
    title: text().notNull(),
    content: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.type, t.lang] })],
);
