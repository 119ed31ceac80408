import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { channelCalls, errorCode, poolCalls, POST_STATUS } from '@taice/contract';
import { users } from '../src/modules/accounts/accounts.schema';
import { ledgerEntries } from '../src/modules/points/points.schema';
import { poolPayoutsByDay } from '../src/modules/pools/pools.module';
import { postRewardClaims, postRewardPools } from '../src/modules/pools/pools.schema';
import { raceEntries } from '../src/modules/races/races.schema';
import { posts } from '../src/modules/videos/videos.schema';
import { register, type Registered } from './support/accounts';
import { walletOf, watchFor } from './support/points';
import { addReward, claim, newKey, poolsOf, verifyAll } from './support/pools';
import { fund } from './support/redemption';
import { createTestApp, type TestApp } from './support/test-app';
import { createPost } from './support/videos';

let t: TestApp;
let creator: Registered;
let viewer: Registered;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-12-02T04:00:00Z'));
  [creator, viewer] = [await register(t), await register(t)];
  await fund(t, creator, 1_000);
});
afterAll(() => t.close());

const spendable = async (u: Registered) => (await walletOf(t, u)).spendable;
const poolRow = async (id: number) =>
  (await t.database.db.select().from(postRewardPools).where(eq(postRewardPools.id, id)))[0]!;
const detail = (postId: number, u?: Registered, lang?: string) =>
  t.call(poolCalls.postRewardDetail, { query: { post_id: postId } }, { token: u?.token, lang });
const countdown = (postId: number, u: Registered) =>
  t.call(poolCalls.taskRewardCountdown, { query: { post_id: postId } }, { token: u.token });
const cancel = (id: number, u: Registered = creator) => t.call(poolCalls.cancel, { body: { id } }, { token: u.token });

/** A refusal that wrote nothing: no pool on the video, the creator's balance as it was, the ledger sound. */
async function expectNothingWritten(postId: number, before: number) {
  expect(await t.database.db.select().from(postRewardPools).where(eq(postRewardPools.postId, postId))).toEqual([]);
  expect(await spendable(creator)).toBe(before);
  expect(await verifyAll(t)).toEqual([]);
}

describe('postReward/typeList', () => {
  it('lists the two kinds of pool in the request language, visitors included', async () => {
    const en = await t.call(poolCalls.typeList, {});
    expect(en.code).toBe(0);
    expect(en.data.list.map((k) => [k.type, k.name, k.fixed_watch])).toEqual([
      [1, 'Watch reward', 0],
      [2, 'First viewers', 1],
    ]);
    const cn = await t.call(poolCalls.typeList, {}, { lang: 'zh-CN' });
    expect(cn.data.list.map((k) => k.name)).toEqual(['观看奖励', '先到先得']);
    const tw = await t.call(poolCalls.typeList, {}, { lang: 'zh-TW' });
    expect(tw.data.list[0]!.name).toBe('觀看獎勵');
  });
});

