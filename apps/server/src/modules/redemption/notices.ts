import type { Tx } from '../../platform/db/database';
import type { Messages } from '../messages/messages.module';
import type { PrizeRow } from './catalogue';
import type { OrderRow } from './orders';

/**
 * The message each order event leaves its owner, written in the event's transaction and linked to
 * the order: placed (physical), code delivered (virtual), membership extended, shipped, completed,
 * cancelled with its refund.
 */
export function createOrderNotices(messages: Messages) {
  const about = (order: OrderRow, prize: Pick<PrizeRow, 'name'>) => ({
    userId: order.userId,
    link: { kind: 'order' as const, id: order.id },
    base: { order_no: order.orderNo, prize: prize.name },
  });
  return {
    async placed(tx: Tx, order: OrderRow, prize: Pick<PrizeRow, 'name'>) {
      const { userId, link, base } = about(order, prize);
      if (order.code !== null) {
        await messages.send(tx, {
          userId,
          link,
          template: 'virtual_code_delivered',
          params: { ...base, code: order.code },
        });
      } else if (order.memberExpiresAt !== null) {
        await messages.send(tx, {
          userId,
          link,
          template: 'membership_extended',
          params: { ...base, expires_at: order.memberExpiresAt.toISOString() },
        });
      } else {
        await messages.send(tx, { userId, link, template: 'order_placed', params: { ...base, amount: order.price } });
      }
    },
    async shipped(tx: Tx, order: OrderRow, prize: Pick<PrizeRow, 'name'>) {
      const { userId, link, base } = about(order, prize);
      await messages.send(tx, {
        userId,
        link,
        template: 'order_shipped',
        params: { ...base, carrier: order.carrier ?? '', tracking_no: order.trackingNo ?? '' },
      });
    },
    async completed(tx: Tx, order: OrderRow, prize: Pick<PrizeRow, 'name'>) {
      const { userId, link, base } = about(order, prize);
      await messages.send(tx, { userId, link, template: 'order_completed', params: base });
    },
    async cancelled(tx: Tx, order: OrderRow, prize: Pick<PrizeRow, 'name'>) {
      const { userId, link, base } = about(order, prize);
      await messages.send(tx, { userId, link, template: 'order_cancelled', params: { ...base, amount: order.price } });
    },
  };
}

export type OrderNotices = ReturnType<typeof createOrderNotices>;
