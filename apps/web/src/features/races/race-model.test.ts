import { describe, expect, it } from 'vitest';
import type { PrizeTier } from '@taice/contract';
import {
  byCurrency,
  clockOffset,
  countdownParts,
  eligibilityProgress,
  pageCount,
  parsePositiveInt,
  raceDays,
  raceLastDay,
  rankRange,
  targetTier,
  tierOfRank,
} from './race-model';

/** The seeded prize table of spec section 9. */
const top: PrizeTier = {
  rank_from: 1,
  rank_to: 3,
  amount: 100,
  currency: 'USDT',
  min_invites: 50,
  min_watched: 100,
  min_uploads: 15,
  needs_wallet: true,
};
const rest: PrizeTier = { ...top, rank_from: 4, rank_to: 103, amount: 10, min_invites: 20, min_watched: 80 };
const prizes = [top, rest];

describe('the countdown', () => {
  const end = Date.parse('2026-11-22T16:00:00Z');

  it('splits what is left into days, hours, minutes and seconds', () => {
    const now = end - (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000 - 300;
    expect(countdownParts(end, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, over: false });
  });

  it('stops at zero once the end has passed', () => {
    expect(countdownParts(end, end + 5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, over: true });
    expect(countdownParts(end, end - 999).over).toBe(true);
  });

  it('runs on the server’s clock: the offset is the server’s time less the device’s', () => {
    const deviceNow = Date.parse('2026-11-20T10:00:00Z');
    expect(clockOffset('2026-11-20T10:05:00.000Z', deviceNow)).toBe(5 * 60_000);
    expect(clockOffset('2026-11-20T09:59:00.000Z', deviceNow)).toBe(-60_000);
    expect(clockOffset('not a time', deviceNow)).toBe(0);
  });
});

describe('the tier a member is measured against', () => {
  it('is the tier their rank is in', () => {
    expect(tierOfRank(prizes, 2)).toBe(top);
    expect(tierOfRank(prizes, 103)).toBe(rest);
    expect(tierOfRank(prizes, 104)).toBeUndefined();
    expect(tierOfRank(prizes, null)).toBeUndefined();
    expect(targetTier(prizes, 4)).toEqual({ tier: rest, inTier: true });
  });

  it('is the nearest tier above them when they are below every prize rank or not ranked', () => {
    expect(targetTier(prizes, 500)).toEqual({ tier: rest, inTier: false });
    expect(targetTier(prizes, null)).toEqual({ tier: rest, inTier: false });
    const gap = [top, { ...rest, rank_from: 11, rank_to: 20 }];
    expect(targetTier(gap, 7)).toEqual({ tier: top, inTier: false });
  });

  it('is none when the race has no prizes', () => {
    expect(targetTier([], 1)).toBeNull();
  });
});

describe('eligibility progress', () => {
  const me = { invites: 25, videos_watched: 80, uploaded_videos: 3, ai_uploaded_videos: 1, wallet_bound: false };

  it('compares each rule of the tier with the member’s figures', () => {
    expect(eligibilityProgress(rest, me)).toEqual([
      { rule: 'invites', required: 20, actual: 25, met: true },
      { rule: 'watched', required: 80, actual: 80, met: true },
      { rule: 'uploads', required: 15, actual: 3, met: false },
      { rule: 'wallet', required: 1, actual: 0, met: false },
    ]);
  });

  it('counts only AI videos where the tier asks for AI uploads', () => {
    const ai = { ...rest, ai_uploads: true };
    expect(eligibilityProgress(ai, me).find((r) => r.rule === 'uploads')).toEqual({
      rule: 'uploads',
      required: 15,
      actual: 1,
      met: false,
    });
    expect(eligibilityProgress(ai, { ...me, ai_uploaded_videos: 15 }).find((r) => r.rule === 'uploads')?.met).toBe(
      true,
    );
  });

  it('leaves out what the tier does not ask', () => {
    const easy = { ...rest, min_invites: 0, min_uploads: 0, needs_wallet: false };
    expect(eligibilityProgress(easy, { ...me, wallet_bound: true }).map((r) => r.rule)).toEqual(['watched']);
  });
});

describe('small formats and parameters', () => {
  it('shows one rank or a range', () => {
    expect(rankRange({ rank_from: 1, rank_to: 1 })).toBe('1');
    expect(rankRange(rest)).toBe('4–103');
  });

  it('reads only positive whole numbers from the URL', () => {
    expect(parsePositiveInt('12')).toBe(12);
    for (const raw of [null, '', '0', '-3', '1.5', 'abc', '9999999999999999']) {
      expect(parsePositiveInt(raw)).toBeUndefined();
    }
  });

  it('counts pages, at least one and at most the last the API serves', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
    expect(pageCount(1_000_000, 20)).toBe(500);
    // A count behind the board: the page that says more follow gets a next one.
    expect(pageCount(280, 20, { page: 14, hasMore: true })).toBe(15);
    expect(pageCount(280, 20, { page: 14, hasMore: false })).toBe(14);
  });

  it('orders totals TAICE first', () => {
    const rows = [{ currency: 'USDT' as const }, { currency: 'TAICE' as const }, { currency: 'SPK' as const }];
    expect(byCurrency(rows).map((r) => r.currency)).toEqual(['TAICE', 'USDT', 'SPK']);
  });

  it('names a race’s days Monday to Sunday in UTC+8, whatever the device’s zone', () => {
    // Monday 16 November 00:00 UTC+8 is Sunday 15 November 16:00 UTC.
    const days = raceDays('2026-11-15T16:00:00.000Z', '2026-11-22T16:00:00.000Z', 'en');
    expect(days).toMatch(/Nov 16\s*–\s*22, 2026/);
    expect(raceDays('2026-11-15T16:00:00.000Z', '2026-11-22T16:00:00.000Z', 'cn')).toContain('16');
    expect(raceLastDay('2026-11-22T16:00:00.000Z', 'en')).toBe('Nov 22, 2026');
  });
});