describe('funding a pool', () => {
  it('moves the total from spendable TAICE into escrow, lists it and shows it on the video', async () => {
    const postId = await createPost(t, creator.user.id, { duration: 60 });
    const before = await spendable(creator);
    const res = await addReward(t, creator, postId, { total: 12.5, amount: 2.5, watch_seconds: 30 });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      post_id: postId,
      type: 1,
      total: 12.5,
      amount: 2.5,
      watch_seconds: 30,
      slots: 5,
      claimed: 0,
      left: 5,
      left_amount: 12.5,
      refunded: 0,
      status: 'active',
      end_at: null,
    });
    expect(await spendable(creator)).toBe(before - 12.5);
    const [entry] = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.eventKey, `pool:${res.data.id}:fund`));
    expect(entry).toMatchObject({ reason: 'pool_fund', amount: 1250, userDelta: -1250, userId: creator.user.id });

    const mine = await t.call(poolCalls.list, { query: { post_id: postId } }, { token: creator.token });
    expect(mine.data.total).toBe(1);
    expect(mine.data.list[0]).toMatchObject({ id: res.data.id, left: 5, claimed: 0 });
    const all = await t.call(poolCalls.list, {}, { token: creator.token });
    expect(all.data.list.some((p) => p.id === res.data.id)).toBe(true);
    // Another creator's list does not show it.
    const theirs = await t.call(poolCalls.list, {}, { token: viewer.token });
    expect(theirs.data.list).toEqual([]);

    const visitor = await detail(postId);
    expect(visitor.data).toMatchObject({ id: res.data.id, amount: 2.5, left: 5, watch_seconds: 30, is_claim: 0 });
    expect((await detail(postId, creator)).data?.is_creator).toBe(1);
    expect(await verifyAll(t)).toEqual([]);
  });

  it('a "first viewers" pool asks for the counted watch, whatever seconds were sent', async () => {
    const long = await createPost(t, creator.user.id, { duration: 60 });
    const res = await addReward(t, creator, long, { type: 2, watch_seconds: 45 });
    expect(res.data.watch_seconds).toBe(10);
    const short = await createPost(t, creator.user.id, { duration: 7 });
    expect((await addReward(t, creator, short, { type: 2, watch_seconds: undefined })).data.watch_seconds).toBe(4);
  });

  it('the same idempotency key funds once; for another video it is refused', async () => {
    const postId = await createPost(t, creator.user.id);
    const key = newKey();
    const before = await spendable(creator);
    const first = await addReward(t, creator, postId, { idempotency_key: key });
    const again = await addReward(t, creator, postId, { idempotency_key: key });
    expect(again.code).toBe(0);
    expect(again.data.id).toBe(first.data.id);
    expect(await spendable(creator)).toBe(before - 10);
    const other = await createPost(t, creator.user.id);
    const reused = await addReward(t, creator, other, { idempotency_key: key });
    expect(reused.code).toBe(errorCode('pool_key_reused'));
    expect(await spendable(creator)).toBe(before - 10);
  });

  it('refuses a visitor', async () => {
    const postId = await createPost(t, creator.user.id);
    const res = await t.call(poolCalls.addReward, {
      body: { post_id: postId, type: 1, total: 10, amount: 1, watch_seconds: 5, idempotency_key: newKey() },
    });
    expect(res).toEqual({ code: 401, msg: 'please Log!', data: null });
  });

  it('refuses a pool on someone else’s video', async () => {
    const postId = await createPost(t, viewer.user.id);
    const before = await spendable(creator);
    const res = await addReward(t, creator, postId);
    expect(res.code).toBe(errorCode('pool_post_not_yours'));
    expect(res.msg).toBe('You can only fund a reward pool on your own video');
    await expectNothingWritten(postId, before);
  });

  it.each([
    ['processing', POST_STATUS.processing],
    ['failed', POST_STATUS.failed],
    ['taken down', POST_STATUS.taken_down],
  ])('refuses a %s video', async (_name, status) => {
    const postId = await createPost(t, creator.user.id, { status });
    const before = await spendable(creator);
    const res = await addReward(t, creator, postId, {}, 'zh-CN');
    expect(res.code).toBe(errorCode('pool_post_not_ready'));
    expect(res.msg).toContain('已发布');
    await expectNothingWritten(postId, before);
  });

  it('a deleted or unknown video does not exist', async () => {
    const postId = await createPost(t, creator.user.id, { status: POST_STATUS.deleted });
    expect((await addReward(t, creator, postId)).code).toBe(errorCode('post_not_found'));
    expect((await addReward(t, creator, 2_000_000)).code).toBe(errorCode('post_not_found'));
  });

  it('refuses more than the spendable balance, writing nothing (locked TAICE does not pay)', async () => {
    const poor = await register(t);
    await fund(t, poor, 5);
    await fund(t, poor, 100, 'locked');
    const postId = await createPost(t, poor.user.id);
    const res = await addReward(t, poor, postId, { total: 6, amount: 1 });
    expect(res.code).toBe(errorCode('insufficient_balance'));
    expect(res.msg).toBe('Insufficient TAICE Currently');
    expect(await t.database.db.select().from(postRewardPools).where(eq(postRewardPools.postId, postId))).toEqual([]);
    expect((await walletOf(t, poor)).spendable).toBe(5);
    expect(await verifyAll(t)).toEqual([]);
    expect((await addReward(t, poor, postId, { total: 5, amount: 1 })).code).toBe(0);
    expect((await walletOf(t, poor)).spendable).toBe(0);
  });

  it('refuses bad input by field, and terms that do not add up', async () => {
    const postId = await createPost(t, creator.user.id, { duration: 30 });
    const before = await spendable(creator);
    const bad = [
      { total: -1 },
      { total: 0 },
      { amount: 0.001 },
      { total: 2_000_000 },
      { type: 3 },
      { watch_seconds: 0 },
      { watch_seconds: 1.5 },
      { idempotency_key: 'short' },
      { end_at: 'tomorrow' },
    ];
    for (const body of bad) {
      const res = await t.send(
        poolCalls.addReward,
        {
          body: {
            post_id: postId,
            type: 1,
            total: 10,
            amount: 1,
            watch_seconds: 5,
            idempotency_key: newKey(),
            ...body,
          },
        },
        { token: creator.token },
      );
      expect(res.code, JSON.stringify(body)).toBe(errorCode('validation_failed'));
    }
    const missing = await t.send(poolCalls.addReward, { body: { post_id: postId } }, { token: creator.token });
    expect(missing.code).toBe(errorCode('validation_failed'));

    const refusals: [Partial<Parameters<typeof addReward>[3]>, string][] = [
      [{ total: 10, amount: 3 }, 'pool_total_not_multiple'],
      [{ total: 100_000, amount: 0.01 }, 'pool_too_many_slots'],
      [{ watch_seconds: undefined }, 'pool_watch_required'],
      [{ watch_seconds: 31 }, 'pool_watch_too_long'],
      [{ end_at: new Date(t.clock.now().getTime() - 1_000).toISOString() }, 'pool_end_invalid'],
      [{ end_at: new Date(t.clock.now().getTime() + 400 * 86_400_000).toISOString() }, 'pool_end_invalid'],
    ];
    for (const [body, key] of refusals) {
      const res = await addReward(t, creator, postId, body);
      expect(res.code, key).toBe(errorCode(key as 'pool_none'));
    }
    expect((await addReward(t, creator, postId, { total: 10, amount: 3 })).msg).toBe(
      'The total must be a whole number of rewards of 3.00 TAICE',
    );
    await expectNothingWritten(postId, before);
  });

  it('one active pool per video; another once it is closed', async () => {
    const postId = await createPost(t, creator.user.id);
    const first = await addReward(t, creator, postId);
    expect((await addReward(t, creator, postId)).code).toBe(errorCode('pool_already_active'));
    await cancel(first.data.id);
    expect((await addReward(t, creator, postId)).code).toBe(0);
  });
});

