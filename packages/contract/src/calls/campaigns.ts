import { z } from 'zod';
import { defineCall, pageOf, pageQuery, rowId } from '../call';
import { REWARD_CURRENCIES, REWARD_STATUSES } from './races';

/**
 * Campaigns ("activities", issue 21): an operator's jackpot shared by the members who meet its conditions inside
 * its window [starts_at, ends_at). Progress counts only what happens inside the window: videos watched (by UTC+8
 * business day), friends confirmed and shares. At settlement the jackpot is split equally among the qualifiers, by
 * rank (watched + invites + shares, ties to the lower user id), or by a draw whose seed is committed to (its
 * sha256) from creation and revealed at settlement. Winners get a pending reward (see `userReward` calls) that an
 * operator approves. Amounts are numbers with at most 2 decimals in the campaign's currency.
 */
const amount = z.number();

/** upcoming: before starts_at; ongoing: inside the window; ended: past ends_at, not settled yet; settled: results out. */
export const CAMPAIGN_STATUSES = ['upcoming', 'ongoing', 'ended', 'settled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The list's tabs: ongoing = upcoming or ongoing; completed = ended or settled. */
export const CAMPAIGN_LIST_TABS = ['ongoing', 'completed'] as const;
export type CampaignListTab = (typeof CAMPAIGN_LIST_TABS)[number];

/**
 * equal: the jackpot divided among all qualifiers; rank: `rank_shares` percent of it to ranks 1..n; draw: `winners`
 * qualifiers with the smallest sha256(seed + ':' + user_id) (hex) share it equally.
 */
export const CAMPAIGN_SPLITS = ['equal', 'rank', 'draw'] as const;
export type CampaignSplit = (typeof CAMPAIGN_SPLITS)[number];

/** explicit: a member takes part after pressing Join; auto: every member with activity in the window takes part. */
export const CAMPAIGN_JOIN_MODES = ['auto', 'explicit'] as const;
export type CampaignJoinMode = (typeof CAMPAIGN_JOIN_MODES)[number];

export const campaignConditionsSchema = z.object({
  /** Videos counted as watched inside the window. */
  min_watched: z.number().int(),
  /** Friends confirmed (referrals) inside the window. */
  min_invites: z.number().int(),
  /** Shares inside the window. */
  min_shares: z.number().int(),
});
export type CampaignConditions = z.infer<typeof campaignConditionsSchema>;

export const campaignCardSchema = z.object({
  id: z.number().int(),
  /** In the request language. */
  title: z.string(),
  /** Image URL (wide, about 3:1). */
  banner: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  jackpot: amount,
  currency: z.enum(REWARD_CURRENCIES),
  /** Members taking part (explicit: joined; auto: with activity in the window, as of the last refresh). */
  participants: z.number().int(),
  split: z.enum(CAMPAIGN_SPLITS),
  join_mode: z.enum(CAMPAIGN_JOIN_MODES),
  /** How many prizes: the ranks paid (rank) or the winners drawn (draw); null for an equal split. */
  winners: z.number().int().nullable(),
});
export type CampaignCard = z.infer<typeof campaignCardSchema>;

/** The caller's progress inside the window, counted when asked. */
export const campaignProgressSchema = z.object({
  /** auto campaigns: always true (every member takes part). */
  joined: z.boolean(),
  watched: z.number().int(),
  invites: z.number().int(),
  shares: z.number().int(),
  /** Joined and every condition met. */
  qualified: z.boolean(),
  /** After settlement, the caller's prize; null when none. */
  reward: z
    .object({
      /** The reward's id, for userReward/userRewardLogDetail. */
      id: z.number().int(),
      rank: z.number().int().nullable(),
      amount,
      status: z.enum(REWARD_STATUSES),
    })
    .nullable(),
});
export type CampaignProgress = z.infer<typeof campaignProgressSchema>;

export const campaignResultSchema = z.object({
  /** rank: the rank; draw: the place in the draw (1 = smallest ticket); equal: null. */
  rank: z.number().int().nullable(),
  user_id: z.number().int(),
  uuid: z.string(),
  user_name: z.string(),
  avatar: z.string(),
  amount,
  /** draw: sha256(seed + ':' + user_id) in hex, for anyone to check; null otherwise. */
  ticket: z.string().nullable(),
});
export type CampaignResult = z.infer<typeof campaignResultSchema>;

export const campaignDetailSchema = campaignCardSchema.extend({
  /** In the request language; several lines. */
  rules: z.string(),
  conditions: campaignConditionsSchema,
  /** rank: percent of the jackpot for rank 1, 2, ...; empty otherwise. */
  rank_shares: z.array(z.number()),
  /** draw: sha256 (hex) of the seed's text, published from creation; null otherwise. */
  draw_commitment: z.string().nullable(),
  /** draw: the seed (64 hex characters), revealed at settlement; null before and for other splits. */
  draw_seed: z.string().nullable(),
  /** null when not logged in. */
  me: campaignProgressSchema.nullable(),
  /** The winners after settlement, by rank (equal: by user id); empty before. */
  results: z.array(campaignResultSchema),
  server_time: z.string(),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

export const campaignParticipantSchema = z.object({
  user_id: z.number().int(),
  uuid: z.string(),
  user_name: z.string(),
  avatar: z.string(),
  joined_at: z.string(),
  /** Progress as of `refreshed_at` (the refresh job runs every few minutes; final after settlement). */
  watched: z.number().int(),
  invites: z.number().int(),
  shares: z.number().int(),
  qualified: z.boolean(),
});
export type CampaignParticipant = z.infer<typeof campaignParticipantSchema>;

export const campaignList = defineCall({
  method: 'GET',
  path: '/api/frontend/activity/list',
  auth: 'optional',
  tag: 'campaigns',
  summary:
    'Campaigns: ongoing (running, ending soonest first, then upcoming) or completed (newest end first); both without `status`',
  query: pageQuery.extend({ status: z.enum(CAMPAIGN_LIST_TABS).optional() }),
  data: pageOf(campaignCardSchema).extend({ server_time: z.string() }),
});

export const campaignDetail = defineCall({
  method: 'GET',
  path: '/api/frontend/activity/detail',
  auth: 'optional',
  tag: 'campaigns',
  summary: 'One campaign: rules, conditions, split, the caller’s progress and whether they qualify, results',
  query: z.object({ id: rowId }),
  data: campaignDetailSchema,
});

export const campaignJoin = defineCall({
  method: 'POST',
  path: '/api/frontend/activity/join',
  auth: 'required',
  tag: 'campaigns',
  summary: 'Take part in a running campaign (again is harmless); the campaign as detail returns it',
  body: z.object({ id: rowId }),
  data: campaignDetailSchema,
});

export const campaignParticipants = defineCall({
  method: 'GET',
  path: '/api/frontend/activity/participants',
  auth: 'optional',
  tag: 'campaigns',
  summary:
    'A campaign’s participants, qualifiers first, by progress (watched + invites + shares, then user id), as last refreshed',
  query: pageQuery.extend({ id: rowId }),
  data: pageOf(campaignParticipantSchema).extend({ refreshed_at: z.string().nullable() }),
});
