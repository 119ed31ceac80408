import { z } from 'zod';
import { defineCall, pageOf, pageQuery, rowId } from '../call';
import { localizedInput } from '../text';
import {
  CAMPAIGN_JOIN_MODES,
  CAMPAIGN_SPLITS,
  CAMPAIGN_STATUSES,
  campaignCardSchema,
  campaignConditionsSchema,
} from './campaigns';
import { REWARD_CURRENCIES } from './races';
import { OPS_ADMIN, OPS_STAFF } from './ops-access';

/**
 * The operators' side of campaigns: list (admin or support), create, update before the start, and settle now
 * (admin). Every action writes an audit row in its own transaction. The draw seed is drawn by the server at
 * creation; only its sha256 is shown until settlement, to operators too.
 */
export const CAMPAIGN_TITLE_MAX_LENGTH = 80;
export const CAMPAIGN_RULES_MAX_LENGTH = 1_000;
export const CAMPAIGN_BANNER_MAX_LENGTH = 500;
/** Most prizes a rank or draw campaign may have. */
export const CAMPAIGN_MAX_WINNERS = 1_000;
export const CAMPAIGN_MAX_RANKS = 100;

const condition = z.number().int().min(0).max(1_000_000).default(0);
const when = z.iso.datetime({ offset: true }).max(40);

const campaignFields = z.object({
  title: localizedInput(CAMPAIGN_TITLE_MAX_LENGTH),
  rules: localizedInput(CAMPAIGN_RULES_MAX_LENGTH, { lines: true }),
  /** An image URL: absolute (http or https) or a path on this site. */
  banner: z
    .string()
    .trim()
    .max(CAMPAIGN_BANNER_MAX_LENGTH)
    .regex(/^(https?:\/\/|\/)\S+$/, 'must be an http(s) URL or a path starting with /'),
  starts_at: when,
  ends_at: when,
  jackpot: z.number().positive().max(100_000_000).multipleOf(0.01),
  currency: z.enum(REWARD_CURRENCIES).default('TAICE'),
  split: z.enum(CAMPAIGN_SPLITS),
  join_mode: z.enum(CAMPAIGN_JOIN_MODES).default('explicit'),
  /** draw only: how many qualifiers are drawn. */
  winners: z.number().int().min(1).max(CAMPAIGN_MAX_WINNERS).nullable().default(null),
  /** rank only: percent of the jackpot for rank 1, 2, ... (2 decimals at most), adding up to 100. */
  rank_shares: z.array(z.number().positive().max(100).multipleOf(0.01)).max(CAMPAIGN_MAX_RANKS).default([]),
  conditions: z
    .object({ min_watched: condition, min_invites: condition, min_shares: condition })
    .default({ min_watched: 0, min_invites: 0, min_shares: 0 }),
});

type Fields = z.output<typeof campaignFields>;

/** The checks across fields, the same for create and update. */
function withCampaignRules<T extends z.ZodType<Fields>>(schema: T) {
  return schema
    .refine((c) => Date.parse(c.starts_at) < Date.parse(c.ends_at), {
      message: 'ends_at must be after starts_at',
      path: ['ends_at'],
    })
    .refine((c) => (c.split === 'draw') === (c.winners !== null), {
      message: 'winners is required for a draw and only for one',
      path: ['winners'],
    })
    .refine((c) => (c.split === 'rank') === c.rank_shares.length > 0, {
      message: 'rank_shares is required for a rank split and only for one',
      path: ['rank_shares'],
    })
    .refine((c) => c.split !== 'rank' || Math.round(c.rank_shares.reduce((a, b) => a + b, 0) * 100) === 100_00, {
      message: 'rank_shares must add up to 100',
      path: ['rank_shares'],
    });
}

export const campaignInput = withCampaignRules(campaignFields);
export type CampaignInput = z.output<typeof campaignInput>;

export const opsCampaignSchema = campaignCardSchema.omit({ title: true }).extend({
  title: localizedInput(CAMPAIGN_TITLE_MAX_LENGTH),
  rules: localizedInput(CAMPAIGN_RULES_MAX_LENGTH),
  conditions: campaignConditionsSchema,
  rank_shares: z.array(z.number()),
  draw_commitment: z.string().nullable(),
  /** Revealed at settlement; null before. */
  draw_seed: z.string().nullable(),
  /** Participants meeting every condition, as of `refreshed_at` (final after settlement). */
  qualified: z.number().int(),
  /** Rewards written at settlement. */
  rewards: z.number().int(),
  refreshed_at: z.string().nullable(),
  settled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OpsCampaign = z.infer<typeof opsCampaignSchema>;

export const opsCampaigns = defineCall({
  method: 'GET',
  path: '/api/ops/campaigns',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'Campaigns, latest start first, optionally of one status, with all their translations (admin or support)',
  query: pageQuery.extend({ status: z.enum(CAMPAIGN_STATUSES).optional() }),
  data: pageOf(opsCampaignSchema),
});

export const opsCampaignCreate = defineCall({
  method: 'POST',
  path: '/api/ops/campaigns/create',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Create a campaign; a draw gets its seed now, published as its sha256 (admin)',
  body: campaignInput,
  data: opsCampaignSchema,
});

export const opsCampaignUpdate = defineCall({
  method: 'POST',
  path: '/api/ops/campaigns/update',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Replace a campaign’s settings, only before it starts; a draw keeps its seed (admin)',
  body: withCampaignRules(campaignFields.extend({ id: rowId })),
  data: opsCampaignSchema,
});

export const opsCampaignSettle = defineCall({
  method: 'POST',
  path: '/api/ops/campaigns/settle',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Settle an ended campaign now instead of waiting for its job (safe to repeat) (admin)',
  body: z.object({ id: rowId }),
  data: opsCampaignSchema,
});