describe('watching and claiming', () => {
  it('counts down the server-measured watch, then pays once; the video shows it claimed', async () => {
    const postId = await createPost(t, creator.user.id, { duration: 90 });
    const pool = (await addReward(t, creator, postId, { total: 3, amount: 1, watch_seconds: 30 })).data;
    expect((await countdown(postId, viewer)).data).toMatchObject({
      pool_id: pool.id,
      watch_seconds: 30,
      watched: 0,
      countdown: 30,
      can_claim: 0,
      is_claim: 0,
    });
    const early = await claim(t, viewer, postId);
    expect(early.code).toBe(errorCode('pool_watch_first'));
    expect(early.msg).toBe('Watch 30 more seconds to claim this reward');

    await watchFor(t, viewer, postId, 15);
    expect((await countdown(postId, viewer)).data).toMatchObject({ watched: 15, countdown: 15, can_claim: 0 });
    expect((await claim(t, viewer, postId)).msg).toBe('Watch 15 more seconds to claim this reward');

    // A second session adds to the first.
    await watchFor(t, viewer, postId, 15);
    expect((await countdown(postId, viewer)).data).toMatchObject({ watched: 30, countdown: 0, can_claim: 1 });

    const before = await walletOf(t, viewer);
    const [lifetime] = await t.database.db
      .select({ v: users.lifetimeEarned })
      .from(users)
      .where(eq(users.id, viewer.user.id));
    const res = await claim(t, viewer, postId);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ pool_id: pool.id, post_id: postId, amount: 1, left: 2 });
    const after = await walletOf(t, viewer);
    expect(after.spendable).toBe(before.spendable + 1);
    // What a viewer got shows in their day, but is not an earning: no level, no race standing.
    expect(after.daily_add_point).toBe(before.daily_add_point + 1);
    const [lifetimeAfter] = await t.database.db
      .select({ v: users.lifetimeEarned })
      .from(users)
      .where(eq(users.id, viewer.user.id));
    expect(lifetimeAfter!.v).toBe(lifetime!.v);

    const second = await claim(t, viewer, postId);
    expect(second.code).toBe(errorCode('pool_already_claimed'));
    expect((await walletOf(t, viewer)).spendable).toBe(after.spendable);
    expect((await detail(postId, viewer)).data).toMatchObject({ left: 2, is_claim: 1, is_creator: 0 });
    expect((await countdown(postId, viewer)).data).toMatchObject({ can_claim: 0, is_claim: 1 });
    expect(
      (await t.call(poolCalls.list, { query: { post_id: postId } }, { token: creator.token })).data.list[0],
    ).toMatchObject({ claimed: 1, left: 2, left_amount: 2 });
    expect(await verifyAll(t)).toEqual([]);
  });

  it('the creator cannot claim their own pool', async () => {
    const postId = await createPost(t, creator.user.id);
    await addReward(t, creator, postId, { watch_seconds: 5 });
    await watchFor(t, creator, postId, 15);
    const res = await claim(t, creator, postId);
    expect(res.code).toBe(errorCode('pool_own_video'));
    expect((await countdown(postId, creator)).data.can_claim).toBe(0);
  });

  it('watching done before the pool was funded does not count for it', async () => {
    const postId = await createPost(t, creator.user.id);
    const fan = await register(t);
    await watchFor(t, fan, postId, 30);
    await addReward(t, creator, postId, { watch_seconds: 20 });
    expect((await countdown(postId, fan)).data.countdown).toBe(20);
    expect((await claim(t, fan, postId)).code).toBe(errorCode('pool_watch_first'));
  });

  it('a video without a pool, and an unknown one', async () => {
    const postId = await createPost(t, creator.user.id);
    expect((await detail(postId, viewer)).data).toBeNull();
    expect((await countdown(postId, viewer)).data).toMatchObject({ pool_id: null, countdown: 0, can_claim: 0 });
    expect((await claim(t, viewer, postId)).code).toBe(errorCode('pool_none'));
    expect((await claim(t, viewer, 2_000_000)).code).toBe(errorCode('post_not_found'));
  });

  it('refuses visitors and bad input', async () => {
    const res = await t.call(poolCalls.claimPostReward, { body: { post_id: 1 } });
    expect(res).toEqual({ code: 401, msg: 'please Log!', data: null });
    const bad = await t.send(poolCalls.claimPostReward, { body: { post_id: 'x' } }, { token: viewer.token });
    expect(bad.code).toBe(errorCode('validation_failed'));
    const badDetail = await t.send(poolCalls.postRewardDetail, { query: { post_id: -1 } });
    expect(badDetail.code).toBe(errorCode('validation_failed'));
  });

  it('a spent pool tells the next viewer it is empty, and frees the video for another', async () => {
    const postId = await createPost(t, creator.user.id);
    await addReward(t, creator, postId, { total: 1, amount: 1, watch_seconds: 5 });
    const [a, b] = [await register(t), await register(t)];
    await watchFor(t, a, postId, 5);
    await watchFor(t, b, postId, 5);
    expect((await claim(t, a, postId)).data.left).toBe(0);
    const late = await claim(t, b, postId);
    expect(late.code).toBe(errorCode('pool_empty'));
    expect((await detail(postId, b)).data).toMatchObject({ status: 'spent', left: 0 });
    expect((await addReward(t, creator, postId)).code).toBe(0);
  });

  it('a video taken down after funding pays no more; its creator can still cancel', async () => {
    const postId = await createPost(t, creator.user.id);
    const pool = (await addReward(t, creator, postId, { watch_seconds: 5 })).data;
    await watchFor(t, viewer, postId, 5);
    await t.database.db.update(posts).set({ status: POST_STATUS.taken_down }).where(eq(posts.id, postId));
    expect((await claim(t, viewer, postId)).code).toBe(errorCode('post_unavailable'));
    expect((await cancel(pool.id)).data).toMatchObject({ status: 'cancelled', refunded: 10 });
  });
});

