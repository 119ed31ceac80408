import {
  CAMPAIGN_LIST_TABS,
  type CampaignCard,
  type CampaignConditions,
  type CampaignListTab,
  type CampaignProgress,
  type CampaignResult,
  type CampaignStatus,
  type UiLang,
} from '@taice/contract';
import { intlLocale } from '../../shared/lib/format';
import { paths } from '../../shared/routing/paths';

/** One campaign's page (`/activityinfo?id=N`). */

/** One of the caller's rewards, opened on the rewards page (another feature's screen). */
export const rewardPath = (rewardId: number) => `${paths.promoteRewards}?id=${rewardId}`;

/** The campaign center on one of its tabs; the ongoing tab is the bare path. */
export const centerTabSearch = (tab: CampaignListTab): Record<string, string> =>
  tab === 'ongoing' ? {} : { status: tab };

/** The tab a `?status=` names; anything else is the ongoing tab. */
export function parseTab(raw: string | null): CampaignListTab {
  return CAMPAIGN_LIST_TABS.find((tab) => tab === raw) ?? 'ongoing';
}

/** A query parameter naming a row (`id`), when it is a positive whole number. */
export function parseId(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,15}$/.test(raw.trim())) return undefined;
  const value = Number(raw.trim());
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** Past its end: ended (results being counted) or settled. */
export const isOver = (status: CampaignStatus) => status === 'ended' || status === 'settled';

/** Where a campaign stands in time at `nowMs`: waiting for its start, running to its end, or over. */
export type TimePhase = { kind: 'startsIn'; ms: number } | { kind: 'endsIn'; ms: number } | { kind: 'over' };

/**
 * The phase by the clock, so a card turns from "starts in" to "ends in" to over without a new answer; a
 * settled campaign is over whatever the clock says.
 */
export function timePhase(card: Pick<CampaignCard, 'starts_at' | 'ends_at' | 'status'>, nowMs: number): TimePhase {
  if (isOver(card.status)) return { kind: 'over' };
  const startsIn = Date.parse(card.starts_at) - nowMs;
  if (startsIn > 0) return { kind: 'startsIn', ms: startsIn };
  const endsIn = Date.parse(card.ends_at) - nowMs;
  return endsIn > 0 ? { kind: 'endsIn', ms: endsIn } : { kind: 'over' };
}

const UNITS = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
] as const;

/**
 * A time left, short, in the language's units: the largest whole unit and the next one unless it is zero
 * ("3d 4h", "5h", "12m"; "3天 4小时"); under a minute shows as one minute, since cards tick by the minute.
 */
export function formatTimeLeft(ms: number, lang: UiLang): string {
  const format = (value: number, unit: string) =>
    new Intl.NumberFormat(intlLocale[lang], { style: 'unit', unit, unitDisplay: 'narrow' }).format(value);
  let rest = Math.max(0, ms);
  const values = UNITS.map(([unit, size]) => {
    const value = Math.floor(rest / size);
    rest -= value * size;
    return { unit, value };
  });
  const first = values.findIndex((v) => v.value > 0);
  if (first === -1) return format(1, 'minute');
  return values
    .slice(first, first + 2)
    .filter((v) => v.value > 0)
    .map((v) => format(v.value, v.unit))
    .join(' ');
}

/** A campaign's window, short and in the language: "Nov 26, 9:12 AM – Nov 28, 10:12 AM" (the device's zone). */
export function formatWindow(startsAt: string, endsAt: string, lang: UiLang): string {
  return new Intl.DateTimeFormat(intlLocale[lang], {
    year: new Date(startsAt).getFullYear() === new Date().getFullYear() ? undefined : 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).formatRange(new Date(startsAt), new Date(endsAt));
}

export type ConditionKey = 'watched' | 'invites' | 'shares';

export interface ConditionProgress {
  key: ConditionKey;
  required: number;
  actual: number;
  met: boolean;
}

const CONDITION_FIELDS: [ConditionKey, keyof CampaignConditions][] = [
  ['watched', 'min_watched'],
  ['invites', 'min_invites'],
  ['shares', 'min_shares'],
];

/** Each condition the campaign sets (in a steady order) with what the caller has so far; unset ones are left out. */
export function conditionProgress(
  conditions: CampaignConditions,
  me: Pick<CampaignProgress, ConditionKey> | null,
): ConditionProgress[] {
  return CONDITION_FIELDS.filter(([, field]) => conditions[field] > 0).map(([key, field]) => {
    const actual = me?.[key] ?? 0;
    return { key, required: conditions[field], actual, met: actual >= conditions[field] };
  });
}

/**
 * A rank split's prizes, as settlement pays them: each rank its percent of the jackpot rounded down to the
 * hundredth, rank 1 also the hundredths the rounding left.
 */
export function rankPrizes(
  jackpot: number,
  shares: readonly number[],
): { rank: number; percent: number; amount: number }[] {
  const total = Math.round(jackpot * 100);
  const amounts = shares.map((percent) => Math.floor((total * Math.round(percent * 100)) / 10_000));
  const leftover = total - amounts.reduce((a, b) => a + b, 0);
  return shares.map((percent, i) => ({
    rank: i + 1,
    percent,
    amount: (amounts[i]! + (i === 0 ? leftover : 0)) / 100,
  }));
}

/** A draw's prize for each winner: the jackpot shared by the winners, to the hundredth (rounded down). */
export function drawPrize(jackpot: number, winners: number): number {
  return winners > 0 ? Math.floor(Math.round(jackpot * 100) / winners) / 100 : 0;
}

/** sha256 of a text (UTF-8), in hex, with the browser's Web Crypto. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface DrawCheck {
  /** sha256(seed) is the commitment published at the start. */
  commitmentMatches: boolean;
  /** Each winner's ticket is sha256(seed + ':' + user id). */
  ticketsMatch: boolean;
  /** The winners come in the order of their tickets, smallest first. */
  ordered: boolean;
}

/**
 * Checks a settled draw as anyone can, from what the page shows: the revealed seed against the commitment,
 * each winner's ticket against the seed, and that the winners are the tickets in ascending order.
 */
export async function checkDraw(
  seed: string,
  commitment: string,
  results: readonly Pick<CampaignResult, 'user_id' | 'ticket'>[],
): Promise<DrawCheck> {
  const [hash, ...tickets] = await Promise.all([
    sha256Hex(seed),
    ...results.map((result) => sha256Hex(`${seed}:${result.user_id}`)),
  ]);
  return {
    commitmentMatches: hash === commitment.toLowerCase(),
    ticketsMatch: results.every((result, i) => result.ticket?.toLowerCase() === tickets[i]),
    ordered: tickets.every((ticket, i) => i === 0 || tickets[i - 1]! <= ticket),
  };
}
