import type { ApiLang, CampaignCard, CampaignStatus, OpsCampaign } from '@taice/contract';
import type { CampaignRow } from './progress';
import { taice } from '../../platform/money';

/** The wire's amount (2 decimals at most) → hundredths. */
export const toHundredths = (amount: number) => Math.round(amount * 100);

/** The banner's URL: operators give URLs; the demo seed stores a key of its generated art. */
export type MediaUrl = (key: string) => string;
export const bannerUrl = (banner: string, mediaUrl: MediaUrl) =>
  /^(https?:\/\/|\/)/.test(banner) ? banner : mediaUrl(banner);

export function statusOf(c: Pick<CampaignRow, 'startsAt' | 'endsAt' | 'settledAt'>, now: Date): CampaignStatus {
  if (c.settledAt) return 'settled';
  if (now < c.startsAt) return 'upcoming';
  return now < c.endsAt ? 'ongoing' : 'ended';
}

/** The ranks paid (rank) or winners drawn (draw); null for an equal split. */
const winnersOf = (c: CampaignRow) =>
  c.split === 'rank' ? c.rankShares.length : c.split === 'draw' ? c.winners : null;

export function cardOf(c: CampaignRow, lang: ApiLang, now: Date, mediaUrl: MediaUrl): CampaignCard {
  return {
    id: c.id,
    title: c.title[lang],
    banner: bannerUrl(c.banner, mediaUrl),
    starts_at: c.startsAt.toISOString(),
    ends_at: c.endsAt.toISOString(),
    status: statusOf(c, now),
    jackpot: taice(c.jackpot),
    currency: c.currency,
    participants: c.participants,
    split: c.split,
    join_mode: c.joinMode,
    winners: winnersOf(c),
  };
}

/** What the detail and the operators see of the rules behind the split. */
export function rulesOf(c: CampaignRow) {
  return {
    conditions: { min_watched: c.minWatched, min_invites: c.minInvites, min_shares: c.minShares },
    rank_shares: c.rankShares.map(taice),
    draw_commitment: c.split === 'draw' ? c.drawCommitment : null,
    // The seed stays secret until the results are out: knowing it earlier tells who would win.
    draw_seed: c.split === 'draw' && c.settledAt ? c.drawSeed : null,
  };
}

export function opsViewOf(c: CampaignRow, now: Date, mediaUrl: MediaUrl, rewards: number): OpsCampaign {
  const card = cardOf(c, 'en_US', now, mediaUrl);
  return {
    ...card,
    title: c.title,
    rules: c.rules,
    ...rulesOf(c),
    qualified: c.qualified,
    rewards,
    refreshed_at: c.refreshedAt?.toISOString() ?? null,
    settled_at: c.settledAt?.toISOString() ?? null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}
