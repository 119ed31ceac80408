import { z } from 'zod';
import { defineCall, pageOf, pageQuery, rowId } from '../call';
import { idempotencyKey } from './redemption';

/**
 * Reward pools on videos (issue 18, decision 050). A creator funds a pool on one of their published videos
 * from their spendable TAICE (`postReward/addReward`); the TAICE waits in the ledger's escrow and is paid
 * `amount` at a time to viewers who watched the pool's seconds, measured by the server's heartbeats
 * (`post/getTaskRewardCountdown`, `post/chaimPostReward`), once per viewer, until it is spent, cancelled
 * (`postReward/cancel`) or past its end; the unspent part goes back to the creator, once.
 *
 * Amounts travel as TAICE with at most 2 decimals, as in points.
 */
const amount = z.number();
const flag = z.union([z.literal(0), z.literal(1)]);

/** 1: every viewer who watches N seconds; 2: the first viewers who count a watch (the platform's rule). */
export const POOL_TYPES = [1, 2] as const;
export type PoolType = (typeof POOL_TYPES)[number];
export const POOL_TYPE = { watch: 1, first_viewers: 2 } as const;

/** active: paying; spent: every reward claimed; cancelled by the creator; ended: past its end. */
export const POOL_STATUSES = ['active', 'spent', 'cancelled', 'ended'] as const;
export type PoolStatus = (typeof POOL_STATUSES)[number];

/** Smallest reward per viewer, largest pool, most viewers one pool pays (TAICE, TAICE, viewers). */
export const POOL_MIN_AMOUNT = 0.01;
export const POOL_MAX_TOTAL = 1_000_000;
export const POOL_MAX_SLOTS = 100_000;
export const POOL_MAX_WATCH_SECONDS = 3_600;
/** The furthest end a pool may set, in days from now. */
export const POOL_MAX_DAYS = 365;

const taiceInput = z.number().positive().max(POOL_MAX_TOTAL).multipleOf(0.01);

export const poolTypeSchema = z.object({
  type: z.number().int(),
  /** In the request language. */
  name: z.string(),
  description: z.string(),
  /** Type 2: the seconds are the platform's counted watch (10 s or half the video), not the creator's. */
  fixed_watch: flag,
});
export type PoolTypeInfo = z.infer<typeof poolTypeSchema>;

export const typeList = defineCall({
  method: 'GET',
  path: '/api/frontend/postReward/typeList',
  auth: 'optional',
  tag: 'pools',
  summary: 'The kinds of reward pool a creator can fund, named in the request language',
  data: z.object({ list: z.array(poolTypeSchema) }),
});

/** A pool as its creator sees it. */
export const poolSchema = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  post_title: z.string(),
  type: z.number().int(),
  total: amount,
  /** Paid to each viewer. */
  amount,
  watch_seconds: z.number().int(),
  /** How many viewers the pool pays in all. */
  slots: z.number().int(),
  /** Viewers paid so far. */
  claimed: z.number().int(),
  /** Rewards still to claim (0 once closed). */
  left: z.number().int(),
  /** TAICE still in escrow for this pool. */
  left_amount: amount,
  /** TAICE returned to the creator (cancel or end). */
  refunded: amount,
  status: z.enum(POOL_STATUSES),
  end_at: z.string().nullable(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type Pool = z.infer<typeof poolSchema>;

export const addReward = defineCall({
  method: 'POST',
  path: '/api/frontend/postReward/addReward',
  auth: 'required',
  tag: 'pools',
  summary:
    'Fund a reward pool on one of the caller’s published videos from their spendable TAICE (the same idempotency key funds once)',
  body: z.object({
    post_id: rowId,
    /** POOL_TYPES. */
    type: z.coerce.number().int().min(1).max(POOL_TYPES.length),
    /** TAICE put in the pool: a whole number of `amount`s. */
    total: taiceInput,
    /** TAICE paid to each viewer. */
    amount: taiceInput.min(POOL_MIN_AMOUNT),
    /** Seconds a viewer must watch (type 1; type 2 uses the counted watch and ignores it). */
    watch_seconds: z.coerce.number().int().min(1).max(POOL_MAX_WATCH_SECONDS).optional(),
    /** When the pool stops paying and returns what is left; none: until spent or cancelled. */
    end_at: z.iso.datetime({ offset: true }).max(40).nullish(),
    idempotency_key: idempotencyKey,
  }),
  data: poolSchema,
});

export const list = defineCall({
  method: 'GET',
  path: '/api/frontend/postReward/list',
  auth: 'required',
  tag: 'pools',
  summary: 'The caller’s pools, newest first, with rewards claimed and left; of one video when post_id is given',
  query: pageQuery.extend({ post_id: rowId.optional() }),
  data: pageOf(poolSchema),
});

export const cancel = defineCall({
  method: 'POST',
  path: '/api/frontend/postReward/cancel',
  auth: 'required',
  tag: 'pools',
  summary: 'Close one of the caller’s active pools and return its unspent TAICE to them (once)',
  body: z.object({ id: rowId }),
  data: poolSchema,
});

/** The pool on a video, as a viewer sees it; `null` when the video never had one. */
export const postRewardSchema = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  type: z.number().int(),
  /** TAICE each viewer gets. */
  amount,
  /** Rewards still to claim. */
  left: z.number().int(),
  slots: z.number().int(),
  watch_seconds: z.number().int(),
  status: z.enum(POOL_STATUSES),
  end_at: z.string().nullable(),
  /** 1 when the caller has claimed from this pool (0 for visitors). */
  is_claim: flag,
  /** 1 when the caller is the video's creator (who cannot claim). */
  is_creator: flag,
});
export type PostReward = z.infer<typeof postRewardSchema>;

export const postRewardDetail = defineCall({
  method: 'GET',
  path: '/api/frontend/post/rewardDetail',
  auth: 'optional',
  tag: 'pools',
  summary: 'The reward pool on a video (the active one, else the latest): reward, rewards left, seconds to watch',
  query: z.object({ post_id: rowId }),
  data: postRewardSchema.nullable(),
});

export const taskRewardCountdown = defineCall({
  method: 'GET',
  path: '/api/frontend/post/getTaskRewardCountdown',
  auth: 'required',
  tag: 'pools',
  summary: 'Seconds of watching the caller still needs before they can claim the video’s pool (server-measured)',
  query: z.object({ post_id: rowId }),
  data: z.object({
    post_id: z.number().int(),
    /** The active pool; null when the video has none. */
    pool_id: z.number().int().nullable(),
    watch_seconds: z.number().int(),
    /** Seconds the server credited to the caller on this video since the pool opened. */
    watched: z.number(),
    /** Whole seconds left to watch (0 once enough). */
    countdown: z.number().int(),
    /** 1 when a claim now would pay. */
    can_claim: flag,
    is_claim: flag,
  }),
});

export const claimPostReward = defineCall({
  method: 'POST',
  path: '/api/frontend/post/chaimPostReward',
  auth: 'required',
  tag: 'pools',
  summary: 'Claim the reward of the video’s pool after watching it: once per viewer, never beyond the pool',
  body: z.object({ post_id: rowId }),
  data: z.object({
    pool_id: z.number().int(),
    post_id: z.number().int(),
    /** TAICE paid into the caller’s spendable balance. */
    amount,
    left: z.number().int(),
    claimed_at: z.string(),
  }),
});
