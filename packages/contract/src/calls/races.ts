import { z } from 'zod';
import { defineCall, pageOf, pageQuery, rowId } from '../call';

/**
 * Weekly leaderboard races and the rewards they (and campaigns) pay (product decisions: leaderboard and
 * campaigns). A race runs Monday 00:00 to Sunday 24:00 UTC+8; rank is by TAICE earned inside it, ties going to
 * whoever reached their total first. Amounts are numbers with at most 2 decimals in their currency.
 */
const amount = z.number();

/** TAICE is paid through the ledger on approval; a token is owed on chain (sent by the chain issue's payouts). */
export const REWARD_CURRENCIES = ['TAICE', 'USDT', 'SPK', 'BNB'] as const;
export type RewardCurrency = (typeof REWARD_CURRENCIES)[number];

/** running: inside its week; closing: ended, the final ranking not yet frozen; closed: rewards written. */
export const RACE_STATUSES = ['running', 'closing', 'closed'] as const;
export type RaceStatus = (typeof RACE_STATUSES)[number];

/** What a prize rank asks of its winner, each counted inside the race (the wallet: bound at close). */
export const ELIGIBILITY_RULES = ['invites', 'watched', 'uploads', 'wallet'] as const;
export type EligibilityRule = (typeof ELIGIBILITY_RULES)[number];

export const prizeTierSchema = z.object({
  rank_from: z.number().int(),
  rank_to: z.number().int(),
  amount,
  currency: z.enum(REWARD_CURRENCIES),
  min_invites: z.number().int(),
  min_watched: z.number().int(),
  min_uploads: z.number().int(),
  /** `min_uploads` counts AI videos only (posts marked AI-generated); absent in tables frozen before: all videos. */
  ai_uploads: z.boolean().optional(),
  needs_wallet: z.boolean(),
});
export type PrizeTier = z.infer<typeof prizeTierSchema>;

export const raceSchema = z.object({
  id: z.number().int(),
  /** "November, week 3", in the request language. */
  label: z.string(),
  year: z.number().int(),
  month: z.number().int(),
  week: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(RACE_STATUSES),
  /** Members with TAICE earned in the race. */
  participants: z.number().int(),
  prizes: z.array(prizeTierSchema),
});
export type Race = z.infer<typeof raceSchema>;

export const rankingRowSchema = z.object({
  rank: z.number().int(),
  user_id: z.number().int(),
  uuid: z.string(),
  user_name: z.string(),
  avatar: z.string(),
  /** TAICE earned in this race. */
  points: amount,
  /** The name of whoever invited this member; null when nobody did. */
  referred_by: z.string().nullable(),
  /** Friends confirmed in this race. */
  invites: z.number().int(),
  /** Videos posted in this race. */
  uploaded_videos: z.number().int(),
  /** Videos counted as watched in this race. */
  videos_watched: z.number().int(),
});
export type RankingRow = z.infer<typeof rankingRowSchema>;

/** The caller's own row; `rank` is null while they have earned nothing in the race. */
export const myRankingSchema = rankingRowSchema.extend({
  rank: z.number().int().nullable(),
  /** Whether a wallet is bound that a race reward can be paid to (the close checks the same). */
  wallet_bound: z.boolean(),
  /** Of `uploaded_videos`, those marked AI-generated: what a tier with `ai_uploads` counts. */
  ai_uploaded_videos: z.number().int(),
});
export type MyRanking = z.infer<typeof myRankingSchema>;

export const pointsRanking = defineCall({
  method: 'GET',
  path: '/api/frontend/pointsRanking',
  auth: 'optional',
  tag: 'races',
  summary: 'One page of a race’s ranking (the running race unless race_id names a past one), the caller’s row and rank',
  query: pageQuery.extend({ race_id: rowId.optional() }),
  data: pageOf(rankingRowSchema).extend({
    race: raceSchema,
    me: myRankingSchema.nullable(),
    server_time: z.string(),
  }),
});

