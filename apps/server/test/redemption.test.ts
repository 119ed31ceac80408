import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { pointsCalls, redemptionCalls, userCalls, type CallQuery, type Prize } from '@taice/contract';
import { ledgerEntries } from '../src/modules/points/points.schema';
import { memberships, prizes } from '../src/modules/redemption/redemption.schema';
import { register } from './support/accounts';
import { ledgerMismatches, walletOf } from './support/points';
import { createPrize, exchange, fund, newKey } from './support/redemption';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-25T04:00:00Z'));
});
afterAll(() => t.close());

const list = (query: CallQuery<typeof redemptionCalls.prizeList> = {}, token?: string, lang?: string) =>
  t.call(redemptionCalls.prizeList, { query }, { token, lang });
/** The prizes of `ids` as a caller sees them in the whole catalogue. */
async function seen(ids: number[], token?: string): Promise<Prize[]> {
  const all: Prize[] = [];
  for (let page = 1; ; page++) {
    const res = await list({ page, size: 50 }, token);
    all.push(...res.data.list);
    if (!res.data.has_more) break;
  }
  return ids.map((id) => all.find((p) => p.id === id)!);
}

describe('the demo catalogue', () => {
  it('offers at least 12 prizes of the three types, with images, stock and text in three languages', async () => {
    const en = await list({ size: 50 });
    expect(en.code).toBe(0);
    const demo = en.data.list;
    expect(demo.length).toBeGreaterThanOrEqual(12);
    expect(new Set(demo.map((p) => p.type))).toEqual(new Set(['physical', 'virtual', 'membership']));
    expect(demo.filter((p) => p.type === 'membership').map((p) => p.membership_days)).toEqual([30, 90, 365]);
    for (const p of demo) {
      expect(p.stock_left).toBeGreaterThan(0);
      expect(p.images.length).toBeGreaterThan(0);
      // A visitor: nothing affordable, no limit of theirs.
      expect(p).toMatchObject({ can_afford: false, remaining_limit: null, availability: 'available' });
    }
    const image = await t.inject({ method: 'GET', url: demo[0]!.images[0]! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const cn = await list({ size: 50 }, undefined, 'zh-CN');
    expect(cn.data.list.map((p) => p.name)).toContain('无线耳机');
    const tw = await list({ type: 'membership' }, undefined, 'zh-TW');
    expect(tw.data.list.map((p) => p.name)).toEqual(['會員 30 天', '會員 90 天', '會員 365 天']);
  });
});

describe('prize/list', () => {
  it('pages the active prizes of one type in sort order', async () => {
    const ids = [
      await createPrize(t, { type: 'virtual', sort: 2 }, 1),
      await createPrize(t, { type: 'virtual', sort: 1 }, 1),
      await createPrize(t, { type: 'virtual', sort: 3 }, 1),
    ];
    const hidden = await createPrize(t, { type: 'virtual', sort: 0, active: false }, 1);
    const all = await list({ type: 'virtual', size: 50 });
    const order = all.data.list.map((p) => p.id);
    expect(order).not.toContain(hidden);
    expect(order.filter((id) => ids.includes(id))).toEqual([ids[1], ids[0], ids[2]]);
    expect(all.data.list.every((p) => p.type === 'virtual')).toBe(true);
    const first = await list({ type: 'virtual', size: 2 });
    expect(first.data).toMatchObject({ page: 1, size: 2, total: all.data.total, has_more: true });
    expect(first.data.list).toHaveLength(2);
    const past = await list({ type: 'virtual', size: 2, page: 40 });
    expect(past.data).toMatchObject({ list: [], total: all.data.total, has_more: false });
  });

  it('shows the caller what they can afford from the spendable bucket, and their remaining limit', async () => {
    const user = await register(t);
    await fund(t, user, 150);
    await fund(t, user, 1_000, 'locked');
    const cheap = await createPrize(t, { type: 'membership', price: 10_000, perUserLimit: 2 });
    const dear = await createPrize(t, { type: 'membership', price: 20_000 });
    const [c, d] = await seen([cheap, dear], user.token);
    expect(c).toMatchObject({ price: 100, can_afford: true, per_user_limit: 2, remaining_limit: 2 });
    // 150 spendable and 1,000 locked: the locked part buys nothing.
    expect(d).toMatchObject({ price: 200, can_afford: false, per_user_limit: null, remaining_limit: null });
    expect((await exchange(t, user, cheap, 'membership')).code).toBe(0);
    const [after] = await seen([cheap], user.token);
    expect(after).toMatchObject({ can_afford: false, remaining_limit: 1, stock_left: 9, availability: 'available' });
  });

  it('says why a prize cannot be exchanged: sold out, not started, ended, limit reached', async () => {
    const user = await register(t);
    await fund(t, user, 1_000);
    const now = t.clock.now().getTime();
    const soldOut = await createPrize(t, { type: 'membership', stock: 0 });
    const later = await createPrize(t, { type: 'membership', saleStartsAt: new Date(now + 3_600_000) });
    const over = await createPrize(t, { type: 'membership', saleEndsAt: new Date(now - 1) });
    const once = await createPrize(t, { type: 'membership', perUserLimit: 1 });
    const window = await createPrize(t, {
      type: 'membership',
      saleStartsAt: new Date(now - 1),
      saleEndsAt: new Date(now + 3_600_000),
    });
    await exchange(t, user, once, 'membership');
    const views = await seen([soldOut, later, over, once, window], user.token);
    expect(views.map((p) => p.availability)).toEqual([
      'sold_out',
      'not_started',
      'ended',
      'limit_reached',
      'available',
    ]);
    expect(views[1]!.sale_starts_at).toBe(new Date(now + 3_600_000).toISOString());
  });
});

describe('exchanges', () => {
  it('a virtual product: paid from spendable, its code delivered at once, the order completed', async () => {
    const user = await register(t);
    await fund(t, user, 300);
    const prizeId = await createPrize(t, { type: 'virtual', price: 12_345, stock: 3 }, 3);
    const res = await exchange(t, user, prizeId, 'virtual');
    expect(res.code).toBe(0);
    const order = res.data;
    expect(order).toMatchObject({
      status: 'completed',
      price: 123.45,
      prize: { id: prizeId, type: 'virtual', image: expect.stringMatching(/^\/media\/test\/prizes\//) },
      address: null,
      member_expires_at: null,
      refund_entry_id: null,
      created_at: t.clock.now().toISOString(),
      completed_at: t.clock.now().toISOString(),
    });
    expect(order.code).toMatch(/^CODE-/);
    expect(order.order_no).toMatch(/^R20261125\d{6,}$/);
    expect((await walletOf(t, user)).spendable).toBe(176.55);
    const [entry] = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, order.ledger_entry_id));
    expect(entry).toMatchObject({
      reason: 'redeem',
      eventKey: `redeem:${order.id}`,
      amount: 12_345,
      userDelta: -12_345,
    });
    const log = await t.call(pointsCalls.walletLog, { query: { reason: 'redeem' } }, { token: user.token });
    expect(log.data.list).toEqual([expect.objectContaining({ amount: -123.45, reason: 'redeem' })]);
    const [p] = await seen([prizeId], user.token);
    expect(p!.stock_left).toBe(2);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('a membership extends the expiry from now, then from the current expiry', async () => {
    const user = await register(t);
    await fund(t, user, 1_000);
    const month = await createPrize(t, { type: 'membership', membershipDays: 30, price: 100 });
    const quarter = await createPrize(t, { type: 'membership', membershipDays: 90, price: 100 });
    const day = 86_400_000;
    const start = t.clock.now().getTime();
    const first = await exchange(t, user, month, 'membership');
    expect(first.data).toMatchObject({
      status: 'completed',
      member_expires_at: new Date(start + 30 * day).toISOString(),
    });
    t.clock.advance(10 * day);
    const second = await exchange(t, user, quarter, 'membership');
    expect(second.data.member_expires_at).toBe(new Date(start + 120 * day).toISOString());
    // Once it has lapsed, a new tier counts from the day it is bought.
    await t.database.db
      .update(memberships)
      .set({ expiresAt: new Date(t.clock.now().getTime() - day) })
      .where(eq(memberships.userId, user.user.id));
    const third = await exchange(t, user, month, 'membership');
    expect(third.data.member_expires_at).toBe(new Date(t.clock.now().getTime() + 30 * day).toISOString());
    const [row] = await t.database.db.select().from(memberships).where(eq(memberships.userId, user.user.id));
    expect(row!.expiresAt.toISOString()).toBe(third.data.member_expires_at);
  });

  it('the same idempotency key returns the first order; another prize with it is refused', async () => {
    const user = await register(t);
    await fund(t, user, 1_000);
    const prizeId = await createPrize(t, { type: 'virtual', price: 100 }, 5);
    const other = await createPrize(t, { type: 'virtual', price: 100 }, 5);
    const key = newKey();
    const first = await exchange(t, user, prizeId, 'virtual', key);
    const again = await exchange(t, user, prizeId, 'virtual', key, 'zh-CN');
    expect(again.data).toEqual({
      ...first.data,
      prize: { ...first.data.prize, name: expect.stringMatching(/^测试奖品/) },
    });
    expect(await exchange(t, user, other, 'virtual', key)).toMatchObject({
      code: 16008,
      msg: 'This request key was already used for another exchange',
    });
    // Keys are the user's own: another user's same key is a new exchange.
    const stranger = await register(t);
    await fund(t, stranger, 100);
    const theirs = await exchange(t, stranger, prizeId, 'virtual', key);
    expect(theirs.code).toBe(0);
    expect(theirs.data.order_no).not.toBe(first.data.order_no);
    expect((await walletOf(t, user)).spendable).toBe(999);
  });
});

describe('prize/orders', () => {
  it("lists the caller's own orders, newest first, by status or by id", async () => {
    const user = await register(t);
    await fund(t, user, 1_000);
    const v = await createPrize(t, { type: 'virtual', price: 100 }, 5);
    const m = await createPrize(t, { type: 'membership', price: 100 });
    const a = (await exchange(t, user, v, 'virtual')).data;
    const b = (await exchange(t, user, m, 'membership')).data;
    const mine = await t.call(redemptionCalls.prizeOrders, {}, { token: user.token });
    expect(mine.data).toMatchObject({ total: 2, has_more: false });
    expect(mine.data.list.map((o) => o.order_no)).toEqual([b.order_no, a.order_no]);
    const completed = await t.call(
      redemptionCalls.prizeOrders,
      { query: { status: 'completed', size: 1 } },
      { token: user.token },
    );
    expect(completed.data).toMatchObject({ total: 2, has_more: true, list: [{ id: b.id }] });
    const none = await t.call(redemptionCalls.prizeOrders, { query: { status: 'shipped' } }, { token: user.token });
    expect(none.data).toMatchObject({ total: 0, list: [] });
    const one = await t.call(
      redemptionCalls.prizeOrders,
      { query: { id: a.id } },
      { token: user.token, lang: 'zh-TW' },
    );
    expect(one.data.list).toEqual([{ ...a, prize: { ...a.prize, name: expect.stringMatching(/^測試獎品/) } }]);
    // Nobody else sees them, not even by id.
    const stranger = await register(t);
    const theirs = await t.call(redemptionCalls.prizeOrders, { query: { id: a.id } }, { token: stranger.token });
    expect(theirs.data).toMatchObject({ total: 0, list: [] });
  });
});

describe('levels', () => {
  it('spending TAICE does not lower what a user has earned', async () => {
    const user = await register(t);
    await fund(t, user, 500);
    const before = (await t.call(userCalls.userInfo, {}, { token: user.token })).data;
    const prizeId = await createPrize(t, { type: 'membership', price: 40_000 });
    expect((await exchange(t, user, prizeId, 'membership')).code).toBe(0);
    const after = (await t.call(userCalls.userInfo, {}, { token: user.token })).data;
    expect(after.user_level).toEqual(before.user_level);
    const rows = await t.database.db
      .select()
      .from(prizes)
      .where(inArray(prizes.id, [prizeId]));
    expect(rows[0]!.stock).toBe(9);
  });
});
