import { z } from 'zod';
import { defineCall, pageOf, pageQuery, rowId } from '../call';

/**
 * The redemption center: prizes bought with spendable TAICE, the orders they
 * make, and the delivery addresses physical goods ship to (product decisions:
 * redemption center). Amounts are TAICE with at most 2 decimals, as in points.
 */
const amount = z.number();

export const PRIZE_TYPES = ['physical', 'virtual', 'membership'] as const;
export type PrizeType = (typeof PRIZE_TYPES)[number];

/** Physical orders go not_shipped → shipped → completed; virtual and membership orders are completed at once. */
export const ORDER_STATUSES = ['not_shipped', 'shipped', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Why a prize can or cannot be exchanged right now, for this caller. */
export const PRIZE_AVAILABILITY = ['available', 'sold_out', 'not_started', 'ended', 'limit_reached'] as const;
export type PrizeAvailability = (typeof PRIZE_AVAILABILITY)[number];

/** An idempotency key names one exchange attempt: the same key returns the first result. */
export const IDEMPOTENCY_KEY_MIN_LENGTH = 8;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 64;
export const idempotencyKey = z
  .string()
  .min(IDEMPOTENCY_KEY_MIN_LENGTH)
  .max(IDEMPOTENCY_KEY_MAX_LENGTH)
  .regex(/^[A-Za-z0-9_-]+$/);

export const prizeSchema = z.object({
  id: z.number().int(),
  type: z.enum(PRIZE_TYPES),
  /** In the request language. */
  name: z.string(),
  description: z.string(),
  /** Image URLs, the first is the cover; may be empty. */
  images: z.array(z.string()),
  price: amount,
  stock_left: z.number().int(),
  /** Most a user may exchange in total; null when unlimited. */
  per_user_limit: z.number().int().nullable(),
  /** What the caller may still exchange; null when unlimited or not logged in. */
  remaining_limit: z.number().int().nullable(),
  /** Whether the caller's spendable TAICE covers the price (false when not logged in). */
  can_afford: z.boolean(),
  availability: z.enum(PRIZE_AVAILABILITY),
  sale_starts_at: z.string().nullable(),
  sale_ends_at: z.string().nullable(),
  /** Membership tiers: how many days the exchange adds to the member's expiry; null for other types. */
  membership_days: z.number().int().nullable(),
});
export type Prize = z.infer<typeof prizeSchema>;

export const prizeList = defineCall({
  method: 'GET',
  path: '/api/frontend/prize/list',
  auth: 'optional',
  tag: 'redemption',
  summary:
    'Active prizes of one type (or all), in sort order, with stock left and the caller’s limit and affordability',
  query: pageQuery.extend({ type: z.enum(PRIZE_TYPES).optional() }),
  data: pageOf(prizeSchema),
});

export const MAX_ADDRESSES = 20;
export const ADDRESS_NAME_MAX_LENGTH = 50;
export const ADDRESS_PHONE_MAX_LENGTH = 20;
export const ADDRESS_DETAIL_MAX_LENGTH = 300;
export const DEFAULT_DIAL_CODE = '1';

export const addressSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** ISO 3166-1 alpha-2, as in the country calls. */
  country: z.string(),
  /** Digits only, without '+'. */
  dial_code: z.string(),
  phone: z.string(),
  detail_address: z.string(),
  updated_at: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/** A copy of the address taken when the order was placed: later edits to the address do not change it. */
export const addressSnapshotSchema = addressSchema.omit({ id: true, updated_at: true });

export const addressList = defineCall({
  method: 'GET',
  path: '/api/frontend/user-address/list',
  auth: 'required',
  tag: 'redemption',
  summary: 'The caller’s saved delivery addresses, most recently changed first',
  data: z.array(addressSchema),
});

/**
 * Fields are plain strings so that each missing one gets its own message
 * (spec section 5: first name, last name, country, phone and detailed address required).
 */
export const addressStore = defineCall({
  method: 'POST',
  path: '/api/frontend/user-address/store',
  auth: 'required',
  tag: 'redemption',
  summary: 'Create an address, or update one of the caller’s own when `id` is given',
  body: z.object({
    id: rowId.optional(),
    first_name: z.string().max(ADDRESS_NAME_MAX_LENGTH).default(''),
    last_name: z.string().max(ADDRESS_NAME_MAX_LENGTH).default(''),
    country: z.string().max(2).default(''),
    dial_code: z.string().max(6).default(DEFAULT_DIAL_CODE),
    phone: z.string().max(ADDRESS_PHONE_MAX_LENGTH).default(''),
    detail_address: z.string().max(ADDRESS_DETAIL_MAX_LENGTH).default(''),
  }),
  data: addressSchema,
});

export const addressDelete = defineCall({
  method: 'POST',
  path: '/api/frontend/user-address/delete',
  auth: 'required',
  tag: 'redemption',
  summary: 'Delete one of the caller’s addresses (orders keep their own copy)',
  body: z.object({ id: rowId }),
  data: z.object({ id: z.number().int() }),
});

export const orderSchema = z.object({
  id: z.number().int(),
  /** Shown to the user and to support, e.g. 'R20261125000123'. */
  order_no: z.string(),
  status: z.enum(ORDER_STATUSES),
  prize: z.object({
    id: z.number().int(),
    type: z.enum(PRIZE_TYPES),
    name: z.string(),
    image: z.string().nullable(),
  }),
  /** What was paid, whatever the prize costs today. */
  price: amount,
  /** Physical orders: where it ships to. */
  address: addressSnapshotSchema.nullable(),
  carrier: z.string().nullable(),
  tracking_no: z.string().nullable(),
  /** Virtual products: the delivered code (only ever shown to its owner). */
  code: z.string().nullable(),
  /** Membership: the member's expiry after this exchange. */
  member_expires_at: z.string().nullable(),
  /** The ledger entry that paid for it (and the refund's, once cancelled). */
  ledger_entry_id: z.number().int(),
  refund_entry_id: z.number().int().nullable(),
  created_at: z.string(),
  shipped_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const prizeOrders = defineCall({
  method: 'GET',
  path: '/api/frontend/prize/orders',
  auth: 'required',
  tag: 'redemption',
  summary: 'The caller’s orders, newest first, optionally of one status',
  query: pageQuery.extend({ status: z.enum(ORDER_STATUSES).optional(), id: rowId.optional() }),
  data: pageOf(orderSchema),
});

const exchangeBody = z.object({ prize_id: rowId, idempotency_key: idempotencyKey });

export const exchangePhysical = defineCall({
  method: 'POST',
  path: '/api/frontend/prize/exchange-physical',
  auth: 'required',
  tag: 'redemption',
  summary: 'Exchange spendable TAICE for a physical prize shipped to one of the caller’s addresses',
  body: exchangeBody.extend({ address_id: rowId }),
  data: orderSchema,
});

export const exchangeMember = defineCall({
  method: 'POST',
  path: '/api/frontend/prize/exchange-member',
  auth: 'required',
  tag: 'redemption',
  summary: 'Exchange spendable TAICE for a membership tier; extends the member’s expiry',
  body: exchangeBody,
  data: orderSchema,
});

export const exchangeVirtualProducts = defineCall({
  method: 'POST',
  path: '/api/frontend/prize/exchange-virtual-products',
  auth: 'required',
  tag: 'redemption',
  summary: 'Exchange spendable TAICE for a virtual product; its code is delivered at once and to the message center',
  body: exchangeBody,
  data: orderSchema,
});
