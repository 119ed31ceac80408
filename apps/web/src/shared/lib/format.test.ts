import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatBalance,
  formatCount,
  formatDuration,
  formatHeaderCount,
  formatReward,
  formatShortDay,
  formatViewingTime,
  formatWatchTotal,
} from './format';

describe('header counts', () => {
  it('show as K+ only above 1000', () => {
    expect(formatHeaderCount(0)).toBe('0');
    expect(formatHeaderCount(999)).toBe('999');
    expect(formatHeaderCount(1000)).toBe('1000');
    expect(formatHeaderCount(1001)).toBe('1K+');
    expect(formatHeaderCount(25_400)).toBe('25K+');
  });
});

describe('balances', () => {
  it('show two decimals with thousands separators', () => {
    expect(formatBalance(1_234_567.891, 'en')).toBe('1,234,567.89');
    expect(formatBalance(0, 'en')).toBe('0.00');
    expect(formatBalance(200, 'cn')).toBe('200.00');
    expect(formatBalance(12_345.5, 'tw')).toBe('12,345.50');
  });
});

describe('video durations', () => {
  it('show m:ss below an hour and h:mm:ss from an hour', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(7.4)).toBe('0:07');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(605)).toBe('10:05');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3723)).toBe('1:02:03');
  });

  it('treat a missing or negative length as zero', () => {
    expect(formatDuration(Number.NaN)).toBe('0:00');
    expect(formatDuration(-5)).toBe('0:00');
  });
});

describe('counts', () => {
  it('are compact in the UI language', () => {
    expect(formatCount(999, 'en')).toBe('999');
    expect(formatCount(1234, 'en')).toBe('1.2K');
    expect(formatCount(2_345_678, 'en')).toBe('2.3M');
    expect(formatCount(15_300, 'cn')).toBe('1.5万');
    expect(formatCount(15_300, 'tw')).toBe('1.5萬');
  });
});

describe('ages', () => {
  const now = Date.parse('2025-06-10T12:00:00Z');
  it('are relative, in the UI language', () => {
    expect(formatAge('2025-06-10T11:59:30Z', 'en', now)).toBe('now');
    expect(formatAge('2025-06-10T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(formatAge('2025-06-07T12:00:00Z', 'en', now)).toBe('3 days ago');
    expect(formatAge('2025-06-07T12:00:00Z', 'cn', now)).toBe('3天前');
    expect(formatAge('2025-05-20T12:00:00Z', 'en', now)).toBe('3 weeks ago');
    expect(formatAge('2023-06-10T12:00:00Z', 'en', now)).toBe('2 years ago');
  });

  it('never lie about the future (clock skew shows as now)', () => {
    expect(formatAge('2025-06-10T12:05:00Z', 'en', now)).toBe('now');
  });
});

describe('total watch time', () => {
  it('shows minutes below an hour, then hours', () => {
    expect(formatWatchTotal(180, 'en')).toBe('3 min');
    expect(formatWatchTotal(45_000, 'en')).toBe('12.5 hr');
    expect(formatWatchTotal(45_000, 'cn')).toBe('12.5小时');
    expect(formatWatchTotal(3_600 * 1234, 'en')).toBe('1,234 hr');
  });
});

describe('points figures', () => {
  it('show rewards without needless decimals', () => {
    expect(formatReward(10, 'en')).toBe('10');
    expect(formatReward(2.5, 'en')).toBe('2.5');
    expect(formatReward(5000, 'tw')).toBe('5,000');
  });
  it('show viewing time in seconds, minutes, then hours and minutes', () => {
    expect(formatViewingTime(45, 'en')).toBe('45 sec');
    expect(formatViewingTime(12 * 60 + 5, 'en')).toBe('12 min');
    expect(formatViewingTime(3600 + 5 * 60, 'en')).toBe('1 hr 5 min');
    expect(formatViewingTime(7200, 'en')).toBe('2 hr');
    expect(formatViewingTime(90, 'cn')).toMatch(/1\s?分钟/);
  });
  it('show chart days short in the language', () => {
    expect(formatShortDay('2026-03-14', 'en')).toBe('3/14');
    expect(formatShortDay('2026-03-14', 'cn')).toBe('3/14');
  });
});
