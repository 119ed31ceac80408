import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsDashboardCalls, opsRedemptionCalls, opsUserCalls, type Dashboard } from '@taice/contract';
import { users } from '../src/modules/accounts/accounts.schema';
import { opsDailyTotals } from '../src/modules/console/console.schema';
import { createIssuance } from '../src/modules/points/issuance';
import { createLedger } from '../src/modules/points/ledger';
import { userDailyStats } from '../src/modules/points/points.schema';
import { userRewards } from '../src/modules/races/races.schema';
import { register, type Registered } from './support/accounts';
import { elevate, operator, type Operator } from './support/operators';
import { watchNewVideo } from './support/points';
import { createPrize, exchange, exchangePhysical, newKey, saveAddress } from './support/redemption';
import { createTestApp, type TestApp } from './support/test-app';

// Days no other data (the demo seed's, written at real time) falls on.
const YESTERDAY = '2031-03-09';
const TODAY = '2031-03-10';
// Past the dashboard's one-minute cache.
const CACHE_MS = 60_001;

let t: TestApp;
let admin: Operator;
let support: Operator;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(`${YESTERDAY}T12:00:00+08:00`);
  admin = await operator(t, 'admin');
  support = await operator(t, 'support');
});
afterAll(() => t.close());

async function dashboard(days?: 7 | 30 | 90): Promise<Dashboard> {
  await elevate(t, support);
  const res = await t.call(opsDashboardCalls.opsDashboard, { query: days ? { days } : {} }, { token: support.token });
  if (res.code !== 0) throw new Error(`opsDashboard failed: ${res.msg}`);
  return res.data;
}
const dayOf = (d: Dashboard, day: string) => d.days.find((x) => x.day === day);

/** A member whose sign-up the clock dates (the database stamps accounts with its own time). */
async function signUp(): Promise<Registered> {
  const user = await register(t);
  await t.database.db.update(users).set({ createdAt: t.clock.now() }).where(eq(users.id, user.user.id));
  return user;
}