describe('cancel and end', () => {
  /** A pool of 5 × 2 TAICE on a new video, watched by two viewers, the first of whom has claimed. */
  async function poolWithOneClaim() {
    const postId = await createPost(t, creator.user.id);
    const pool = (await addReward(t, creator, postId, { total: 10, amount: 2, watch_seconds: 5 })).data;
    const [a, b] = [await register(t), await register(t)];
    await watchFor(t, a, postId, 5);
    await watchFor(t, b, postId, 5);
    expect((await claim(t, a, postId)).code).toBe(0);
    return { postId, pool, a, b };
  }

  it('deleting a video refunds its active pool at once; claims then find the video gone', async () => {
    const { postId, pool, b } = await poolWithOneClaim();
    const before = await spendable(creator);
    const del = () => t.call(channelCalls.delPost, { body: { id: postId } }, { token: creator.token });
    expect((await del()).code).toBe(0);
    expect(await poolRow(pool.id)).toMatchObject({ status: 'cancelled', leftAmount: 0, refunded: 800 });
    expect(await spendable(creator)).toBe(before + 8);
    // Deleting again answers the same and refunds nothing more.
    expect((await del()).code).toBe(0);
    expect(await spendable(creator)).toBe(before + 8);
    expect((await claim(t, b, postId)).code).not.toBe(0);
    expect(await spendable(b)).toBe(0);
    expect(await verifyAll(t)).toEqual([]);
  });

  it('cancel returns the unspent part once; claims after it are refused', async () => {
    const { postId, pool, a, b } = await poolWithOneClaim();
    const before = await spendable(creator);
    const res = await cancel(pool.id);
    expect(res.data).toMatchObject({ status: 'cancelled', claimed: 1, left: 0, left_amount: 0, refunded: 8 });
    expect(await spendable(creator)).toBe(before + 8);
    const again = await cancel(pool.id);
    expect(again.code).toBe(errorCode('pool_not_active'));
    expect(await spendable(creator)).toBe(before + 8);
    const late = await claim(t, b, postId);
    expect(late.code).toBe(errorCode('pool_ended'));
    expect(late.msg).toBe('This incentive activity has ended');
    expect((await detail(postId, a)).data).toMatchObject({ status: 'cancelled', left: 0, is_claim: 1 });
    expect(await verifyAll(t)).toEqual([]);
  });

  it('only the creator can cancel; unknown pools do not exist; bad input is refused', async () => {
    const postId = await createPost(t, creator.user.id);
    const pool = (await addReward(t, creator, postId)).data;
    expect((await cancel(pool.id, viewer)).code).toBe(errorCode('pool_not_found'));
    expect((await cancel(2_000_000)).code).toBe(errorCode('pool_not_found'));
    expect((await t.send(poolCalls.cancel, { body: { id: 'a' } }, { token: creator.token })).code).toBe(
      errorCode('validation_failed'),
    );
    expect((await t.call(poolCalls.cancel, { body: { id: pool.id } })).code).toBe(401);
    expect((await poolRow(pool.id)).status).toBe('active');
  });

  it('a pool past its end stops paying; its job returns the rest, once, even run twice or after a cancel', async () => {
    const postId = await createPost(t, creator.user.id);
    const endAt = new Date(t.clock.now().getTime() + 10 * 60_000);
    const pool = (
      await addReward(t, creator, postId, { total: 5, amount: 1, watch_seconds: 5, end_at: endAt.toISOString() })
    ).data;
    expect(pool.end_at).toBe(endAt.toISOString());
    // The job is queued with the pool, for its end.
    const { rows: jobs } = await t.database.db.execute<{ run_at: Date }>(
      sql`select run_at from graphile_worker.jobs where key = ${`pools.end:${pool.id}`}`,
    );
    expect(jobs.map((j) => new Date(j.run_at).toISOString())).toEqual([endAt.toISOString()]);

    const [a, b] = [await register(t), await register(t)];
    await watchFor(t, a, postId, 5);
    await watchFor(t, b, postId, 5);
    expect((await claim(t, a, postId)).code).toBe(0);
    const pools = poolsOf(t);
    // Too early: the job waits for the end.
    expect(await pools.funding.end(pool.id)).toBe('later');
    t.clock.advance(10 * 60_000);
    expect((await claim(t, b, postId)).code).toBe(errorCode('pool_ended'));
    expect((await detail(postId)).data).toMatchObject({ status: 'ended', left: 0 });
    const before = await spendable(creator);
    expect(await pools.funding.end(pool.id)).toBe('ended');
    expect(await pools.funding.end(pool.id)).toBe('closed');
    expect((await cancel(pool.id)).code).toBe(errorCode('pool_not_active'));
    expect(await spendable(creator)).toBe(before + 4);
    expect(await poolRow(pool.id)).toMatchObject({ status: 'ended', refunded: 400, leftAmount: 0, claimed: 1 });
    const refunds = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.reason, 'pool_refund'), eq(ledgerEntries.eventKey, `pool:${pool.id}:refund`)));
    expect(refunds).toHaveLength(1);
    expect(await verifyAll(t)).toEqual([]);
  });

  it('funding a video whose pool is past its end closes that pool first', async () => {
    const postId = await createPost(t, creator.user.id);
    const old = (
      await addReward(t, creator, postId, { end_at: new Date(t.clock.now().getTime() + 120_000).toISOString() })
    ).data;
    t.clock.advance(121_000);
    const res = await addReward(t, creator, postId);
    expect(res.code).toBe(0);
    expect(await poolRow(old.id)).toMatchObject({ status: 'ended', refunded: 1000 });
    expect(await verifyAll(t)).toEqual([]);
  });
});

