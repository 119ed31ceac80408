import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ApiLang, Order, OrderStatus } from '@taice/contract';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import type { Db, Tx } from '../../platform/db/database';
import type { PrizeRow } from './catalogue';
import { prizeOrders, prizes } from './redemption.schema';
import { taice } from '../../platform/money';

export type OrderRow = typeof prizeOrders.$inferSelect;
/** What an order shows of its prize. */
export type PrizeSummary = Pick<PrizeRow, 'id' | 'type' | 'name' | 'images'>;

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function orderView(
  order: OrderRow,
  prize: PrizeSummary,
  lang: ApiLang,
  mediaUrl: (key: string) => string,
): Order {
  const cover = prize.images[0];
  return {
    id: order.id,
    order_no: order.orderNo,
    status: order.status,
    prize: { id: prize.id, type: prize.type, name: prize.name[lang], image: cover ? mediaUrl(cover) : null },
    price: taice(order.price),
    address: order.address,
    carrier: order.carrier,
    tracking_no: order.trackingNo,
    code: order.code,
    member_expires_at: iso(order.memberExpiresAt),
    ledger_entry_id: order.ledgerEntryId,
    refund_entry_id: order.refundEntryId,
    created_at: order.createdAt.toISOString(),
    shipped_at: iso(order.shippedAt),
    completed_at: iso(order.completedAt),
    cancelled_at: iso(order.cancelledAt),
  };
}

const prizeSummary = { id: prizes.id, type: prizes.type, name: prizes.name, images: prizes.images };

/** Orders with their prize, newest first, one page. */
export async function orderPage(db: Db | Tx, where: SQL | undefined, page: PageRequest) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: prizeOrders, prize: prizeSummary })
      .from(prizeOrders)
      .innerJoin(prizes, eq(prizes.id, prizeOrders.prizeId))
      .where(where)
      .orderBy(desc(prizeOrders.id))
      .limit(page.size)
      .offset(offsetOf(page)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(prizeOrders)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One order with its prize. */
export async function orderWithPrize(db: Db | Tx, where: SQL) {
  const [row] = await db
    .select({ order: prizeOrders, prize: prizeSummary })
    .from(prizeOrders)
    .innerJoin(prizes, eq(prizes.id, prizeOrders.prizeId))
    .where(where);
  return row ?? null;
}

/** A user's own orders (prize/orders): by status, or one by id (the link from a message). */
export function createOrders(deps: { db: Db; mediaUrl: (key: string) => string }) {
  const { db, mediaUrl } = deps;
  return {
    async list(userId: number, query: PageRequest & { status?: OrderStatus; id?: number }, lang: ApiLang) {
      const where = and(
        eq(prizeOrders.userId, userId),
        query.status ? eq(prizeOrders.status, query.status) : undefined,
        query.id ? eq(prizeOrders.id, query.id) : undefined,
      );
      const { rows, total } = await orderPage(db, where, query);
      return pageResult(
        rows.map((r) => orderView(r.order, r.prize, lang, mediaUrl)),
        total,
        query,
      );
    },
  };
}
