import { z } from 'zod';
import { defineCall, pageOf, pageQuery, rowId } from '../call';
import { eligibilityCheckSchema, raceSchema, REWARD_SOURCES, REWARD_STATUSES, rewardSchema } from './races';
import { OPS_ADMIN, OPS_STAFF } from './ops-access';

/**
 * The operators' side of races and rewards: results to verify, and approval (admin), which pays TAICE through
 * the ledger once, or records a token as owed. Every action writes an audit row in its own transaction.
 */
export const REJECT_REASON_MAX_LENGTH = 300;

export const opsRaceSchema = raceSchema.extend({
  rewards_pending: z.number().int(),
  rewards_ineligible: z.number().int(),
  rewards_settled: z.number().int(),
});
export type OpsRace = z.infer<typeof opsRaceSchema>;

export const opsRaces = defineCall({
  method: 'GET',
  path: '/api/ops/races',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'Races newest first, with how many of their rewards wait for a decision (admin or support)',
  query: pageQuery,
  data: pageOf(opsRaceSchema),
});

export const opsRewardSchema = rewardSchema.extend({
  user_id: z.number().int(),
  user_name: z.string(),
  email: z.string(),
  wallet_address: z.string(),
  checks: z.array(eligibilityCheckSchema),
  decided_by: z.string(),
});
export type OpsReward = z.infer<typeof opsRewardSchema>;

export const opsRewards = defineCall({
  method: 'GET',
  path: '/api/ops/rewards',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'Rewards of one race or campaign (or all), by rank, optionally of one status (admin or support)',
  query: pageQuery.extend({
    source: z.enum(REWARD_SOURCES).optional(),
    source_id: rowId.optional(),
    status: z.enum(REWARD_STATUSES).optional(),
  }),
  data: pageOf(opsRewardSchema),
});

export const opsRewardApprove = defineCall({
  method: 'POST',
  path: '/api/ops/rewards/approve',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Approve a pending reward: TAICE is paid through the ledger once, a token recorded as owed (admin)',
  body: z.object({ id: rowId }),
  data: opsRewardSchema,
});

export const opsRewardReject = defineCall({
  method: 'POST',
  path: '/api/ops/rewards/reject',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Refuse a pending reward, with the reason the member sees (admin)',
  body: z.object({ id: rowId, reason: z.string().trim().min(1).max(REJECT_REASON_MAX_LENGTH) }),
  data: opsRewardSchema,
});

export const opsRaceClose = defineCall({
  method: 'POST',
  path: '/api/ops/races/close',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Close an ended race now instead of waiting for its job (safe to repeat) (admin)',
  body: z.object({ id: rowId }),
  data: opsRaceSchema,
});