describe('what pools do not count, and what the channel reads', () => {
  it('claims and refunds raise no race standing and no lifetime total', async () => {
    const fan = await register(t);
    const postId = await createPost(t, creator.user.id);
    await addReward(t, creator, postId, { watch_seconds: 5 });
    await watchFor(t, fan, postId, 5);
    const racePoints = async (userId: number) =>
      (await t.database.db.select().from(raceEntries).where(eq(raceEntries.userId, userId))).reduce(
        (n, e) => n + e.points,
        0,
      );
    const before = await racePoints(fan.user.id);
    expect((await claim(t, fan, postId)).code).toBe(0);
    expect(await racePoints(fan.user.id)).toBe(before);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, fan.user.id));
    const earned = await t.database.db
      .select({ reason: ledgerEntries.reason })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, fan.user.id));
    expect(earned.map((e) => e.reason)).toContain('pool_claim');
    expect(u!.lifetimeEarned).toBe(
      (
        await t.database.db
          .select({ n: sql<number>`coalesce(sum(amount), 0)::float8` })
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.userId, fan.user.id), sql`reason not in ('pool_claim', 'pool_refund', 'refund')`))
      )[0]!.n,
    );
  });

  it('poolPayoutsByDay: what the creator’s pools paid per business day and video', async () => {
    const author = await register(t);
    await fund(t, author, 100);
    const [p1, p2] = [await createPost(t, author.user.id), await createPost(t, author.user.id)];
    await addReward(t, author, p1, { total: 6, amount: 3, watch_seconds: 5 });
    await addReward(t, author, p2, { total: 2, amount: 1, watch_seconds: 5 });
    const from = t.clock.now();
    const fans = [await register(t), await register(t)];
    for (const f of fans) {
      await watchFor(t, f, p1, 5);
      expect((await claim(t, f, p1)).code).toBe(0);
    }
    // 20:00 UTC is the next business day in UTC+8.
    t.clock.set(new Date('2026-12-02T20:00:00Z'));
    await watchFor(t, fans[0]!, p2, 5);
    expect((await claim(t, fans[0]!, p2)).code).toBe(0);
    const to = new Date(t.clock.now().getTime() + 1);
    const rows = await poolPayoutsByDay(t.database.db, { authorId: author.user.id, from, to });
    expect(rows).toEqual([
      { day: '2026-12-02', post_id: p1, amount: 600, claims: 2 },
      { day: '2026-12-03', post_id: p2, amount: 100, claims: 1 },
    ]);
    expect(await poolPayoutsByDay(t.database.db, { authorId: author.user.id, postId: p2, from, to })).toEqual([
      { day: '2026-12-03', post_id: p2, amount: 100, claims: 1 },
    ]);
    expect(await poolPayoutsByDay(t.database.db, { authorId: creator.user.id, postId: p2, from, to })).toEqual([]);
    const claims = await t.database.db.select().from(postRewardClaims).where(eq(postRewardClaims.postId, p1));
    expect(claims.map((c) => c.amount)).toEqual([300, 300]);
  });
});
