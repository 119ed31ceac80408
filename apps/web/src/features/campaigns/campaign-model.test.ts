import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { campaignPath } from '../../shared/routing/paths';
import {
  checkDraw,
  conditionProgress,
  drawPrize,
  formatTimeLeft,
  formatWindow,
  isOver,
  parseId,
  parseTab,
  rankPrizes,
  rewardPath,
  sha256Hex,
  timePhase,
} from './campaign-model';

const hex = (text: string) => createHash('sha256').update(text).digest('hex');

describe('campaign links and query parameters', () => {
  it('builds the pages’ paths', () => {
    expect(campaignPath(7)).toBe('/activityinfo?id=7');
    expect(rewardPath(12)).toBe('/PromoteRewards?id=12');
  });

  it('reads an id and a tab, refusing anything else', () => {
    expect(parseId('42')).toBe(42);
    expect(parseId(' 3 ')).toBe(3);
    for (const bad of [null, '', '0', '-1', '1.5', 'abc', '1e3', '9'.repeat(16)]) expect(parseId(bad)).toBeUndefined();
    expect(parseTab('completed')).toBe('completed');
    expect(parseTab('ongoing')).toBe('ongoing');
    expect(parseTab(null)).toBe('ongoing');
    expect(parseTab('ended')).toBe('ongoing');
  });
});

describe('a campaign in time', () => {
  const window = { starts_at: '2026-11-20T00:00:00.000Z', ends_at: '2026-11-27T00:00:00.000Z' };
  const at = (iso: string) => Date.parse(iso);

  it('waits for its start, runs to its end, then is over', () => {
    expect(timePhase({ ...window, status: 'upcoming' }, at('2026-11-19T23:00:00Z'))).toEqual({
      kind: 'startsIn',
      ms: 3_600_000,
    });
    expect(timePhase({ ...window, status: 'ongoing' }, at('2026-11-26T23:59:00Z'))).toEqual({
      kind: 'endsIn',
      ms: 60_000,
    });
    // The clock passed the end before a new answer came: over already.
    expect(timePhase({ ...window, status: 'ongoing' }, at('2026-11-27T00:00:00Z'))).toEqual({ kind: 'over' });
    expect(timePhase({ ...window, status: 'settled' }, at('2026-11-21T00:00:00Z'))).toEqual({ kind: 'over' });
  });

  it('is over once ended or settled', () => {
    expect(['upcoming', 'ongoing', 'ended', 'settled'].map((s) => isOver(s as 'ended'))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it('shows its window short, with the year only when it is not this one', () => {
    const year = new Date().getFullYear();
    const shown = formatWindow(`${year}-03-02T09:00:00`, `${year}-03-09T18:30:00`, 'en');
    expect(shown).toMatch(/^Mar 2, 9:00\sAM\s–\sMar 9, 6:30\sPM$/);
    expect(formatWindow('2020-03-02T09:00:00', '2020-03-09T18:30:00', 'en')).toContain('2020');
  });

  it('says how long is left with the two largest units, in the language', () => {
    const ms = (d: number, h: number, m: number) => ((d * 24 + h) * 60 + m) * 60_000;
    expect(formatTimeLeft(ms(3, 4, 30), 'en')).toBe('3d 4h');
    expect(formatTimeLeft(ms(3, 0, 30), 'en')).toBe('3d');
    expect(formatTimeLeft(ms(0, 5, 12), 'en')).toBe('5h 12m');
    expect(formatTimeLeft(ms(0, 0, 12) + 59_000, 'en')).toBe('12m');
    expect(formatTimeLeft(20_000, 'en')).toBe('1m');
    expect(formatTimeLeft(ms(2, 1, 0), 'tw')).toMatch(/^2\s?天 1\s?小時$/);
  });
});

describe('conditions', () => {
  const conditions = { min_watched: 5, min_invites: 0, min_shares: 2 };

  it('lists only the conditions set, with the caller’s figures', () => {
    expect(conditionProgress(conditions, { watched: 6, invites: 3, shares: 1 })).toEqual([
      { key: 'watched', required: 5, actual: 6, met: true },
      { key: 'shares', required: 2, actual: 1, met: false },
    ]);
    expect(conditionProgress(conditions, null).map((c) => c.actual)).toEqual([0, 0]);
    expect(conditionProgress({ min_watched: 0, min_invites: 0, min_shares: 0 }, null)).toEqual([]);
  });
});

describe('the split', () => {
  it('pays ranks their percent, rounded down, with the hundredths left to rank 1 (as settlement does)', () => {
    expect(rankPrizes(10_000, [50, 30, 20])).toEqual([
      { rank: 1, percent: 50, amount: 5000 },
      { rank: 2, percent: 30, amount: 3000 },
      { rank: 3, percent: 20, amount: 2000 },
    ]);
    const odd = rankPrizes(100, [33.33, 33.33, 33.34]);
    expect(odd.map((p) => p.amount)).toEqual([33.33, 33.33, 33.34]);
    const prizes = rankPrizes(0.1, [33.33, 33.33, 33.34]);
    expect(prizes.reduce((sum, p) => sum + Math.round(p.amount * 100), 0)).toBe(10);
  });

  it('shares a draw’s jackpot among its winners', () => {
    expect(drawPrize(3000, 5)).toBe(600);
    expect(drawPrize(100, 3)).toBe(33.33);
    expect(drawPrize(100, 0)).toBe(0);
  });
});

describe('checking a draw', () => {
  const seed = 'a'.repeat(64);
  const winners = [11, 4, 27]
    .map((id) => ({ user_id: id, ticket: hex(`${seed}:${id}`) }))
    .sort((a, b) => (a.ticket < b.ticket ? -1 : 1));

  it('hashes as the server does', async () => {
    expect(await sha256Hex('TAICE')).toBe(hex('TAICE'));
  });

  it('accepts the revealed seed, the tickets and their order', async () => {
    expect(await checkDraw(seed, hex(seed), winners)).toEqual({
      commitmentMatches: true,
      ticketsMatch: true,
      ordered: true,
    });
  });

  it('finds a seed that is not the committed one, a forged ticket and winners out of order', async () => {
    expect((await checkDraw(seed, hex('b'.repeat(64)), winners)).commitmentMatches).toBe(false);
    const forged = [{ ...winners[0]!, ticket: '0'.repeat(64) }, ...winners.slice(1)];
    expect((await checkDraw(seed, hex(seed), forged)).ticketsMatch).toBe(false);
    expect((await checkDraw(seed, hex(seed), [...winners].reverse())).ordered).toBe(false);
  });
});
