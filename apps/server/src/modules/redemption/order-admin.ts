import { and, eq, sql } from 'drizzle-orm';
import type { ApiLang, OpsOrder, OrderStatus } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { pageResult, type PageRequest } from '../../platform/http/paging';
import type { Clock } from '../../platform/time/clock';
import type { Db, Tx } from '../../platform/db/database';
import { audit, type OperatorActor } from '../operators/operators.module';
import type { Ledger } from '../points/points.module';
import type { OrderNotices } from './notices';
import { orderPage, orderView, orderWithPrize, type OrderRow, type PrizeSummary } from './orders';
import { prizeOrders, prizes } from './redemption.schema';

/** What the audit log keeps of an order's state. */
const state = (o: OrderRow) => ({
  status: o.status,
  carrier: o.carrier,
  tracking_no: o.trackingNo,
  refund_entry_id: o.refundEntryId,
});

/**
 * What operators do with orders, for the operator API and the CLI alike: list them, ship (carrier and
 * tracking number), complete, or cancel an unshipped one (stock back, TAICE refunded through the
 * ledger, `refund:{orderId}`). Each step is one transaction: a conditional update from the status it
 * leaves, the user's message and the audit row; raced or retried, a step happens once and the others
 * are refused with the order's current status.
 */
export function createOrderAdmin(deps: {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  notices: OrderNotices;
  mediaUrl: (key: string) => string;
  /** Told after each committed change to prizes or stock (the catalogue's pages). */
  changed?: () => void;
}) {
  const { db, clock, ledger, notices, mediaUrl } = deps;

  /** A transaction that tells `changed` once it has committed. */
  const inTransaction = async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
    const result = await db.transaction(work);
    deps.changed?.();
    return result;
  };

  /** Moves the order from `from`, or explains why it cannot (unknown order, other status). */
  async function move(tx: Tx, orderNo: string, from: OrderStatus, set: Partial<OrderRow>): Promise<OrderRow> {
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
    throw new AppError(set.status === 'cancelled' ? 'order_not_cancellable' : 'order_wrong_status');
  }

  /** One step: the move, what follows it, the message and the audit row, in one transaction. */
  function step(
    action: string,
    from: OrderStatus,
    run: (tx: Tx, orderNo: string, now: Date) => Promise<OrderRow>,
    notify: (tx: Tx, order: OrderRow, prize: PrizeSummary) => Promise<void>,
  ) {
    return (actor: OperatorActor, orderNo: string, lang: ApiLang): Promise<OpsOrder> =>
      inTransaction(async (tx) => {
        const now = clock.now();
        const order = await run(tx, orderNo, now);
        const row = (await orderWithPrize(tx, eq(prizeOrders.id, order.id)))!;
        await notify(tx, order, row.prize);
        await audit(
          tx,
          actor,
          { action, targetType: 'order', targetId: order.id, before: { status: from }, after: state(order) },
          now,
        );
        return { ...orderView(order, row.prize, lang, mediaUrl), user_id: order.userId };
      });
  }

  return {
    async list(query: PageRequest & { status?: OrderStatus; user_id?: number }, lang: ApiLang) {
      const where = and(
        query.status ? eq(prizeOrders.status, query.status) : undefined,
        query.user_id ? eq(prizeOrders.userId, query.user_id) : undefined,
      );
      const { rows, total } = await orderPage(db, where, query);
      const list = rows.map((r) => ({ ...orderView(r.order, r.prize, lang, mediaUrl), user_id: r.order.userId }));
      return pageResult(list, total, query);
    },

    ship: (actor: OperatorActor, orderNo: string, shipment: { carrier: string; trackingNo: string }, lang: ApiLang) =>
      step(
        'order.ship',
        'not_shipped',
        (tx, no, now) =>
          move(tx, no, 'not_shipped', {
            status: 'shipped',
            carrier: shipment.carrier,
            trackingNo: shipment.trackingNo,
            shippedAt: now,
          }),
        notices.shipped,
      )(actor, orderNo, lang),

    complete: step(
      'order.complete',
      'shipped',
      (tx, no, now) => move(tx, no, 'shipped', { status: 'completed', completedAt: now }),
      notices.completed,
    ),

    cancel: step(
      'order.cancel',
      'not_shipped',
      async (tx, no, now) => {
        const cancelled = await move(tx, no, 'not_shipped', { status: 'cancelled', cancelledAt: now });
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
      notices.cancelled,
    ),
  };
}

export type OrderAdmin = ReturnType<typeof createOrderAdmin>;
