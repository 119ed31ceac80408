import { describe, expect, it } from 'vitest';
import { poolProblems, slotsOf, type PoolForm } from './pool-terms';

const form = (patch: Partial<PoolForm> = {}): PoolForm => ({
  type: 1,
  total: '10',
  amount: '2.5',
  watchSeconds: '30',
  endAt: '',
  ...patch,
});
const now = Date.parse('2026-12-02T04:00:00Z');

describe('the fund form', () => {
  it('counts the viewers a total pays, in hundredths', () => {
    expect(slotsOf(form())).toBe(4);
    expect(slotsOf(form({ total: '0.3', amount: '0.1' }))).toBe(3);
    expect(slotsOf(form({ total: '10', amount: '3' }))).toBeNull();
    expect(slotsOf(form({ amount: '' }))).toBeNull();
  });

  it('names each problem on its field', () => {
    expect(poolProblems(form(), false, 60, now)).toEqual({});
    expect(poolProblems(form({ total: '1.234' }), false, 60, now)).toEqual({ total: 'pools.form.badAmount' });
    expect(poolProblems(form({ total: '10', amount: '3' }), false, 60, now)).toEqual({
      total: 'pools.form.notMultiple',
    });
    expect(poolProblems(form({ total: '1', amount: '2' }), false, 60, now)).toEqual({
      amount: 'pools.form.amountOverTotal',
    });
    expect(poolProblems(form({ watchSeconds: '61' }), false, 60, now)).toEqual({
      watchSeconds: 'pools.form.badSeconds',
    });
    // First viewers: the seconds are the platform's, whatever the field holds.
    expect(poolProblems(form({ watchSeconds: '' }), true, 60, now)).toEqual({});
    expect(poolProblems(form({ endAt: '2026-12-01T10:00' }), false, 60, now)).toEqual({ endAt: 'pools.form.badEnd' });
  });
});