export const raceList = defineCall({
  method: 'GET',
  path: '/api/frontend/pointsRanking/races',
  auth: 'none',
  tag: 'races',
  summary: 'Races newest first: the running one, then past ones',
  query: pageQuery,
  data: pageOf(raceSchema),
});

export const promoterRowSchema = z.object({
  rank: z.number().int(),
  user_id: z.number().int(),
  uuid: z.string(),
  user_name: z.string(),
  avatar: z.string(),
  /** Friends confirmed in this race. */
  invites: z.number().int(),
});
export type PromoterRow = z.infer<typeof promoterRowSchema>;

export const promoterRanking = defineCall({
  method: 'GET',
  path: '/api/frontend/pointsRanking/promoters',
  auth: 'optional',
  tag: 'races',
  summary: 'The promoters of the running race by friends confirmed in it, and the caller’s place',
  query: pageQuery,
  data: pageOf(promoterRowSchema).extend({
    race: raceSchema,
    me: promoterRowSchema.extend({ rank: z.number().int().nullable() }).nullable(),
  }),
});

/**
 * pending: waiting for an operator; ineligible: a rule was not met (never paid); approved: granted, a token
 * still owed on chain; paid: TAICE credited (or the token sent); rejected: refused by an operator, with a reason.
 */
export const REWARD_STATUSES = ['pending', 'ineligible', 'approved', 'paid', 'rejected'] as const;
export type RewardStatus = (typeof REWARD_STATUSES)[number];
export const REWARD_SOURCES = ['race', 'campaign'] as const;
export type RewardSource = (typeof REWARD_SOURCES)[number];

export const eligibilityCheckSchema = z.object({
  rule: z.enum(ELIGIBILITY_RULES),
  /** What the rank asks (1 for the wallet). */
  required: z.number().int(),
  /** What the member had (1 or 0 for the wallet). */
  actual: z.number().int(),
  passed: z.boolean(),
});
export type EligibilityCheck = z.infer<typeof eligibilityCheckSchema>;

export const rewardSchema = z.object({
  id: z.number().int(),
  source: z.enum(REWARD_SOURCES),
  source_id: z.number().int(),
  /** The race's label or the campaign's title, in the request language. */
  title: z.string(),
  rank: z.number().int().nullable(),
  amount,
  currency: z.enum(REWARD_CURRENCIES),
  status: z.enum(REWARD_STATUSES),
  /** Why it is ineligible or rejected, in the request language; '' otherwise. */
  reason: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  /** The ledger entry (TAICE) or transaction hash (token) that paid it; '' until paid. */
  payout_ref: z.string(),
});
export type Reward = z.infer<typeof rewardSchema>;

export const rewardTotalSchema = z.object({
  currency: z.enum(REWARD_CURRENCIES),
  pending: amount,
  approved: amount,
  paid: amount,
});

export const rewardDetail = defineCall({
  method: 'GET',
  path: '/api/frontend/userReward/detail',
  auth: 'required',
  tag: 'races',
  summary: 'The caller’s reward totals by currency: pending, approved (owed), paid',
  data: z.object({ totals: z.array(rewardTotalSchema), count: z.number().int() }),
});

export const rewardLog = defineCall({
  method: 'GET',
  path: '/api/frontend/userReward/userRewardLog',
  auth: 'required',
  tag: 'races',
  summary: 'The caller’s rewards from races and campaigns, newest first',
  query: pageQuery.extend({ source: z.enum(REWARD_SOURCES).optional() }),
  data: pageOf(rewardSchema),
});

export const rewardLogDetail = defineCall({
  method: 'GET',
  path: '/api/frontend/userReward/userRewardLogDetail',
  auth: 'required',
  tag: 'races',
  summary: 'One of the caller’s rewards with the eligibility checks and their figures',
  query: z.object({ id: rowId }),
  data: rewardSchema.extend({ checks: z.array(eligibilityCheckSchema) }),
});
