import { beforeAll, describe, expect, it } from 'vitest';
import { opsCampaignCalls, opsUserCalls } from '@taice/contract';
import { i18n, i18nReady } from '../../shared/i18n/i18n';
import { fieldOf, formErrors, instantOf, listOf, localOf, numberOf } from './form';

beforeAll(async () => {
  await i18nReady;
});

const adjustLabels = { amount: 'Amount', reason: 'Reason' };
const adjust = (amount: number | undefined, reason: string) => ({
  user_id: 7,
  amount,
  reason,
  idempotency_key: 'k'.repeat(16),
});

describe('a console form checked with the contract’s schema', () => {
  it('words each field’s first problem as the server does, in the chosen language', async () => {
    await i18n.changeLanguage('en');
    expect(formErrors(opsUserCalls.opsBalanceAdjust.body, adjust(undefined, ' '), adjustLabels)).toEqual({
      amount: 'Amount: is required',
      reason: 'Reason: is required',
    });
    expect(formErrors(opsUserCalls.opsBalanceAdjust.body, adjust(1.234, 'x'.repeat(301)), adjustLabels)).toEqual({
      amount: 'Amount: is invalid',
      reason: 'Reason: must be at most 300 characters',
    });
    await i18n.changeLanguage('cn');
    expect(formErrors(opsUserCalls.opsBalanceAdjust.body, adjust(-5, ''), { ...adjustLabels, reason: '原因' })).toEqual(
      { reason: '原因：不能为空' },
    );
    await i18n.changeLanguage('en');
  });

  it('is empty when the server would accept the body', () => {
    expect(formErrors(opsUserCalls.opsBalanceAdjust.body, adjust(-12.5, 'Goodwill'), adjustLabels)).toEqual({});
  });

  it('puts a nested issue on the field that holds it', () => {
    const errors = formErrors(
      opsCampaignCalls.opsCampaignCreate.body,
      {
        title: { en_US: 'A', 'zh-CN': '', 'zh-TW': 'C' },
        rules: { en_US: 'r', 'zh-CN': 'r', 'zh-TW': 'r' },
        banner: '/b.png',
        starts_at: '2026-12-01T00:00:00Z',
        ends_at: '2026-12-02T00:00:00Z',
        jackpot: 100,
        split: 'rank',
        rank_shares: [50, 30],
      },
      { 'title.zh-CN': 'Title · 简体中文', rank_shares: 'Shares' },
    );
    expect(errors['title.zh-CN']).toBe('Title · 简体中文: is required');
    expect(errors.rank_shares).toBe('Shares: is invalid');
  });

  it('finds the longest field a path starts with', () => {
    expect(fieldOf('milestones.2.point', ['milestones', 'reason'])).toBe('milestones');
    expect(fieldOf('title.en_US', ['title', 'title.en_US'])).toBe('title.en_US');
    expect(fieldOf('titles', ['title'])).toBeUndefined();
  });
});

describe('form values to a body', () => {
  it('reads a number, blank as missing', () => {
    expect(numberOf(' -12.5 ')).toBe(-12.5);
    expect(numberOf('')).toBeUndefined();
    expect(numberOf('abc')).toBeNaN();
  });

  it('reads lists of numbers', () => {
    expect(listOf('50, 30 20')).toEqual([50, 30, 20]);
    expect(listOf(' ')).toEqual([]);
  });

  it('turns a device-local time into an ISO time and back', () => {
    const local = '2026-12-01T09:30';
    expect(localOf(instantOf(local))).toBe(local);
    expect(instantOf('')).toBeNull();
    expect(localOf(null)).toBe('');
  });
});
