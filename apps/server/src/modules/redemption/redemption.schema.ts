import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Localized, OrderStatus, PrizeType, redemptionCalls } from '@taice/contract';
import { users } from '../accounts/accounts.schema';
import { ledgerEntries } from '../points/points.schema';

const at = () => timestamp({ withTimezone: true });

/**
 * What the redemption center offers. `stock` is what is left to sell: an exchange takes one only
 * while it is above zero (one conditional update), a cancelled order gives it back. Images are
 * storage keys (local or S3), the first is the cover.
 */
export const prizes = pgTable(
  'prizes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    type: text().$type<PrizeType>().notNull(),
    name: jsonb().$type<Localized>().notNull(),
    description: jsonb().$type<Localized>().notNull(),
    images: jsonb().$type<string[]>().notNull().default([]),
    /** Hundredths of TAICE. */
    price: bigint({ mode: 'number' }).notNull(),
    stock: integer().notNull(),
    /** Most one user may hold (orders not cancelled); null when unlimited. */
    perUserLimit: integer(),
    saleStartsAt: at(),
    saleEndsAt: at(),
    sort: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    /** Membership tiers: days an exchange adds to the member's expiry. */
    membershipDays: integer(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    check('prizes_stock_not_negative', sql`${t.stock} >= 0`),
    check('prizes_price_positive', sql`${t.price} > 0`),
    check('prizes_limit_positive', sql`${t.perUserLimit} is null or ${t.perUserLimit} > 0`),
    check(
      'prizes_membership_days',
      sql`(${t.type} = 'membership') = (${t.membershipDays} is not null and ${t.membershipDays} > 0)`,
    ),
    // The catalogue pages (prize/list): active prizes of one type, or of all, in sort order.
    index('prizes_listing_by_type')
      .on(t.type, t.sort, t.id)
      .where(sql`active`),
    index('prizes_listing')
      .on(t.sort, t.id)
      .where(sql`active`),
  ],
);

/** The address an order ships to, copied when it was placed (later edits do not change it). */
export type AddressSnapshot = z.infer<typeof redemptionCalls.addressSnapshotSchema>;

/**
 * Orders. `idempotencyKey` is the client's name for one exchange attempt, unique per user: the
 * same key returns the first order. `ledgerEntryId` is the debit that paid for it, `refundEntryId`
 * the refund of a cancelled one.
 */
export const prizeOrders = pgTable(
  'prize_orders',
  {
    // By default, not always: the id is drawn first so the order number and the ledger's event key can name it.
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderNo: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    prizeId: integer()
      .notNull()
      .references(() => prizes.id),
    prizeType: text().$type<PrizeType>().notNull(),
    /** Hundredths of TAICE paid. */
    price: bigint({ mode: 'number' }).notNull(),
    address: jsonb().$type<AddressSnapshot>(),
    status: text().$type<OrderStatus>().notNull(),
    carrier: text(),
    trackingNo: text(),
    code: text(),
    memberExpiresAt: at(),
    ledgerEntryId: integer()
      .notNull()
      .references(() => ledgerEntries.id),
    refundEntryId: integer().references(() => ledgerEntries.id),
    idempotencyKey: text().notNull(),
    createdAt: at().notNull(),
    shippedAt: at(),
    completedAt: at(),
    cancelledAt: at(),
  },
  (t) => [
    uniqueIndex('prize_orders_idempotency').on(t.userId, t.idempotencyKey),
    // A user's orders, newest first, of one status or all; and what they hold of one prize (limits).
    index('prize_orders_by_user').on(t.userId, t.id),
    index('prize_orders_by_user_status').on(t.userId, t.status, t.id),
    index('prize_orders_by_user_prize').on(t.userId, t.prizeId),
    // The operators' lists.
    index('prize_orders_by_status').on(t.status, t.id),
  ],
);

/** Codes of virtual products, imported by operators; each is delivered to one order, once. */
export const prizeCodes = pgTable(
  'prize_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    prizeId: integer()
      .notNull()
      .references(() => prizes.id),
    code: text().notNull(),
    orderId: integer().references(() => prizeOrders.id),
    createdAt: at().notNull().defaultNow(),
    usedAt: at(),
  },
  (t) => [
    uniqueIndex('prize_codes_unique').on(t.prizeId, t.code),
    index('prize_codes_free')
      .on(t.prizeId, t.id)
      .where(sql`order_id is null`),
  ],
);

/** A member's membership: when it ends. Each membership exchange extends it from max(now, expiry). */
export const memberships = pgTable('memberships', {
  userId: integer()
    .primaryKey()
    .references(() => users.id),
  expiresAt: at().notNull(),
  updatedAt: at().notNull(),
});
