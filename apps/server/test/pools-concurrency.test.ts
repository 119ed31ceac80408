import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { channelCalls, errorCode, poolCalls } from '@taice/contract';
import { ledgerEntries } from '../src/modules/points/points.schema';
import { postRewardClaims, postRewardPools } from '../src/modules/pools/pools.schema';
import { register, type Registered } from './support/accounts';
import { walletOf } from './support/points';
import { addReward, claim, newKey, poolsOf, quickMembers, verifyAll, watchedDirectly } from './support/pools';
import { fund } from './support/redemption';
import { createTestApp, type TestApp } from './support/test-app';
import { createPost } from './support/videos';

/** Parallel claims never pay beyond a pool; cancel, end and claims racing keep funding = escrow + payouts + refund. */
let t: TestApp;
let creator: Registered;

beforeAll(async () => {
  t = await createTestApp();
  creator = await register(t);
  await fund(t, creator, 10_000);
});
afterAll(() => t.close());

const poolRow = async (id: number) =>
  (await t.database.db.select().from(postRewardPools).where(eq(postRewardPools.id, id)))[0]!;
const claimsOf = (poolId: number) =>
  t.database.db.select().from(postRewardClaims).where(eq(postRewardClaims.poolId, poolId));
const paidTo = async (poolId: number) => (await claimsOf(poolId)).reduce((n, c) => n + c.amount, 0);

