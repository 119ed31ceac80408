import { eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelCalls as channel, videoCalls, type ChannelDay } from '@taice/contract';
import { createChannel } from '../src/modules/channel/channel.module';
import { channelJobs } from '../src/modules/channel/channel';
import { channelFollowerDays, channelPostDays, channelRolledDays } from '../src/modules/channel/channel.schema';
import { createVideoEvents } from '../src/modules/videos/video-events';
import { queueJob, startJobs } from '../src/platform/jobs/jobs';
import { register, type Registered } from './support/accounts';
import { at, watchFor } from './support/points';
import { addReward, claim } from './support/pools';
import { fund } from './support/redemption';
import { createPost } from './support/videos';
import { createTestApp, type TestApp } from './support/test-app';

// Days no other data (the demo seed's, written at real time) falls on.
const DAY1 = '2031-06-08';
const DAY2 = '2031-06-09';
const TODAY = '2031-06-10';

let t: TestApp;
let creator: Registered;
let viewers: Registered[];
let postA: number;
let postB: number;

/** The channel's services on the test's database and clock (what the job runs, without the queue). */
const channelOf = () =>
  createChannel({
    db: t.database.db,
    clock: t.clock,
    events: createVideoEvents(),
    mediaUrl: (key) => `/m/${key}`,
    // Statistics never delete a video.
    closePools: () => Promise.resolve(0),
  });

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(at(DAY1, '09:00'));
  [creator, ...viewers] = await Promise.all([register(t), register(t), register(t), register(t)]);
  await fund(t, creator, 100);
  postA = await createPost(t, creator.user.id, { duration: 120 });
  postB = await createPost(t, creator.user.id, { duration: 120 });
});
afterAll(() => t.close());

const v1 = () => viewers[0]!;
const v2 = () => viewers[1]!;
const v3 = () => viewers[2]!;

async function report(query: { days?: 7 | 30 | 90; post_id?: number } = {}) {
  const res = await t.call(channel.dataReport, { query }, { token: creator.token });
  if (res.code !== 0) throw new Error(`dataReport failed: ${res.msg}`);
  return res.data;
}
async function totals(postId?: number) {
  const res = await t.call(channel.dataCount, { query: postId ? { post_id: postId } : {} }, { token: creator.token });
  if (res.code !== 0) throw new Error(`dataCount failed: ${res.msg}`);
  return res.data;
}
const dayOf = (days: ChannelDay[], day: string) => days.find((d) => d.day === day)!;
const quiet = { views: 0, watch_seconds: 0, likes: 0, comments: 0, shares: 0, pool_paid: 0 };

const rolledRows = async () => {
  const [postDays, followerDays] = await Promise.all([
    t.database.db
      .select()
      .from(channelPostDays)
      .where(inArray(channelPostDays.postId, [postA, postB]))
      .orderBy(channelPostDays.postId, channelPostDays.day),
    t.database.db.select().from(channelFollowerDays).where(eq(channelFollowerDays.authorId, creator.user.id)),
  ]);
  return { postDays, followerDays };
};

