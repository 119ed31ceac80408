import { describe, expect, it } from 'vitest';
import { formatBalance, formatHeaderCount } from './format';

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
