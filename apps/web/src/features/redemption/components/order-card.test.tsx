import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@taice/contract';
import { i18nReady } from '../../../shared/i18n/i18n';
import { OrderCard } from './order-card';

vi.mock('../../../shared/ui/copy', () => ({ copyText: vi.fn(() => Promise.resolve()) }));
const { copyText } = await import('../../../shared/ui/copy');

const base: Order = {
  id: 7,
  order_no: 'R20261125000007',
  status: 'shipped',
  prize: { id: 3, type: 'physical', name: 'Wireless earbuds', image: null },
  price: 1234.5,
  address: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    country: 'GB',
    dial_code: '44',
    phone: '2071234567',
    detail_address: '12 St James’s Square, London',
  },
  carrier: 'DHL',
  tracking_no: 'JD0001',
  code: null,
  member_expires_at: null,
  ledger_entry_id: 11,
  refund_entry_id: null,
  created_at: '2026-03-01T10:00:00.000Z',
  shipped_at: '2026-03-02T10:00:00.000Z',
  completed_at: null,
  cancelled_at: null,
};

const countryName = (code: string) => (code === 'GB' ? 'United Kingdom' : code);

describe('an order card', () => {
  it('shows a shipped physical order with its price, tracking and address', async () => {
    await i18nReady;
    const user = userEvent.setup();
    render(<OrderCard order={base} countryName={countryName} />);
    const card = screen.getByRole('article', { name: 'Wireless earbuds' });
    expect(within(card).getByText('1,234.50 TAICE')).toBeTruthy();
    expect(within(card).getByTestId('order-status').textContent).toBe('Shipped');
    expect(within(card).getByText('DHL')).toBeTruthy();
    expect(within(card).getByTestId('order-address').textContent).toContain('+44 2071234567');
    expect(within(card).getByText('United Kingdom')).toBeTruthy();
    const steps = within(card).getByRole('list', { name: 'Order progress' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-current')),
    ).toEqual([null, 'step', null]);
    await user.click(within(card).getByRole('button', { name: 'Copy tracking number' }));
    expect(copyText).toHaveBeenCalledWith('JD0001');
    await user.click(within(card).getByRole('button', { name: 'Copy order number' }));
    expect(copyText).toHaveBeenCalledWith('R20261125000007');
  });

  it('hides a virtual code until revealed, and copies it either way', async () => {
    await i18nReady;
    const user = userEvent.setup();
    const order: Order = {
      ...base,
      status: 'completed',
      prize: { ...base.prize, type: 'virtual', name: 'Game card' },
      address: null,
      carrier: null,
      tracking_no: null,
      shipped_at: null,
      code: 'GIFT-1234-ABCD',
      completed_at: base.created_at,
    };
    render(<OrderCard order={order} countryName={countryName} />);
    expect(screen.queryByText('GIFT-1234-ABCD')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(copyText).toHaveBeenCalledWith('GIFT-1234-ABCD');
    await user.click(screen.getByRole('button', { name: 'Show code' }));
    expect(screen.getByTestId('order-code').textContent).toBe('GIFT-1234-ABCD');
    await user.click(screen.getByRole('button', { name: 'Hide code' }));
    expect(screen.queryByText('GIFT-1234-ABCD')).toBeNull();
  });

  it('shows a membership’s expiry and a cancelled order’s refund', async () => {
    await i18nReady;
    const membership: Order = {
      ...base,
      status: 'completed',
      prize: { ...base.prize, type: 'membership', name: 'VIP 30 days' },
      address: null,
      carrier: null,
      tracking_no: null,
      member_expires_at: '2026-04-01T10:00:00.000Z',
    };
    const { unmount } = render(<OrderCard order={membership} countryName={countryName} />);
    expect(screen.getByText('Member until Apr 1, 2026')).toBeTruthy();
    unmount();
    const cancelled: Order = {
      ...base,
      status: 'cancelled',
      carrier: null,
      tracking_no: null,
      shipped_at: null,
      refund_entry_id: 12,
      cancelled_at: '2026-03-02T10:00:00.000Z',
    };
    render(<OrderCard order={cancelled} countryName={countryName} />);
    expect(screen.getByText('1,234.50 TAICE refunded to your balance')).toBeTruthy();
    expect(screen.getByText('Refunded')).toBeTruthy();
  });
});