describe('reward pools under concurrency', () => {
  it('200 viewers claiming from a pool with room for 10: exactly 10 paid, the rest told it is empty', async () => {
    const postId = await createPost(t, creator.user.id);
    const pool = (await addReward(t, creator, postId, { total: 30, amount: 3, watch_seconds: 20 })).data;
    const viewers = await quickMembers(t, 200);
    await watchedDirectly(t, viewers, postId, 20);
    const results = await Promise.all(viewers.map((v) => claim(t, v, postId)));
    const paid = results.filter((r) => r.code === 0);
    expect(paid).toHaveLength(10);
    expect(results.filter((r) => r.code === errorCode('pool_empty'))).toHaveLength(190);
    expect(results.find((r) => r.code === errorCode('pool_empty'))!.msg).toBe(
      'All the rewards of this pool have been claimed',
    );
    expect(new Set(paid.map((r) => r.data.left))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    expect(await poolRow(pool.id)).toMatchObject({ status: 'spent', claimed: 10, leftAmount: 0 });
    const claims = await claimsOf(pool.id);
    expect(claims).toHaveLength(10);
    const winners = new Set(claims.map((c) => c.userId));
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.reason, 'pool_claim'));
    expect(entries.filter((e) => e.eventKey.startsWith(`pool:${pool.id}:`))).toHaveLength(10);
    for (const v of viewers) {
      expect((await walletOf(t, v)).spendable).toBe(winners.has(v.user.id) ? 3 : 0);
    }
    expect(await verifyAll(t)).toEqual([]);
  });

  it('one viewer claiming 20 times at once is paid once', async () => {
    const postId = await createPost(t, creator.user.id);
    const pool = (await addReward(t, creator, postId, { total: 10, amount: 1, watch_seconds: 5 })).data;
    const [viewer] = await quickMembers(t, 1);
    await watchedDirectly(t, [viewer!], postId, 5);
    const results = await Promise.all(Array.from({ length: 20 }, () => claim(t, viewer!, postId)));
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code === errorCode('pool_already_claimed'))).toHaveLength(19);
    expect((await walletOf(t, viewer!)).spendable).toBe(1);
    expect((await poolRow(pool.id)).claimed).toBe(1);
    expect(await verifyAll(t)).toEqual([]);
  });

  it('cancel raced with 60 claims: escrow + payouts + refund = funding exactly, refunded once', async () => {
    const postId = await createPost(t, creator.user.id);
    const pool = (await addReward(t, creator, postId, { total: 40, amount: 1, watch_seconds: 5 })).data;
    const viewers = await quickMembers(t, 60);
    await watchedDirectly(t, viewers, postId, 5);
    const before = (await walletOf(t, creator)).spendable;
    const claims = viewers.map((v) => claim(t, v, postId));
    const cancels = Array.from({ length: 5 }, () =>
      t.call(poolCalls.cancel, { body: { id: pool.id } }, { token: creator.token }),
    );
    // The end job racing too (its end is not reached, so it must leave the pool alone).
    const job = poolsOf(t).funding.end(pool.id);
    const [claimed, cancelled] = [await Promise.all(claims), await Promise.all(cancels)];
    await job;
    expect(cancelled.filter((r) => r.code === 0)).toHaveLength(1);
    expect(cancelled.filter((r) => r.code === errorCode('pool_not_active'))).toHaveLength(4);
    const paid = claimed.filter((r) => r.code === 0).length;
    const refused = claimed.filter((r) => r.code === errorCode('pool_ended') || r.code === errorCode('pool_empty'));
    expect(paid + refused.length).toBe(60);
    const row = await poolRow(pool.id);
    expect(row.status).toBe('cancelled');
    expect(row.claimed).toBe(paid);
    expect(row.leftAmount).toBe(0);
    expect(row.leftAmount + (await paidTo(pool.id)) + row.refunded).toBe(4_000);
    expect(row.refunded).toBe(4_000 - paid * 100);
    expect((await walletOf(t, creator)).spendable).toBe(before + row.refunded / 100);
    expect(await verifyAll(t)).toEqual([]);
  });

  it('deleting the video raced with claims, cancels and more deletions: one refund, the sums exact', async () => {
    const postId = await createPost(t, creator.user.id);
    const pool = (await addReward(t, creator, postId, { total: 30, amount: 1, watch_seconds: 5 })).data;
    const viewers = await quickMembers(t, 40);
    await watchedDirectly(t, viewers, postId, 5);
    const before = (await walletOf(t, creator)).spendable;
    const claims = viewers.map((v) => claim(t, v, postId));
    const deletions = Array.from({ length: 5 }, () =>
      t.call(channelCalls.delPost, { body: { id: postId } }, { token: creator.token }),
    );
    const cancels = Array.from({ length: 3 }, () =>
      t.call(poolCalls.cancel, { body: { id: pool.id } }, { token: creator.token }),
    );
    const [claimed, deleted] = [await Promise.all(claims), await Promise.all(deletions)];
    await Promise.all(cancels);
    expect(deleted.map((r) => [r.code, r.msg])).toEqual(Array.from({ length: 5 }, () => [0, 'success']));
    const paid = claimed.filter((r) => r.code === 0).length;
    const row = await poolRow(pool.id);
    expect(row.status).toBe('cancelled');
    expect(row.claimed).toBe(paid);
    expect(row.leftAmount).toBe(0);
    expect(row.leftAmount + (await paidTo(pool.id)) + row.refunded).toBe(3_000);
    expect((await walletOf(t, creator)).spendable).toBe(before + row.refunded / 100);
    expect(await verifyAll(t)).toEqual([]);
  });

  it('the end job raced with a cancel and with claims past the end: one refund, nothing paid late', async () => {
    const postId = await createPost(t, creator.user.id);
    const endAt = new Date(t.clock.now().getTime() + 5 * 60_000);
    const pool = (
      await addReward(t, creator, postId, { total: 20, amount: 2, watch_seconds: 5, end_at: endAt.toISOString() })
    ).data;
    const viewers = await quickMembers(t, 20);
    await watchedDirectly(t, viewers, postId, 5);
    await Promise.all(viewers.slice(0, 3).map((v) => claim(t, v, postId)));
    t.clock.advance(5 * 60_000);
    const pools = poolsOf(t);
    const [late, jobs, cancels] = await Promise.all([
      Promise.all(viewers.slice(3).map((v) => claim(t, v, postId))),
      Promise.all([pools.funding.end(pool.id), pools.funding.end(pool.id), pools.funding.end(pool.id)]),
      Promise.all([t.call(poolCalls.cancel, { body: { id: pool.id } }, { token: creator.token })]),
    ]);
    expect(late.every((r) => r.code === errorCode('pool_ended'))).toBe(true);
    const closers = jobs.filter((j) => j === 'ended').length + cancels.filter((r) => r.code === 0).length;
    expect(closers).toBe(1);
    const row = await poolRow(pool.id);
    expect(row).toMatchObject({ claimed: 3, leftAmount: 0, refunded: 1_400 });
    const refunds = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.eventKey, `pool:${pool.id}:refund`));
    expect(refunds).toHaveLength(1);
    expect(await verifyAll(t)).toEqual([]);
  });

  it('20 parallel addReward calls with one key fund once; 20 with different keys on one video fund once', async () => {
    const before = (await walletOf(t, creator)).spendable;
    const postId = await createPost(t, creator.user.id);
    const key = newKey();
    const same = await Promise.all(
      Array.from({ length: 20 }, () => addReward(t, creator, postId, { idempotency_key: key })),
    );
    expect(same.every((r) => r.code === 0)).toBe(true);
    expect(new Set(same.map((r) => r.data.id)).size).toBe(1);
    const other = await createPost(t, creator.user.id);
    const different = await Promise.all(Array.from({ length: 20 }, () => addReward(t, creator, other)));
    expect(different.filter((r) => r.code === 0)).toHaveLength(1);
    expect(different.filter((r) => r.code === errorCode('pool_already_active'))).toHaveLength(19);
    expect((await walletOf(t, creator)).spendable).toBe(before - 20);
    expect(await verifyAll(t)).toEqual([]);
  });

  it('parallel fundings by a creator with just enough for some: never below zero', async () => {
    const poor = await register(t);
    await fund(t, poor, 35);
    const postIds = await Promise.all(Array.from({ length: 8 }, () => createPost(t, poor.user.id)));
    const results = await Promise.all(postIds.map((id) => addReward(t, poor, id)));
    expect(results.filter((r) => r.code === 0)).toHaveLength(3);
    expect(results.filter((r) => r.code === errorCode('insufficient_balance'))).toHaveLength(5);
    expect((await walletOf(t, poor)).spendable).toBe(5);
    expect(await verifyAll(t)).toEqual([]);
  });
});
