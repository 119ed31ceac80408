import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema';

/** Members' delivery addresses for physical prizes; an order keeps its own copy (issue 17). */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    firstName: text().notNull(),
    lastName: text().notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text().notNull(),
    /** Digits, without '+'. */
    dialCode: text().notNull(),
    /** Digits only. */
    phone: text().notNull(),
    detailAddress: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId, t.updatedAt)],
);

export type AddressRow = typeof userAddresses.$inferSelect;