describe('the dashboard', () => {
  it('is for admins and support only, for 7, 30 or 90 days', async () => {
    const member = await register(t);
    expect((await t.call(opsDashboardCalls.opsDashboard, {})).code).toBe(401);
    expect((await t.call(opsDashboardCalls.opsDashboard, {}, { token: member.token })).code).toBe(403);
    const bad = await t.send(opsDashboardCalls.opsDashboard, { query: { days: 8 } }, { token: support.token });
    expect(bad.code).toBe(422);
    expect((await dashboard()).days).toHaveLength(7);
    const month = await dashboard(30);
    expect(month.days).toHaveLength(30);
    expect(month.days.at(-1)!.day).toBe(YESTERDAY);
    expect(month.days[0]!.day).toBe('2031-02-08');
  });

  it('counts a day live, then keeps it once closed and issued', async () => {
    const before = await dashboard();
    const [creator, watcher] = [await signUp(), await signUp()];
    // What is cached is served for a minute.
    expect(await dashboard()).toEqual(before);
    // The first counted watch pays the new-user reward (200 TAICE).
    await watchNewVideo(t, watcher, creator.user.id, 20);
    const adjust = (amount: number) =>
      t.call(
        opsUserCalls.opsBalanceAdjust,
        { body: { user_id: watcher.user.id, amount, reason: 'Dashboard test', idempotency_key: newKey() } },
        { token: admin.token },
      );
    await elevate(t, admin);
    expect((await adjust(5)).code).toBe(0);
    expect((await adjust(-2)).code).toBe(0);
    expect(
      (await exchange(t, watcher, await createPrize(t, { type: 'virtual', price: 100_00 }, 1), 'virtual')).code,
    ).toBe(0);
    const addressId = await saveAddress(t, watcher);
    const physical = await createPrize(t, { type: 'physical', price: 20_00 });
    const waiting = await exchangePhysical(t, watcher, physical, addressId);
    const cancelled = await exchangePhysical(t, watcher, physical, addressId);
    await elevate(t, support);
    const cancel = { body: { order_no: cancelled.data.order_no } };
    expect((await t.call(opsRedemptionCalls.opsOrderCancel, cancel, { token: support.token })).code).toBe(0);
    expect(waiting.data.status).toBe('not_shipped');

    t.clock.advance(CACHE_MS);
    const live = await dashboard();
    const expected = {
      day: YESTERDAY,
      signups: 2,
      active_users: 1,
      issued: 200,
      adjusted: 3,
      spent: 140,
      refunded: 20,
      cashed_out: 0,
    };
    expect(dayOf(live, YESTERDAY)).toMatchObject({ ...expected, watch_seconds: 20 });
    expect(live.orders_waiting).toBe(before.orders_waiting + 1);

    // Daily-task TAICE of the day not issued yet: the day stays open past midnight.
    await t.database.db
      .update(userDailyStats)
      .set({ estimated: 30_00 })
      .where(and(eq(userDailyStats.userId, watcher.user.id), eq(userDailyStats.day, YESTERDAY)));
    t.clock.set(`${TODAY}T00:20:00+08:00`);
    const open = await dashboard();
    expect(open.days.at(-1)!.day).toBe(TODAY);
    expect(await t.database.db.select().from(opsDailyTotals).where(eq(opsDailyTotals.day, YESTERDAY))).toEqual([]);

    // Issued, the day closes with the issuance in it and is rolled up; its rows are not read again.
    await createIssuance({ db: t.database.db, clock: t.clock, ledger: createLedger(t.database.db) }).issueDue();
    t.clock.advance(CACHE_MS);
    const closed = await dashboard();
    expect(dayOf(closed, YESTERDAY)).toMatchObject({ ...expected, issued: 230 });
    const [row] = await t.database.db.select().from(opsDailyTotals).where(eq(opsDailyTotals.day, YESTERDAY));
    expect(row).toMatchObject({ signups: 2, activeUsers: 1, issued: 230_00, spent: 140_00 });
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(`${YESTERDAY}T13:00:00+08:00`) })
      .where(eq(users.id, admin.user.id));
    t.clock.advance(CACHE_MS);
    expect(dayOf(await dashboard(), YESTERDAY)!.signups).toBe(2);
    expect(dayOf(await dashboard(), TODAY)).toMatchObject({ signups: 0, issued: 0 });
  });

  it('a day is not closed before its grace has passed', async () => {
    t.clock.set('2031-03-11T00:05:00+08:00');
    await dashboard();
    expect(await t.database.db.select().from(opsDailyTotals).where(eq(opsDailyTotals.day, TODAY))).toEqual([]);
    t.clock.set('2031-03-11T00:11:00+08:00');
    await dashboard(90);
    expect(await t.database.db.select().from(opsDailyTotals).where(eq(opsDailyTotals.day, TODAY))).toHaveLength(1);
  });

  it('counts rewards waiting for a decision and payouts owed', async () => {
    t.clock.advance(CACHE_MS);
    const before = await dashboard();
    const winner = await register(t);
    const reward = (sourceId: number, status: 'pending' | 'approved') => ({
      userId: winner.user.id,
      source: 'race' as const,
      sourceId,
      title: { en_US: 'Race', 'zh-CN': '赛', 'zh-TW': '賽' },
      amount: 100,
      currency: 'USDT' as const,
      status,
    });
    await t.database.db
      .insert(userRewards)
      .values([reward(900_001, 'pending'), reward(900_002, 'approved'), reward(900_003, 'approved')]);
    t.clock.advance(CACHE_MS);
    const after = await dashboard();
    expect(after.rewards_pending).toBe(before.rewards_pending + 1);
    expect(after.payouts_waiting).toBe(before.payouts_waiting + 2);
  });
});
