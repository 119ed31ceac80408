import {
  MAX_PAGE,
  REWARD_CURRENCIES,
  type EligibilityRule,
  type MyRanking,
  type PrizeTier,
  type RewardCurrency,
  type UiLang,
} from '@taice/contract';
import { intlLocale } from '../../shared/lib/format';

const SECOND_MS = 1000;

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** The end has come. */
  over: boolean;
}

/** What is left until `endsAtMs` at `nowMs`, in whole days, hours, minutes and seconds (never below zero). */
export function countdownParts(endsAtMs: number, nowMs: number): CountdownParts {
  const left = Math.max(0, Math.floor((endsAtMs - nowMs) / SECOND_MS));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    over: left === 0,
  };
}

/**
 * How far the server's clock is ahead of this device's (ms), from the server's time in an answer and the
 * device's time when the answer came. The countdown adds it, so a device clock set wrong does not matter.
 */
export function clockOffset(serverTime: string, receivedAt: number): number {
  const server = Date.parse(serverTime);
  return Number.isFinite(server) ? server - receivedAt : 0;
}

/** The prize tier whose ranks hold `rank`. */
export function tierOfRank(prizes: readonly PrizeTier[], rank: number | null): PrizeTier | undefined {
  return rank === null ? undefined : prizes.find((tier) => rank >= tier.rank_from && rank <= tier.rank_to);
}

/**
 * The tier whose rules the caller's progress is measured against: the one their rank is in, else the nearest
 * one above them (for someone not ranked yet, or below every prize rank: the last tier). Null without prizes.
 */
export function targetTier(
  prizes: readonly PrizeTier[],
  rank: number | null,
): { tier: PrizeTier; inTier: boolean } | null {
  const own = tierOfRank(prizes, rank);
  if (own) return { tier: own, inTier: true };
  const above = prizes.filter((tier) => rank === null || tier.rank_to < rank);
  const nearest = above.reduce<PrizeTier | undefined>(
    (best, tier) => (best === undefined || tier.rank_to > best.rank_to ? tier : best),
    undefined,
  );
  return nearest ? { tier: nearest, inTier: false } : null;
}

export interface RuleProgress {
  rule: EligibilityRule;
  required: number;
  actual: number;
  met: boolean;
}

/** Each rule the tier asks (in the contract's order) with what the caller has so far; unasked rules are left out. */
export function eligibilityProgress(
  tier: PrizeTier,
  me: Pick<MyRanking, 'invites' | 'videos_watched' | 'uploaded_videos' | 'ai_uploaded_videos' | 'wallet_bound'>,
): RuleProgress[] {
  const uploaded = tier.ai_uploads ? me.ai_uploaded_videos : me.uploaded_videos;
  const rules: RuleProgress[] = [
    { rule: 'invites', required: tier.min_invites, actual: me.invites, met: me.invites >= tier.min_invites },
    {
      rule: 'watched',
      required: tier.min_watched,
      actual: me.videos_watched,
      met: me.videos_watched >= tier.min_watched,
    },
    {
      rule: 'uploads',
      required: tier.min_uploads,
      actual: uploaded,
      met: uploaded >= tier.min_uploads,
    },
    {
      rule: 'wallet',
      required: tier.needs_wallet ? 1 : 0,
      actual: me.wallet_bound ? 1 : 0,
      met: me.wallet_bound,
    },
  ];
  return rules.filter((rule) => rule.required > 0);
}

/** A tier's ranks as shown: "1" for one rank, "4–103" for a range. */
export function rankRange(tier: Pick<PrizeTier, 'rank_from' | 'rank_to'>): string {
  return tier.rank_from === tier.rank_to ? String(tier.rank_from) : `${tier.rank_from}–${tier.rank_to}`;
}

/** A query parameter naming a row or a page (`race_id`, `id`, `page`), when it is a positive whole number. */
export function parsePositiveInt(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,15}$/.test(raw.trim())) return undefined;
  const value = Number(raw.trim());
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/**
 * How many pages a list of `total` rows has, at least one and never beyond the last page the API serves. The
 * total may be a little behind the board (the server counts participants every 30 s), so a page that says
 * another follows (`hasMore`) always gets one.
 */
export function pageCount(total: number, size: number, at?: { page: number; hasMore: boolean }): number {
  const known = at?.hasMore ? at.page + 1 : 1;
  return Math.min(MAX_PAGE, Math.max(known, Math.ceil(total / size)));
}

/** Reward totals in a steady order: TAICE first, then the tokens as the contract lists them. */
export function byCurrency<T extends { currency: RewardCurrency }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => REWARD_CURRENCIES.indexOf(a.currency) - REWARD_CURRENCIES.indexOf(b.currency));
}

/** Days as races count them: in UTC+8, whatever the device's zone. */
const raceDayFormat = (lang: UiLang) =>
  new Intl.DateTimeFormat(intlLocale[lang], {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'Asia/Shanghai',
  });

/** `endsAt` is the next Monday 00:00 UTC+8: the race's last day is the Sunday before it. */
const lastMoment = (endsAt: string) => new Date(Date.parse(endsAt) - 1);

/** A race's days, Monday to Sunday (UTC+8): "Nov 16 – 22, 2026". */
export function raceDays(startsAt: string, endsAt: string, lang: UiLang): string {
  return raceDayFormat(lang).formatRange(new Date(startsAt), lastMoment(endsAt));
}

/** A race's last day, its Sunday (UTC+8): "Nov 22, 2026". */
export function raceLastDay(endsAt: string, lang: UiLang): string {
  return raceDayFormat(lang).format(lastMoment(endsAt));
}
