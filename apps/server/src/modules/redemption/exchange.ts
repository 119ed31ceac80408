import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { ApiLang, Order, PrizeType } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { businessDay } from '../../platform/time/business-day';
import type { Clock } from '../../platform/time/clock';
import { addressView, findOwnAddress } from '../addresses/addresses.module';
import type { Ledger } from '../points/points.module';
import type { Db, Tx } from '../../platform/db/database';
import { saleState, type PrizeRow } from './catalogue';
import type { OrderNotices } from './notices';
import { orderView, orderWithPrize } from './orders';
import { memberships, prizeCodes, prizeOrders, prizes, type AddressSnapshot } from './redemption.schema';

export interface ExchangeRequest {
  userId: number;
  prizeId: number;
  idempotencyKey: string;
  /** The call's kind: each exchange call takes prizes of its own type only. */
  type: PrizeType;
  /** Physical prizes: one of the caller's saved addresses. */
  addressId?: number;
}

/** `R` + the business day + the order id: readable, unique, and sortable by time. */
export const orderNumber = (id: number, at: Date) =>
  `R${businessDay(at).replaceAll('-', '')}${String(id).padStart(6, '0')}`;

/**
 * Exchanges spendable TAICE for a prize, in ONE transaction: the same idempotency key returns the
 * first order; the prize must be on sale and in stock, the caller under its limit; the spendable
 * bucket pays through the ledger (`redeem:{orderId}`); a physical order copies the address, a
 * virtual one takes a free code, a membership extends the expiry. Any refusal rolls back all of it.
 *
 * A user's exchanges run one at a time (an advisory lock on the user, taken first), which is what
 * makes the idempotency key and the per-user limit hold under parallel requests; different users
 * meet only on the prize row, where the stock is taken by a conditional update.
 */
