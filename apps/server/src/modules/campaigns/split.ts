import { createHash } from 'node:crypto';
import type { CampaignSplit } from '@taice/contract';

/** A qualifier at settlement, with the progress that ranks it. */
export interface Qualifier {
  userId: number;
  score: number;
}

/** One prize of a settlement: amounts are hundredths of the campaign's currency, never 0. */
export interface Prize {
  userId: number;
  /** rank: the rank; draw: the place in the draw; equal: null. */
  rank: number | null;
  amount: number;
  /** draw: the winner's ticket; null otherwise. */
  ticket: string | null;
}

export interface SplitRules {
  split: CampaignSplit;
  /** Hundredths of the currency. */
  jackpot: number;
  /** draw: how many are drawn. */
  winners: number | null;
  /** rank: hundredths of a percent per rank. */
  rankShares: number[];
  drawSeed: string;
}

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** A qualifier's draw ticket: anyone holding the revealed seed can compute it (the smallest tickets win). */
export const drawTicket = (seed: string, userId: number) => sha256Hex(`${seed}:${userId}`);

/**
 * `total` hundredths shared by `userIds` as evenly as hundredths allow: the hundredths left by the division go
 * one each to the lowest user ids, so the whole amount is paid and the rule needs no randomness.
 */
function evenly(total: number, userIds: number[]): Map<number, number> {
  const base = Math.floor(total / userIds.length);
  const extra = total - base * userIds.length;
  const lowestFirst = [...userIds].sort((a, b) => a - b);
  return new Map(lowestFirst.map((id, i) => [id, base + (i < extra ? 1 : 0)]));
}

/**
 * The prizes of a settlement, in the order they are shown.
 * - equal: the jackpot among all qualifiers (remainder hundredths to the lowest user ids).
 * - rank: qualifiers by score desc, then user id asc; rank n gets rankShares[n] of the jackpot, rounded down
 *   to the hundredth, and rank 1 also the hundredths the rounding left over. Ranks nobody reached stay unpaid.
 * - draw: the `winners` qualifiers with the smallest tickets, each a `winners`-th of the jackpot (remainder as
 *   for equal); with fewer qualifiers than prizes, the prizes nobody could win stay unpaid.
 * A prize that rounds to nothing is left out (the jackpot is smaller than a hundredth each).
 */
export function splitJackpot(rules: SplitRules, qualifiers: Qualifier[]): Prize[] {
  if (qualifiers.length === 0) return [];
  let prizes: Prize[];
  if (rules.split === 'equal') {
    const amounts = evenly(
      rules.jackpot,
      qualifiers.map((q) => q.userId),
    );
    prizes = [...amounts].map(([userId, amount]) => ({ userId, rank: null, amount, ticket: null }));
  } else if (rules.split === 'rank') {
    const ranked = [...qualifiers].sort((a, b) => b.score - a.score || a.userId - b.userId);
    const shares = rules.rankShares.map((bp) => Math.floor((rules.jackpot * bp) / 10_000));
    const leftover = rules.jackpot - shares.reduce((a, b) => a + b, 0);
    prizes = ranked.slice(0, shares.length).map((q, i) => ({
      userId: q.userId,
      rank: i + 1,
      amount: shares[i]! + (i === 0 ? leftover : 0),
      ticket: null,
    }));
  } else {
    const winners = rules.winners ?? 0;
    const drawn = qualifiers
      .map((q) => ({ userId: q.userId, ticket: drawTicket(rules.drawSeed, q.userId) }))
      .sort((a, b) => (a.ticket < b.ticket ? -1 : a.ticket > b.ticket ? 1 : 0))
      .slice(0, winners);
    // Each drawn winner gets one prize; the hundredths the division leaves go one each to the lowest ids.
    const base = Math.floor(rules.jackpot / winners);
    const lowestIds = new Set(
      drawn
        .map((d) => d.userId)
        .sort((a, b) => a - b)
        .slice(0, rules.jackpot - base * winners),
    );
    prizes = drawn.map((d, i) => ({
      userId: d.userId,
      rank: i + 1,
      amount: base + (lowestIds.has(d.userId) ? 1 : 0),
      ticket: d.ticket,
    }));
  }
  return prizes.filter((p) => p.amount > 0);
}
