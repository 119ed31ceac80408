import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { redemptionCalls } from '@taice/contract';
import { prizeOrders, prizes } from '../src/modules/redemption/redemption.schema';
import { register, type Registered } from './support/accounts';
import { ledgerMismatches, walletOf } from './support/points';
import { createPrize, exchange, fund, newKey } from './support/redemption';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let user: Registered;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-25T04:00:00Z'));
  user = await register(t);
  await fund(t, user, 1_000);
});
afterAll(() => t.close());

/** Nothing of a refused exchange stays behind: no order, the stock and the balance as they were. */
async function expectUntouched(prizeId: number, stock: number, spendable: number) {
  const [prize] = await t.database.db.select().from(prizes).where(eq(prizes.id, prizeId));
  expect(prize!.stock).toBe(stock);
  expect(await t.database.db.select().from(prizeOrders).where(eq(prizeOrders.prizeId, prizeId))).toEqual([]);
  expect((await walletOf(t, user)).spendable).toBe(spendable);
  expect(await ledgerMismatches(t)).toEqual([]);
}

describe('exchange refusals', () => {
  it('a visitor is asked to log in', async () => {
    const prizeId = await createPrize(t, { type: 'virtual' }, 1);
    const res = await t.call(redemptionCalls.exchangeVirtualProducts, {
      body: { prize_id: prizeId, idempotency_key: newKey() },
    });
    expect(res).toEqual({ code: 401, msg: 'please Log!', data: null });
  });

  it('refuses bad and missing fields by name', async () => {
    const token = user.token;
    const missingKey = await t.send(redemptionCalls.exchangeMember, { body: { prize_id: 1 } }, { token });
    expect(missingKey.code).toBe(422);
    expect(missingKey.msg).toContain('idempotency_key');
    const missingPrize = await t.send(
      redemptionCalls.exchangeMember,
      { body: { idempotency_key: newKey() } },
      { token },
    );
    expect(missingPrize.code).toBe(422);
    expect(missingPrize.msg).toContain('prize_id');
    for (const prize_id of ['x', 0, -1, 1.5, 2 ** 31]) {
      const res = await t.send(
        redemptionCalls.exchangeMember,
        { body: { prize_id, idempotency_key: newKey() } },
        { token },
      );
      expect(res.code, String(prize_id)).toBe(422);
    }
    for (const idempotency_key of ['short', 'x'.repeat(65), 'has space 1234', 'ключ-ключ-ключ']) {
      const res = await t.send(redemptionCalls.exchangeMember, { body: { prize_id: 1, idempotency_key } }, { token });
      expect(res.code, idempotency_key).toBe(422);
    }
    const noAddress = await t.send(
      redemptionCalls.exchangePhysical,
      { body: { prize_id: 1, idempotency_key: newKey() } },
      { token },
    );
    expect(noAddress.code).toBe(422);
    expect(noAddress.msg).toContain('address_id');
  });

  it('an unknown prize', async () => {
    expect(await exchange(t, user, 999_999, 'virtual', newKey(), 'zh-CN')).toMatchObject({
      code: 16001,
      msg: '该奖品不存在',
    });
  });

  it('an inactive prize, and one outside its sale window', async () => {
    const now = t.clock.now().getTime();
    const inactive = await createPrize(t, { type: 'membership', active: false });
    expect(await exchange(t, user, inactive, 'membership')).toMatchObject({
      code: 16002,
      msg: 'This prize is no longer offered',
    });
    const starts = new Date(now + 86_400_000);
    const later = await createPrize(t, { type: 'membership', saleStartsAt: starts });
    expect(await exchange(t, user, later, 'membership')).toMatchObject({
      code: 16003,
      msg: `This prize goes on sale at ${starts.toISOString()}`,
    });
    const ended = await createPrize(t, { type: 'membership', saleEndsAt: new Date(now) });
    expect(await exchange(t, user, ended, 'membership', newKey(), 'zh-TW')).toMatchObject({
      code: 16004,
      msg: '此獎品的兌換時間已結束',
    });
    for (const id of [inactive, later, ended]) await expectUntouched(id, 10, 1_000);
  });

  it('a prize of another type than the call', async () => {
    const virtual = await createPrize(t, { type: 'virtual' }, 3);
    const membership = await createPrize(t, { type: 'membership' });
    const physical = await createPrize(t, { type: 'physical' });
    expect((await exchange(t, user, virtual, 'membership')).code).toBe(16007);
    expect((await exchange(t, user, membership, 'virtual')).code).toBe(16007);
    expect((await exchange(t, user, physical, 'virtual')).msg).toBe('This prize cannot be exchanged this way');
    for (const id of [membership, physical]) await expectUntouched(id, 10, 1_000);
  });

  it('sold out, and a virtual product whose codes ran out', async () => {
    const gone = await createPrize(t, { type: 'membership', stock: 0 });
    expect(await exchange(t, user, gone, 'membership')).toMatchObject({ code: 16005, msg: 'This prize is sold out' });
    const noCodes = await createPrize(t, { type: 'virtual', stock: 5 }, 0);
    expect((await exchange(t, user, noCodes, 'virtual')).code).toBe(16005);
    await expectUntouched(gone, 0, 1_000);
    await expectUntouched(noCodes, 5, 1_000);
  });

  it('the per-user limit, in the user’s language', async () => {
    const buyer = await register(t);
    await fund(t, buyer, 1_000);
    const prizeId = await createPrize(t, { type: 'membership', perUserLimit: 1, price: 100 });
    expect((await exchange(t, buyer, prizeId, 'membership')).code).toBe(0);
    expect(await exchange(t, buyer, prizeId, 'membership', newKey(), 'zh-CN')).toMatchObject({
      code: 16006,
      msg: '该奖品每人限兑 1 件，您已达上限',
    });
    expect((await walletOf(t, buyer)).spendable).toBe(999);
  });

  it('insufficient spendable TAICE, even when locked points would cover the price', async () => {
    const poor = await register(t);
    await fund(t, poor, 50);
    await fund(t, poor, 5_000, 'locked');
    const prizeId = await createPrize(t, { type: 'virtual', price: 10_000 }, 2);
    expect(await exchange(t, poor, prizeId, 'virtual')).toMatchObject({
      code: 14003,
      msg: 'Insufficient TAICE Currently',
    });
    expect((await exchange(t, poor, prizeId, 'virtual', newKey(), 'zh-CN')).msg).toBe('当前 TAICE 余额不足');
    expect(await walletOf(t, poor)).toMatchObject({ spendable: 50, locked: 5_000 });
    const [prize] = await t.database.db.select().from(prizes).where(eq(prizes.id, prizeId));
    expect(prize!.stock).toBe(10);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('a refused attempt leaves its key free: the retry that can pay goes through', async () => {
    const buyer = await register(t);
    const prizeId = await createPrize(t, { type: 'membership', price: 100 });
    const key = newKey();
    expect((await exchange(t, buyer, prizeId, 'membership', key)).code).toBe(14003);
    await fund(t, buyer, 1);
    expect((await exchange(t, buyer, prizeId, 'membership', key)).code).toBe(0);
  });
});

describe('order list refusals', () => {
  it('refuses unknown statuses, bad ids and paging beyond the limits', async () => {
    const token = user.token;
    expect((await t.send(redemptionCalls.prizeOrders, { query: { status: 'lost' } }, { token })).code).toBe(422);
    expect((await t.send(redemptionCalls.prizeOrders, { query: { id: 'x' } }, { token })).code).toBe(422);
    expect((await t.call(redemptionCalls.prizeOrders, { query: { size: 51 } }, { token })).code).toBe(422);
    expect((await t.send(redemptionCalls.prizeList, { query: { type: 'car' } })).code).toBe(422);
    expect((await t.call(redemptionCalls.prizeList, { query: { page: 0 } })).code).toBe(422);
  });
});