describe('the channel’s statistics', () => {
  it('counts views, watch time, likes, comments, shares, follows and pool payouts per day', async () => {
    // Day 1: a viewer watches A for 20 s, likes, comments on and shares it, and follows the creator.
    await watchFor(t, v1(), postA, 20);
    const actAs = { token: v1().token };
    expect((await t.call(videoCalls.like, { body: { id: postA } }, actAs)).code).toBe(0);
    expect((await t.call(videoCalls.comment, { body: { id: postA, content: 'Nice' } }, actAs)).code).toBe(0);
    expect((await t.call(videoCalls.share, { body: { id: postA } }, actAs)).code).toBe(0);
    expect((await t.call(videoCalls.follow, { body: { id: creator.user.id } }, actAs)).code).toBe(0);
    // Day 2: a pool on B pays a second viewer who watched 20 s; B is liked.
    t.clock.set(at(DAY2, '10:00'));
    expect((await addReward(t, creator, postB, { total: 10, amount: 1, watch_seconds: 20 })).code).toBe(0);
    await watchFor(t, v2(), postB, 30);
    expect((await claim(t, v2(), postB)).code).toBe(0);
    expect((await t.call(videoCalls.like, { body: { id: postB } }, { token: v2().token })).code).toBe(0);
    // Today: a third viewer watches A for 10 s and follows.
    t.clock.set(at(TODAY, '12:00'));
    await watchFor(t, v3(), postA, 10);
    expect((await t.call(videoCalls.follow, { body: { id: creator.user.id } }, { token: v3().token })).code).toBe(0);

    const week = await report();
    expect(week.utc_offset).toBe('+08:00');
    expect(week.days).toHaveLength(7);
    expect(week.days[0]!.day).toBe('2031-06-04');
    expect(week.days.at(-1)!.day).toBe(TODAY);
    expect(dayOf(week.days, DAY1)).toEqual({
      day: DAY1,
      views: 1,
      watch_seconds: 20,
      likes: 1,
      comments: 1,
      shares: 1,
      new_followers: 1,
      pool_paid: 0,
    });
    expect(dayOf(week.days, DAY2)).toEqual({
      day: DAY2,
      ...quiet,
      views: 1,
      watch_seconds: 30,
      likes: 1,
      pool_paid: 1,
      new_followers: 0,
    });
    expect(dayOf(week.days, TODAY)).toEqual({ day: TODAY, ...quiet, views: 1, watch_seconds: 10, new_followers: 1 });
    expect(dayOf(week.days, '2031-06-05')).toEqual({ day: '2031-06-05', ...quiet, new_followers: 0 });

    const onlyA = await report({ post_id: postA });
    expect(dayOf(onlyA.days, DAY1)).toMatchObject({ views: 1, watch_seconds: 20, likes: 1, new_followers: null });
    expect(dayOf(onlyA.days, DAY2)).toEqual({ day: DAY2, ...quiet, new_followers: null });
    const onlyB = await report({ days: 30, post_id: postB });
    expect(onlyB.days).toHaveLength(30);
    expect(dayOf(onlyB.days, DAY2)).toMatchObject({ views: 1, pool_paid: 1 });

    expect(await totals()).toEqual({
      videos: 2,
      published: 2,
      views: 3,
      watch_seconds: 60,
      likes: 2,
      comments: 1,
      shares: 1,
      followers: 2,
      new_followers_today: 1,
      earned: 0,
      pool_paid: 1,
    });
    expect(await totals(postB)).toMatchObject({
      videos: 1,
      views: 1,
      watch_seconds: 30,
      followers: null,
      pool_paid: 1,
    });

    // The list shows each video's payouts too.
    const mine = await t.call(channel.userPostList, { query: {} }, { token: creator.token });
    expect(mine.data.list.find((p) => p.id === postB)).toMatchObject({ pool_paid: 1, view_num: 1 });
  });

  it('rolls the closed days up once, in a durable job: the same figures, read from the daily tables', async () => {
    const live = await report({ days: 90 });
    const before = await rolledRows();
    expect(before.postDays).toEqual([]);

    // Through the queue, as the daily schedule runs it.
    const runner = await startJobs({
      pool: t.database.pool,
      sets: [channelJobs(channelOf().stats)],
      log: pino({ level: 'silent' }),
      concurrency: 1,
    });
    try {
      await queueJob(t.database.db, 'channel.stats_rollup');
      const end = Date.now() + 15_000;
      for (;;) {
        const { rows } = await t.database.pool.query<{ n: number }>(
          `select count(*)::int as n from graphile_worker.jobs where task_identifier = 'channel.stats_rollup'`,
        );
        if (rows[0]!.n === 0) break;
        if (Date.now() > end) throw new Error('the roll-up job did not finish');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await runner.stop();
    }

    // Every closed day of the 90 is marked (the last one is yesterday: today is still live).
    const marked = await t.database.db.select().from(channelRolledDays).orderBy(channelRolledDays.day);
    expect(marked).toHaveLength(89);
    expect(marked.at(-1)!.day).toBe(DAY2);
    const rolled = await rolledRows();
    expect(
      rolled.postDays.map((r) => [r.postId, r.day, r.views, r.watchSeconds, r.likes, r.comments, r.shares]),
    ).toEqual([
      [postA, DAY1, 1, 20, 1, 1, 1],
      [postB, DAY2, 1, 30, 1, 0, 0],
    ]);
    expect(rolled.followerDays.map((r) => [r.day, r.newFollowers])).toEqual([[DAY1, 1]]);
    expect(await report({ days: 90 })).toEqual(live);

    // Run again: nothing left to do, nothing changes.
    expect(await channelOf().stats.rollUp()).toEqual({ days: [], rows: 0 });
    // A run that stopped before marking its days is redone whole, with the same figures.
    await t.database.db.delete(channelRolledDays).where(inArray(channelRolledDays.day, [DAY1, DAY2]));
    const redone = await channelOf().stats.rollUp();
    expect(redone.days).toEqual([DAY1, DAY2]);
    expect(await rolledRows()).toEqual(rolled);
    expect(await report({ days: 90 })).toEqual(live);
    expect(await channelOf().stats.rollUp()).toEqual({ days: [], rows: 0 });
  });

  it('reads the closed days from the daily tables, and today live', async () => {
    // A closed, rolled-up day is read from its row: a change to the row shows (nothing reads the sessions again).
    await t.database.db.update(channelPostDays).set({ views: 5 }).where(eq(channelPostDays.postId, postA));
    expect(dayOf((await report()).days, DAY1).views).toBe(5);
    await t.database.db.update(channelPostDays).set({ views: 1 }).where(eq(channelPostDays.postId, postA));

    // Today's new watch and like appear at once.
    t.clock.advance(60_000);
    await watchFor(t, v1(), postB, 15);
    expect((await t.call(videoCalls.like, { body: { id: postB } }, { token: v3().token })).code).toBe(0);
    const today = dayOf((await report()).days, TODAY);
    expect(today).toMatchObject({ views: 2, watch_seconds: 25, likes: 1 });
    expect((await totals()).views).toBe(4);
  });

  it('leaves a deleted video out of the channel’s figures', async () => {
    const before = await report();
    expect((await t.call(channel.delPost, { body: { id: postB } }, { token: creator.token })).code).toBe(0);
    const after = await report();
    expect(dayOf(after.days, DAY2)).toEqual({ day: DAY2, ...quiet, new_followers: 0 });
    expect(dayOf(after.days, DAY1)).toEqual(dayOf(before.days, DAY1));
    expect(await totals()).toMatchObject({ videos: 1, views: 2, likes: 1, pool_paid: 0, followers: 2 });
    expect((await t.call(channel.dataReport, { query: { post_id: postB } }, { token: creator.token })).code).toBe(
      20201,
    );
  });

  it('shows a member without videos their follows, live', async () => {
    const fresh = await register(t);
    const now = t.clock.now();
    // A follow on a day already rolled up (the roll-up covers only those who ever had a video) and one today.
    t.clock.set(at(DAY2, '18:00'));
    expect((await t.call(videoCalls.follow, { body: { id: fresh.user.id } }, { token: v2().token })).code).toBe(0);
    t.clock.set(now);
    expect((await t.call(videoCalls.follow, { body: { id: fresh.user.id } }, { token: v1().token })).code).toBe(0);
    const res = await t.call(channel.dataReport, { query: {} }, { token: fresh.token });
    expect(dayOf(res.data.days, DAY2)).toEqual({ day: DAY2, ...quiet, new_followers: 1 });
    expect(dayOf(res.data.days, TODAY)).toEqual({ day: TODAY, ...quiet, new_followers: 1 });
    const count = await t.call(channel.dataCount, { query: {} }, { token: fresh.token });
    expect(count.data).toMatchObject({ videos: 0, views: 0, followers: 2, new_followers_today: 1, pool_paid: 0 });
  });
});
