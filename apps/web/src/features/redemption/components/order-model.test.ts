import { describe, expect, it } from 'vitest';
import type { Order } from '@taice/contract';
import { formatPhone, maskCode, orderSteps, parseOrderId, parseOrderStatus } from './order-model';

const order = (changes: Partial<Order> = {}, prize: Partial<Order['prize']> = {}): Order => ({
  id: 7,
  order_no: 'R20261125000007',
  status: 'not_shipped',
  prize: { id: 3, type: 'physical', name: 'Wireless earbuds', image: null, ...prize },
  price: 1234.5,
  address: null,
  carrier: null,
  tracking_no: null,
  code: null,
  member_expires_at: null,
  ledger_entry_id: 11,
  refund_entry_id: null,
  created_at: '2026-03-01T10:00:00.000Z',
  shipped_at: null,
  completed_at: null,
  cancelled_at: null,
  ...changes,
});

const summary = (o: Order) => orderSteps(o).map((s) => `${s.key}:${s.state}`);

describe('an order’s timeline', () => {
  it('takes physical goods from placed through shipped to completed', () => {
    expect(summary(order())).toEqual(['placed:done', 'shipped:todo', 'completed:todo']);
    const shipped = order({ status: 'shipped', shipped_at: '2026-03-02T10:00:00.000Z' });
    expect(summary(shipped)).toEqual(['placed:done', 'shipped:done', 'completed:todo']);
    expect(orderSteps(shipped)[1]?.at).toBe('2026-03-02T10:00:00.000Z');
    const done = order({
      status: 'completed',
      shipped_at: '2026-03-02T10:00:00Z',
      completed_at: '2026-03-05T10:00:00Z',
    });
    expect(summary(done)).toEqual(['placed:done', 'shipped:done', 'completed:done']);
  });

  it('delivers virtual products and activates membership at once', () => {
    const at = '2026-03-01T10:00:01.000Z';
    expect(summary(order({ status: 'completed', completed_at: at }, { type: 'virtual' }))).toEqual([
      'placed:done',
      'delivered:done',
    ]);
    expect(summary(order({ status: 'completed', completed_at: at }, { type: 'membership' }))).toEqual([
      'placed:done',
      'activated:done',
    ]);
  });

  it('ends a cancelled order with its cancellation, and the refund once paid back', () => {
    const cancelled = order({ status: 'cancelled', cancelled_at: '2026-03-02T10:00:00Z' });
    expect(summary(cancelled)).toEqual(['placed:done', 'cancelled:stopped']);
    expect(summary({ ...cancelled, refund_entry_id: 12 })).toEqual([
      'placed:done',
      'cancelled:stopped',
      'refunded:stopped',
    ]);
  });
});

describe('the orders page’s helpers', () => {
  it('hides a code behind 8 to 16 dots', () => {
    expect(maskCode('ABC')).toBe('••••••••');
    expect(maskCode('ABCD-EFGH-IJ')).toBe('••••••••••••');
    expect(maskCode('X'.repeat(40))).toHaveLength(16);
  });

  it('reads only known statuses and positive ids from the URL', () => {
    expect(parseOrderStatus('shipped')).toBe('shipped');
    expect(parseOrderStatus('lost')).toBeUndefined();
    expect(parseOrderStatus(null)).toBeUndefined();
    expect(parseOrderId('42')).toBe(42);
    for (const bad of [null, '', '0', '-3', '1.5', 'abc', '9'.repeat(20)]) expect(parseOrderId(bad)).toBeUndefined();
  });

  it('writes a phone number with its dial code', () => {
    expect(formatPhone('1', '5550100')).toBe('+1 5550100');
    expect(formatPhone('+86', '13800000000')).toBe('+86 13800000000');
    expect(formatPhone('', '5550100')).toBe('5550100');
  });
});