export function createExchange(deps: {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  mediaUrl: (key: string) => string;
  notices: OrderNotices;
  /** Told after each committed change to prizes or stock (the catalogue's pages). */
  changed?: () => void;
}) {
  const { db, clock, ledger, mediaUrl, notices } = deps;

  /** A transaction that tells `changed` once it has committed. */
  const inTransaction = async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
    const result = await db.transaction(work);
    deps.changed?.();
    return result;
  };

  /** The caller's own address as the order keeps it (someone else's is not found). */
  async function addressSnapshot(tx: Tx, userId: number, addressId: number): Promise<AddressSnapshot> {
    const { id: _id, updated_at: _at, ...snapshot } = addressView(await findOwnAddress(tx, userId, addressId));
    return snapshot;
  }

  /** The first order of this key, or null; a key used for another prize is refused. */
  async function replay(tx: Tx, r: ExchangeRequest) {
    const first = await orderWithPrize(
      tx,
      and(eq(prizeOrders.userId, r.userId), eq(prizeOrders.idempotencyKey, r.idempotencyKey))!,
    );
    if (first && first.order.prizeId !== r.prizeId) throw new AppError('idempotency_key_reused');
    return first;
  }

  /** The prize, when this call may sell it now; each reason it may not has its own refusal. */
  async function onSale(tx: Tx, r: ExchangeRequest, now: Date): Promise<PrizeRow> {
    const [prize] = await tx.select().from(prizes).where(eq(prizes.id, r.prizeId));
    if (!prize) throw new AppError('prize_not_found');
    if (!prize.active) throw new AppError('prize_inactive');
    if (prize.type !== r.type) throw new AppError('prize_wrong_type');
    const state = saleState(prize, now);
    if (state === 'not_started') throw new AppError('prize_not_started', { time: prize.saleStartsAt!.toISOString() });
    if (state === 'ended') throw new AppError('prize_ended');
    if (prize.perUserLimit !== null) {
      const [held] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(prizeOrders)
        .where(
          and(eq(prizeOrders.userId, r.userId), eq(prizeOrders.prizeId, prize.id), ne(prizeOrders.status, 'cancelled')),
        );
      if ((held?.n ?? 0) >= prize.perUserLimit)
        throw new AppError('prize_limit_reached', { limit: prize.perUserLimit });
    }
    return prize;
  }

  /** Takes one unit while any is left (parallel buyers of the last unit: one gets it). */
  async function takeStock(tx: Tx, prize: PrizeRow) {
    const taken = await tx
      .update(prizes)
      .set({ stock: sql`${prizes.stock} - 1` })
      .where(and(eq(prizes.id, prize.id), sql`${prizes.stock} > 0`, eq(prizes.active, true)))
      .returning({ id: prizes.id });
    if (taken.length === 0) throw new AppError('prize_sold_out');
  }

  /** A free code of the prize; codes another exchange is taking are skipped, not waited for. */
  async function freeCode(tx: Tx, prizeId: number) {
    const [free] = await tx
      .select({ id: prizeCodes.id, code: prizeCodes.code })
      .from(prizeCodes)
      .where(and(eq(prizeCodes.prizeId, prizeId), isNull(prizeCodes.orderId)))
      .orderBy(asc(prizeCodes.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!free) throw new AppError('prize_sold_out');
    return free;
  }

  /** The member's new expiry: `days` after the later of now and the current expiry. */
  async function extendMembership(tx: Tx, userId: number, days: number, now: Date): Promise<Date> {
    const [row] = await tx
      .insert(memberships)
      .values({ userId, expiresAt: sql`${now}::timestamptz + make_interval(days => ${days})`, updatedAt: now })
      .onConflictDoUpdate({
        target: memberships.userId,
        set: {
          expiresAt: sql`greatest(${memberships.expiresAt}, ${now}::timestamptz) + make_interval(days => ${days})`,
          updatedAt: now,
        },
      })
      .returning({ expiresAt: memberships.expiresAt });
    return row!.expiresAt;
  }

  return {
    async exchange(r: ExchangeRequest, lang: ApiLang): Promise<Order> {
      return inTransaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`redeem:${r.userId}`}, 0))`);
        const first = await replay(tx, r);
        if (first) return orderView(first.order, first.prize, lang, mediaUrl);
        const now = clock.now();
        const prize = await onSale(tx, r, now);
        const address = prize.type === 'physical' ? await addressSnapshot(tx, r.userId, r.addressId!) : null;
        await takeStock(tx, prize);
        const code = prize.type === 'virtual' ? await freeCode(tx, prize.id) : null;
        const { rows } = await tx.execute<{ id: number }>(
          sql`select nextval(pg_get_serial_sequence('prize_orders', 'id'))::int as id`,
        );
        const orderId = rows[0]!.id;
        const paid = await ledger.debit(tx, {
          userId: r.userId,
          amount: prize.price,
          reason: 'redeem',
          eventKey: `redeem:${orderId}`,
          bucket: 'spendable',
          memo: `order ${orderNumber(orderId, now)}`,
          at: now,
        });
        const [order] = await tx
          .insert(prizeOrders)
          .values({
            id: orderId,
            orderNo: orderNumber(orderId, now),
            userId: r.userId,
            prizeId: prize.id,
            prizeType: prize.type,
            price: prize.price,
            address,
            code: code?.code ?? null,
            status: prize.type === 'physical' ? 'not_shipped' : 'completed',
            completedAt: prize.type === 'physical' ? null : now,
            memberExpiresAt:
              prize.type === 'membership' ? await extendMembership(tx, r.userId, prize.membershipDays!, now) : null,
            ledgerEntryId: paid.entryId,
            idempotencyKey: r.idempotencyKey,
            createdAt: now,
          })
          .returning();
        if (code) await tx.update(prizeCodes).set({ orderId, usedAt: now }).where(eq(prizeCodes.id, code.id));
        await notices.placed(tx, order!, prize);
        return orderView(order!, prize, lang, mediaUrl);
      });
    },
  };
}

export type Exchange = ReturnType<typeof createExchange>;
