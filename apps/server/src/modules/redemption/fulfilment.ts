import { and, eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import type { Clock } from '../../platform/time/clock';
import type { Ledger } from '../points/points.module';
import type { Tx } from '../videos/video-events';
import type { OrderRow } from './orders';
import { prizeOrders, prizes } from './redemption.schema';

/**
 * What operators do with an order: ship (carrier and tracking number), complete, or cancel an
 * unshipped one (stock back, TAICE refunded through the ledger). Each step is one conditional
 * update from the status it leaves, so a step raced by several operators (or retried) happens once;
 * the others are refused with the order's current status. Each runs in the caller's transaction.
 */
export function createFulfilment(deps: { clock: Clock; ledger: Ledger }) {
  const { clock, ledger } = deps;

  /** Moves the order from `from`, or explains why it cannot (unknown order, other status). */
  async function step(tx: Tx, orderNo: string, from: OrderStatus, set: Partial<OrderRow>): Promise<OrderRow> {
    const [moved] = await tx
      .update(prizeOrders)
      .set(set)
      .where(and(eq(prizeOrders.orderNo, orderNo), eq(prizeOrders.status, from)))
      .returning();
    if (moved) return moved;
    const [order] = await tx
      .select({ status: prizeOrders.status })
      .from(prizeOrders)
      .where(eq(prizeOrders.orderNo, orderNo));
    if (!order) throw new AppError('order_not_found');
    throw new AppError(
      from === 'not_shipped' && set.status === 'cancelled' ? 'order_not_cancellable' : 'order_wrong_status',
    );
  }

  return {
    /** The order as it was before the step, for the audit log. */
    before: async (tx: Tx, orderNo: string) =>
      (await tx.select().from(prizeOrders).where(eq(prizeOrders.orderNo, orderNo)))[0] ?? null,

    ship: (tx: Tx, orderNo: string, shipment: { carrier: string; trackingNo: string }) =>
      step(tx, orderNo, 'not_shipped', {
        status: 'shipped',
        carrier: shipment.carrier,
        trackingNo: shipment.trackingNo,
        shippedAt: clock.now(),
      }),

    complete: (tx: Tx, orderNo: string) =>
      step(tx, orderNo, 'shipped', { status: 'completed', completedAt: clock.now() }),

    async cancel(tx: Tx, orderNo: string): Promise<OrderRow> {
      const now = clock.now();
      const cancelled = await step(tx, orderNo, 'not_shipped', { status: 'cancelled', cancelledAt: now });
      await tx
        .update(prizes)
        .set({ stock: sql`${prizes.stock} + 1` })
        .where(eq(prizes.id, cancelled.prizeId));
      const refund = await ledger.refund(tx, {
        userId: cancelled.userId,
        amount: cancelled.price,
        reason: 'refund',
        eventKey: `refund:${cancelled.id}`,
        bucket: 'spendable',
        memo: `order ${cancelled.orderNo}`,
        at: now,
      });
      const [order] = await tx
        .update(prizeOrders)
        .set({ refundEntryId: refund.entryId })
        .where(eq(prizeOrders.id, cancelled.id))
        .returning();
      return order!;
    },
  };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
