import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ledgerEntries } from '../src/modules/points/points.schema';
import { prizeCodes, prizeOrders, prizes } from '../src/modules/redemption/redemption.schema';
import { register, type Registered } from './support/accounts';
import { ledgerMismatches, walletOf } from './support/points';
import { createPrize, exchange, fund, newKey } from './support/redemption';
import { createTestApp, type TestApp } from './support/test-app';

/** Parallel exchanges never sell what is not in stock, never take money twice, never pass a limit. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function registerMany(n: number): Promise<Registered[]> {
  const users: Registered[] = [];
  for (let i = 0; i < n; i += 10)
    users.push(...(await Promise.all(Array.from({ length: Math.min(10, n - i) }, () => register(t)))));
  return users;
}

const stockOf = async (prizeId: number) =>
  (await t.database.db.select({ stock: prizes.stock }).from(prizes).where(eq(prizes.id, prizeId)))[0]!.stock;
const ordersOf = (prizeId: number) => t.database.db.select().from(prizeOrders).where(eq(prizeOrders.prizeId, prizeId));

describe('redemption under concurrency', () => {
  it('100 users exchanging the last unit at once: exactly one order, stock 0', async () => {
    const users = await registerMany(100);
    await Promise.all(users.map((u) => fund(t, u, 500)));
    const prizeId = await createPrize(t, { type: 'membership', stock: 1, price: 10_000 });
    const results = await Promise.all(users.map((u) => exchange(t, u, prizeId, 'membership')));
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code === 16005)).toHaveLength(99);
    expect(await stockOf(prizeId)).toBe(0);
    const orders = await ordersOf(prizeId);
    expect(orders).toHaveLength(1);
    // Only the buyer paid.
    const paid = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.reason, 'redeem'));
    expect(paid.filter((e) => e.amount === 10_000)).toHaveLength(1);
    expect(paid.find((e) => e.amount === 10_000)!.userId).toBe(orders[0]!.userId);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('20 parallel exchanges with one idempotency key: one order, one debit, every answer that order', async () => {
    const [user] = await registerMany(1);
    await fund(t, user!, 1_000);
    const prizeId = await createPrize(t, { type: 'virtual', stock: 5 }, 5);
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 20 }, () => exchange(t, user!, prizeId, 'virtual', key)));
    expect(results.every((r) => r.code === 0)).toBe(true);
    expect(new Set(results.map((r) => r.data.order_no)).size).toBe(1);
    expect(new Set(results.map((r) => r.data.code)).size).toBe(1);
    expect(await ordersOf(prizeId)).toHaveLength(1);
    expect(await stockOf(prizeId)).toBe(4);
    const used = await t.database.db.select().from(prizeCodes).where(eq(prizeCodes.prizeId, prizeId));
    expect(used.filter((c) => c.orderId !== null)).toHaveLength(1);
    expect((await walletOf(t, user!)).spendable).toBe(900);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('a user who can afford one item, exchanging two items at once many times: one succeeds', async () => {
    const [user] = await registerMany(1);
    await fund(t, user!, 150);
    const a = await createPrize(t, { type: 'virtual', price: 10_000 }, 10);
    const b = await createPrize(t, { type: 'membership', price: 10_000 });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? exchange(t, user!, a, 'virtual') : exchange(t, user!, b, 'membership'),
      ),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code === 14003)).toHaveLength(9);
    expect((await walletOf(t, user!)).spendable).toBe(50);
    expect((await ordersOf(a)).length + (await ordersOf(b)).length).toBe(1);
    expect((await stockOf(a)) + (await stockOf(b))).toBe(19);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('parallel exchanges never pass the per-user limit', async () => {
    const [user] = await registerMany(1);
    await fund(t, user!, 10_000);
    const prizeId = await createPrize(t, { type: 'membership', perUserLimit: 2, price: 100 });
    const results = await Promise.all(Array.from({ length: 20 }, () => exchange(t, user!, prizeId, 'membership')));
    expect(results.filter((r) => r.code === 0)).toHaveLength(2);
    expect(results.filter((r) => r.code === 16006)).toHaveLength(18);
    expect(await ordersOf(prizeId)).toHaveLength(2);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('many users taking codes at once each get a different code, and the pool runs out cleanly', async () => {
    const users = await registerMany(12);
    await Promise.all(users.map((u) => fund(t, u, 500)));
    // More stock than codes: the code pool is what runs out.
    const prizeId = await createPrize(t, { type: 'virtual', stock: 20, price: 100 }, 8);
    const results = await Promise.all(users.map((u) => exchange(t, u, prizeId, 'virtual')));
    const ok = results.filter((r) => r.code === 0);
    expect(ok).toHaveLength(8);
    expect(new Set(ok.map((r) => r.data.code)).size).toBe(8);
    expect(results.filter((r) => r.code === 16005)).toHaveLength(4);
    expect(await stockOf(prizeId)).toBe(12);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});
