import { ORDER_STATUSES, type Order, type OrderStatus } from '@taice/contract';

/** A stage an order has reached or will reach, for its timeline. */
export type OrderStepKey = 'placed' | 'shipped' | 'completed' | 'delivered' | 'activated' | 'cancelled' | 'refunded';

export interface OrderStep {
  key: OrderStepKey;
  /** When it happened; null while still to come. */
  at: string | null;
  /** done: reached; todo: still to come; stopped: the order ended here (cancelled, refunded). */
  state: 'done' | 'todo' | 'stopped';
}

const step = (key: OrderStepKey, at: string | null, reached = at !== null): OrderStep => ({
  key,
  at,
  state: reached ? 'done' : 'todo',
});

/**
 * The timeline of an order: physical goods go placed → shipped → completed;
 * a virtual product is delivered and a membership activated at once; a
 * cancelled order ends with its cancellation, and the refund once paid back.
 */
export function orderSteps(order: Order): OrderStep[] {
  const placed = step('placed', order.created_at, true);
  if (order.status === 'cancelled') {
    const steps: OrderStep[] = [placed];
    if (order.shipped_at) steps.push(step('shipped', order.shipped_at));
    steps.push({ key: 'cancelled', at: order.cancelled_at, state: 'stopped' });
    if (order.refund_entry_id !== null) steps.push({ key: 'refunded', at: order.cancelled_at, state: 'stopped' });
    return steps;
  }
  switch (order.prize.type) {
    case 'virtual':
      return [placed, step('delivered', order.completed_at ?? order.created_at, order.status === 'completed')];
    case 'membership':
      return [placed, step('activated', order.completed_at ?? order.created_at, order.status === 'completed')];
    case 'physical': {
      const shipped = order.status === 'shipped' || order.status === 'completed';
      return [
        placed,
        step('shipped', order.shipped_at, shipped),
        step('completed', order.completed_at, order.status === 'completed'),
      ];
    }
  }
}

/** A code hidden until revealed: as many dots as it has characters, between 8 and 16. */
export function maskCode(code: string): string {
  return '•'.repeat(Math.min(16, Math.max(8, code.length)));
}

/** The `?status=` of the orders page, when it names a status. */
export function parseOrderStatus(raw: string | null): OrderStatus | undefined {
  return (ORDER_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as OrderStatus) : undefined;
}

/** The `?id=` of the orders page (a message's link to one order), when it is a positive whole number. */
export function parseOrderId(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,15}$/.test(raw.trim())) return undefined;
  const id = Number(raw.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** A phone number as dialled from abroad: "+1 5550100". */
export function formatPhone(dialCode: string, phone: string): string {
  const dial = dialCode.replace(/^\+/, '');
  return dial ? `+${dial} ${phone}` : phone;
}
