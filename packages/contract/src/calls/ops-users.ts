import { z } from 'zod';
import { defineCall, OPERATOR_ROLES, pageOf, pageQuery, rowId } from '../call';
import { OPS_ADMIN, OPS_STAFF } from './ops-access';
import { opsOrderSchema } from './ops-redemption';
import { BUCKETS, LEDGER_REASONS } from './points';
import { idempotencyKey } from './redemption';

/**
 * The operators' view of members (admin, support) and the balance adjustment (admin). Amounts are TAICE with
 * at most 2 decimals; times are ISO 8601.
 */
export const USER_SEARCH_MAX_LENGTH = 100;
export const ADJUST_REASON_MAX_LENGTH = 300;
/** The largest adjustment either way, in TAICE. */
export const ADJUST_MAX_AMOUNT = 1_000_000;
export const IDENTITY_KINDS = ['email', 'evm', 'ton', 'telegram', 'google'] as const;
export type IdentityKind = (typeof IDENTITY_KINDS)[number];

const taice = z.number();
const userQuery = z.object({ user_id: rowId });

export const opsUserRowSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  email: z.string().nullable(),
  /** The EVM wallet address, lower-cased. */
  wallet_address: z.string().nullable(),
  /** The Telegram user id, when one is bound. */
  telegram_id: z.string().nullable(),
  /** Operator roles the account holds. */
  roles: z.array(z.enum(OPERATOR_ROLES)),
  banned: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type OpsUserRow = z.infer<typeof opsUserRowSchema>;

export const opsUserSearch = defineCall({
  method: 'GET',
  path: '/api/ops/users',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary:
    'Members by e-mail, uuid, id, name, wallet address or Telegram id (exact, or a name/e-mail prefix), newest first; every member without q (admin, support)',
  query: pageQuery.extend({ q: z.string().trim().max(USER_SEARCH_MAX_LENGTH).optional() }),
  data: pageOf(opsUserRowSchema),
});

export const opsIdentitySchema = z.object({
  kind: z.enum(IDENTITY_KINDS),
  /** The e-mail, the address, the Telegram user id or the Google subject. */
  subject: z.string(),
  /** What the member recognises it by (friendly address, @username, e-mail); may be empty. */
  label: z.string(),
  /** null for the e-mail and the EVM wallet (kept on the account itself). */
  created_at: z.string().nullable(),
});

export const opsBalancesSchema = z.object({
  spendable: taice,
  locked: taice,
  total: taice,
  /** TAICE ever earned (drives the level). */
  lifetime_earned: taice,
});

export const opsUserDetailSchema = opsUserRowSchema.extend({
  gender: z.number().int(),
  invite_code: z.string(),
  inviter: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** When and why the account was banned (null when not banned). */
  banned_at: z.string().nullable(),
  ban_reason: z.string().nullable(),
  identities: z.array(opsIdentitySchema),
  balances: opsBalancesSchema,
  counts: z.object({
    orders: z.number().int(),
    /** Accounts that signed up with this member's invite code (confirmed or not). */
    invited: z.number().int(),
    /** Confirmed referrals (paid). */
    referrals: z.number().int(),
    posts: z.number().int(),
    followers: z.number().int(),
    following: z.number().int(),
    logins: z.number().int(),
    ledger_entries: z.number().int(),
  }),
});
export type OpsUserDetail = z.infer<typeof opsUserDetailSchema>;

export const opsUserDetail = defineCall({
  method: 'GET',
  path: '/api/ops/users/detail',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'One member: profile, identities, roles, ban, balances and counts (admin, support)',
  query: userQuery,
  data: opsUserDetailSchema,
});

export const opsLedgerEntrySchema = z.object({
  id: z.number().int(),
  /** Signed: positive into the member's balance, negative out of it. */
  amount: taice,
  reason: z.enum(LEDGER_REASONS),
  bucket: z.enum(BUCKETS),
  memo: z.string(),
  /** The business event that names it, e.g. `signin:12:2026-11-26` (never pays twice). */
  event_key: z.string(),
  /** The bucket's balance right after this entry. */
  balance_after: taice,
  /** Both buckets together right after this entry. */
  total_after: taice,
  /** The business day (UTC+8) the amount belongs to. */
  day: z.string(),
  created_at: z.string(),
});
export type OpsLedgerEntry = z.infer<typeof opsLedgerEntrySchema>;

export const opsUserLedger = defineCall({
  method: 'GET',
  path: '/api/ops/users/ledger',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'A member’s TAICE ledger, newest first, with the balance after each entry (admin, support)',
  query: pageQuery.extend({ user_id: rowId }),
  data: pageOf(opsLedgerEntrySchema),
});

export const opsLedgerVerifySchema = z.object({
  /** true when every stored balance equals the sum of its entries and none is negative. */
  ok: z.boolean(),
  entries: z.number().int(),
  accounts: z.array(z.object({ bucket: z.enum(BUCKETS), balance: taice, computed: taice })),
  lifetime_earned: taice,
  lifetime_computed: taice,
  /** One line per disagreement (empty when ok). */
  mismatches: z.array(z.string()),
});
export type OpsLedgerVerify = z.infer<typeof opsLedgerVerifySchema>;

export const opsUserLedgerVerify = defineCall({
  method: 'POST',
  path: '/api/ops/users/ledger/verify',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'Recompute one member’s balances and lifetime total from the ledger entries (admin, support)',
  body: userQuery,
  data: opsLedgerVerifySchema,
});

export const opsUserOrders = defineCall({
  method: 'GET',
  path: '/api/ops/users/orders',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'A member’s redemption orders, newest first (admin, support)',
  query: pageQuery.extend({ user_id: rowId }),
  data: pageOf(opsOrderSchema),
});

export const opsReferralSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  joined_at: z.string(),
  /** When the invitee met the referral condition and the inviter was paid; null while pending. */
  confirmed_at: z.string().nullable(),
  reward: taice.nullable(),
});
export type OpsReferral = z.infer<typeof opsReferralSchema>;

export const opsUserReferrals = defineCall({
  method: 'GET',
  path: '/api/ops/users/referrals',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'Accounts a member invited, newest first, confirmed or pending (admin, support)',
  query: pageQuery.extend({ user_id: rowId }),
  data: pageOf(opsReferralSchema),
});

export const opsAdjustBody = z.object({
  user_id: rowId,
  /** Signed TAICE into (positive) or out of (negative) the member's spendable balance; never 0. */
  amount: z
    .number()
    .min(-ADJUST_MAX_AMOUNT)
    .max(ADJUST_MAX_AMOUNT)
    .multipleOf(0.01)
    .refine((v) => v !== 0, { message: 'amount must not be 0' }),
  /** Required: shown in the member's ledger memo and kept in the audit log. */
  reason: z.string().trim().min(1).max(ADJUST_REASON_MAX_LENGTH),
  /** Names this adjustment: a retried request with the same key pays once and returns the first result. */
  idempotency_key: idempotencyKey,
});
export type OpsAdjustInput = z.output<typeof opsAdjustBody>;

export const opsBalanceAdjust = defineCall({
  method: 'POST',
  path: '/api/ops/users/adjust',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary:
    'Move TAICE into or out of a member’s spendable balance through the ledger, from the adjustments account, with a reason; never below 0 (admin)',
  body: opsAdjustBody,
  data: z.object({
    /** The ledger entry of this adjustment (the first one's when the key was used before). */
    entry: opsLedgerEntrySchema,
    /** false when the idempotency key had already paid: nothing moved this time. */
    moved: z.boolean(),
    balances: opsBalancesSchema,
  }),
});
