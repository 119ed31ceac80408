import { z } from 'zod';
import { defineCall, pageOf, pageQuery, rowId } from '../call';
import { localizedInput, multiline } from '../text';
import { ORDER_STATUSES, PRIZE_TYPES, orderSchema } from './redemption';
import { OPS_ADMIN, OPS_STAFF } from './ops-access';

/**
 * The operators' side of the redemption center (role admin for the catalogue, admin or support for
 * orders). Every action writes an audit row in its own transaction. Amounts are TAICE with at most
 * 2 decimals; times are ISO 8601.
 */
export const PRIZE_NAME_MAX_LENGTH = 80;
export const PRIZE_DESCRIPTION_MAX_LENGTH = 800;
export const CARRIER_MAX_LENGTH = 60;
export const TRACKING_NO_MAX_LENGTH = 60;
/** Codes per import call (the request body is limited); the CLI imports files of any length. */
export const CODES_CSV_MAX_LENGTH = 4_000;
export const PRIZE_CODE_MAX_LENGTH = 200;
/** Images are uploaded as raw bytes (PUT, like avatars), each stored as WebP and added to the prize. */
export const PRIZE_IMAGE_UPLOAD_PATH = '/api/ops/redemption/prize/:id/image';
export const PRIZE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PRIZE_MAX_IMAGES = 8;

const taice = z.number().positive().max(10_000_000).multipleOf(0.01);
const count = z.number().int().min(0).max(1_000_000);
const when = z.iso.datetime({ offset: true }).max(40).nullable();

const prizeFields = z.object({
  name: localizedInput(PRIZE_NAME_MAX_LENGTH),
  description: localizedInput(PRIZE_DESCRIPTION_MAX_LENGTH, { lines: true }),
  price: taice,
  per_user_limit: z.number().int().min(1).max(1_000).nullable().default(null),
  sale_starts_at: when.default(null),
  sale_ends_at: when.default(null),
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  active: z.boolean().default(true),
  membership_days: z.number().int().min(1).max(3_650).nullable().default(null),
});

/** The window must open before it closes. */
const windowInOrder = (p: { sale_starts_at?: string | null; sale_ends_at?: string | null }) =>
  !p.sale_starts_at || !p.sale_ends_at || Date.parse(p.sale_starts_at) < Date.parse(p.sale_ends_at);

export const prizeInput = prizeFields
  .extend({
    type: z.enum(PRIZE_TYPES),
    /** Virtual products take their stock from imported codes (codes/import adds to it). */
    stock: count.default(0),
  })
  .refine((p) => (p.type === 'membership') === (p.membership_days !== null), {
    message: 'membership_days is required for a membership tier and only for one',
    path: ['membership_days'],
  })
  .refine(windowInOrder, { message: 'sale_ends_at must be after sale_starts_at', path: ['sale_ends_at'] });
export type PrizeInput = z.output<typeof prizeInput>;

export const opsPrizeSchema = z.object({
  id: z.number().int(),
  type: z.enum(PRIZE_TYPES),
  name: localizedInput(PRIZE_NAME_MAX_LENGTH),
  description: localizedInput(PRIZE_DESCRIPTION_MAX_LENGTH),
  images: z.array(z.string()),
  price: z.number(),
  stock: z.number().int(),
  /** Virtual products: imported codes not yet delivered. */
  free_codes: z.number().int(),
  per_user_limit: z.number().int().nullable(),
  sale_starts_at: z.string().nullable(),
  sale_ends_at: z.string().nullable(),
  sort: z.number().int(),
  active: z.boolean(),
  membership_days: z.number().int().nullable(),
  updated_at: z.string(),
});
export type OpsPrize = z.infer<typeof opsPrizeSchema>;

export const opsPrizes = defineCall({
  method: 'GET',
  path: '/api/ops/redemption/prizes',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Every prize, active or not, in sort order, with all its translations (admin)',
  query: pageQuery.extend({ type: z.enum(PRIZE_TYPES).optional() }),
  data: pageOf(opsPrizeSchema),
});

export const opsPrizeCreate = defineCall({
  method: 'POST',
  path: '/api/ops/redemption/prize/create',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Create a prize with its three translations (admin); images are uploaded to it afterwards',
  body: prizeInput,
  data: opsPrizeSchema,
});

export const opsPrizeUpdate = defineCall({
  method: 'POST',
  path: '/api/ops/redemption/prize/update',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Change a prize’s texts, price, limit, window, order, activity or images (admin); its type stays',
  body: prizeFields
    .partial()
    .extend({
      id: rowId,
      /** The prize's image URLs to keep, in the order to show them (a subset of its current ones). */
      images: z.array(z.string().max(200)).max(PRIZE_MAX_IMAGES).optional(),
    })
    .refine(windowInOrder, { message: 'sale_ends_at must be after sale_starts_at', path: ['sale_ends_at'] }),
  data: opsPrizeSchema,
});

export const opsPrizeStock = defineCall({
  method: 'POST',
  path: '/api/ops/redemption/prize/stock',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Set what is left to sell (admin); a virtual product can hold at most one per free code',
  body: z.object({ id: rowId, stock: count }),
  data: opsPrizeSchema,
});

export const opsCodesImport = defineCall({
  method: 'POST',
  path: '/api/ops/redemption/codes/import',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Add codes to a virtual product from CSV text (first column; a `code` header is skipped) (admin)',
  body: z.object({ prize_id: rowId, csv: multiline(z.string().min(1).max(CODES_CSV_MAX_LENGTH)) }),
  data: z.object({
    imported: z.number().int(),
    /** Codes already in the pool (or repeated in the file), not added again. */
    duplicates: z.number().int(),
    stock: z.number().int(),
    free_codes: z.number().int(),
  }),
});

export const opsOrderSchema = orderSchema.extend({ user_id: z.number().int() });
export type OpsOrder = z.infer<typeof opsOrderSchema>;

export const opsOrders = defineCall({
  method: 'GET',
  path: '/api/ops/redemption/orders',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'Orders, newest first, by status and/or user (admin, support)',
  query: pageQuery.extend({ status: z.enum(ORDER_STATUSES).optional(), user_id: rowId.optional() }),
  data: pageOf(opsOrderSchema),
});

const orderNo = z.string().trim().min(1).max(40);

export const opsOrderShip = defineCall({
  method: 'POST',
  path: '/api/ops/redemption/order/ship',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'Mark a not-shipped order shipped, with carrier and tracking number; tells the user (admin, support)',
  body: z.object({
    order_no: orderNo,
    carrier: z.string().trim().min(1).max(CARRIER_MAX_LENGTH),
    tracking_no: z.string().trim().min(1).max(TRACKING_NO_MAX_LENGTH),
  }),
  data: opsOrderSchema,
});

export const opsOrderComplete = defineCall({
  method: 'POST',
  path: '/api/ops/redemption/order/complete',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'Mark a shipped order completed (delivered); tells the user (admin, support)',
  body: z.object({ order_no: orderNo }),
  data: opsOrderSchema,
});

export const opsOrderCancel = defineCall({
  method: 'POST',
  path: '/api/ops/redemption/order/cancel',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'Cancel a not-shipped order: stock back, TAICE refunded once; tells the user (admin, support)',
  body: z.object({ order_no: orderNo }),
  data: opsOrderSchema,
});
