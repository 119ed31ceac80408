import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { pointsCalls, userCalls, videoCalls, type TaskType } from '@taice/contract';
import { createIssuance } from '../src/modules/points/issuance';
import { createLedger } from '../src/modules/points/ledger';
import { ledgerEntries, pointsSettings, userDailyStats } from '../src/modules/points/points.schema';
import { register, type Registered } from './support/accounts';
import { at, ledgerMismatches, walletOf, watchFor, watchNewVideo } from './support/points';
import { createTestApp, type TestApp } from './support/test-app';
import { createPost } from './support/videos';

let t: TestApp;
let creator: Registered;

beforeAll(async () => {
  t = await createTestApp();
  // The tests walk forward through 2026; caches and sessions follow this clock.
  t.clock.set(at('2026-01-05'));
  creator = await register(t);
});
afterAll(() => t.close());

const signIn = (user: Registered) => t.call(pointsCalls.signIn, {}, { token: user.token });
const taskDetail = async (user: Registered, taskType: TaskType = 'day') =>
  (await t.call(pointsCalls.userTaskDetail, { query: { task_type: taskType } }, { token: user.token })).data;
const issuance = () => createIssuance({ db: t.database.db, clock: t.clock, ledger: createLedger(t.database.db) });

describe('new-user reward', () => {
  it('pays 200 TAICE on the first counted watch, once per account', async () => {
    const viewer = await register(t);
    expect((await walletOf(t, viewer)).value).toBe(0);
    const postId = await createPost(t, creator.user.id);
    await watchFor(t, viewer, postId, 5);
    expect((await walletOf(t, viewer)).value).toBe(0); // not counted yet
    await watchFor(t, viewer, postId, 10);
    const wallet = await walletOf(t, viewer);
    expect(wallet).toMatchObject({ value: 200, spendable: 200, locked: 0, daily_add_point: 200 });
    await watchNewVideo(t, viewer, creator.user.id);
    expect((await walletOf(t, viewer)).spendable).toBe(200);
    const log = await t.call(pointsCalls.walletLog, { query: { reason: 'new_user_reward' } }, { token: viewer.token });
    expect(log.data.list).toEqual([expect.objectContaining({ amount: 200, reason: 'new_user_reward' })]);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

describe('wallet detail', () => {
  it('users asking at the same moment each see their own balance and day', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => register(t)));
    const ledger = createLedger(t.database.db);
    await t.database.db.transaction(async (tx) => {
      for (const [i, user] of users.entries()) {
        await ledger.credit(tx, {
          userId: user.user.id,
          amount: (i + 1) * 100,
          reason: 'task_reward',
          eventKey: `test:wallet-batch:${user.user.id}`,
          bucket: 'spendable',
          at: t.clock.now(),
        });
      }
    });
    const wallets = await Promise.all(users.map((user) => walletOf(t, user)));
    expect(wallets.map((w) => [w.value, w.daily_add_point])).toEqual(users.map((_, i) => [i + 1, i + 1]));
  });
});

describe('daily sign-in', () => {
  it('needs a counted watch today, then pays the streak day once', async () => {
    t.clock.set(at('2026-03-02'));
    const user = await register(t);
    const refused = await signIn(user);
    expect(refused).toMatchObject({ code: 14001, msg: 'Check-in needs one video watched' });
    expect((await t.call(pointsCalls.signIn, {}, { token: user.token, lang: 'zh-CN' })).msg).toBe(
      '签到前需要先观看一个视频',
    );
    expect((await walletOf(t, user)).is_sign_in_reward).toBe(0);

    await watchNewVideo(t, user, creator.user.id);
    const before = await walletOf(t, user);
    expect(before).toMatchObject({
      is_sign_in_reward: 1,
      sign_in_reward: 10,
      surplus_sign_in_days: 7,
      sign_in_days: 0,
    });
    const res = await signIn(user);
    expect(res.code).toBe(0);
    // 200 new-user + 10 day 1 + 20 for the new-user task "sign in for the first time"
    expect(res.data).toMatchObject({ day: 1, reward: 10, bonus: 0, value: 230 });
    expect(await walletOf(t, user)).toMatchObject({ is_sign_in_reward: 0, sign_in_days: 1, surplus_sign_in_days: 6 });
    expect(await signIn(user)).toMatchObject({ code: 14002, msg: 'You have already signed in today' });
    // The Home claim is the same reward: nothing more today.
    expect((await t.call(pointsCalls.homeClaimReward, {}, { token: user.token })).code).toBe(14002);
  });

  it('a 7-day streak pays each day’s reward and the 7-day bonus, then starts over; a missed day resets it', async () => {
    t.clock.set(at('2026-04-01', '08:00'));
    const user = await register(t);
    const rewards: number[] = [];
    for (let d = 1; d <= 8; d++) {
      t.clock.set(at(`2026-04-0${d}`));
      await watchNewVideo(t, user, creator.user.id);
      const res = await signIn(user);
      expect(res.code).toBe(0);
      rewards.push(res.data.reward + res.data.bonus);
      if (d === 7) expect(res.data).toMatchObject({ day: 7, reward: 50, bonus: 100 });
    }
    expect(rewards).toEqual([10, 10, 20, 20, 30, 30, 150, 10]);

    // 2026-04-09 missed: the 10th is day 1 again.
    t.clock.set(at('2026-04-10'));
    await watchNewVideo(t, user, creator.user.id);
    expect((await signIn(user)).data.day).toBe(1);
    const configs = await t.call(pointsCalls.signInConfigs, {}, { token: user.token });
    expect(configs.data.sign_in_days).toBe(1);
    expect(configs.data.days.map((d) => d.is_signed)).toEqual([1, 0, 0, 0, 0, 0, 0]);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('the day changes at 00:00 UTC+8, not at midnight UTC', async () => {
    t.clock.set('2026-05-01T15:58:00Z'); // 23:58 on 1 May in UTC+8
    const user = await register(t);
    await watchNewVideo(t, user, creator.user.id);
    expect((await signIn(user)).data.day).toBe(1);
    t.clock.set('2026-05-01T16:01:00Z'); // same UTC date, but 00:01 on 2 May in UTC+8
    expect((await walletOf(t, user)).has_watched_today).toBe(0);
    await watchNewVideo(t, user, creator.user.id);
    expect((await signIn(user)).data.day).toBe(2);
  });

  it('visitors see the reward table', async () => {
    const res = await t.call(pointsCalls.signInConfigs);
    expect(res.data.days.map((d) => d.reward)).toEqual([10, 10, 20, 20, 30, 30, 50]);
    expect(res.data.seven_days_sign_in_reward).toBe(100);
  });
});

describe('daily tasks', () => {
  it('groups open in order; a finished group adds its tasks and the 100 TAICE bonus to today’s estimate', async () => {
    t.clock.set(at('2026-06-10', '09:00'));
    const user = await register(t);
    let detail = await taskDetail(user);
    expect(detail).toMatchObject({ group_no: 1, group_total: 5, group_bonus: 100, today_estimated_eaming: 0 });
    expect(detail.quest.map((q) => [q.task_key, q.unit_key, q.total_num])).toEqual([
      ['watch_video', 'time', 3],
      ['like', 'other', 1],
      ['watch_video', 'other', 2],
    ]);

    // A comment now belongs to group 2, which is not open yet: it counts for nothing there.
    const first = await createPost(t, creator.user.id, { duration: 300 });
    expect(
      (await t.call(videoCalls.comment, { body: { id: first, content: 'early' } }, { token: user.token })).code,
    ).toBe(0);

    await watchFor(t, user, first, 180); // 3 minutes, 1 video
    detail = await taskDetail(user);
    expect(detail.quest.map((q) => q.complete_num)).toEqual([3, 0, 1]);
    expect(detail.today_estimated_eaming).toBe(10);
    await watchNewVideo(t, user, creator.user.id); // 2 videos
    // Liking the same video twice (unlike, like) counts once.
    for (let i = 0; i < 3; i++) await t.call(videoCalls.like, { body: { id: first } }, { token: user.token });
    detail = await taskDetail(user);
    expect(detail.group_no).toBe(2);
    expect(detail.today_estimated_eaming).toBe(10 + 5 + 10 + 100);
    expect(detail.quest.map((q) => [q.task_key, q.complete_num])).toEqual([
      ['watch_video', 0],
      ['comment', 0],
      ['share_post', 0],
    ]);
    const wallet = await walletOf(t, user);
    expect(wallet.locked).toBe(0); // issued only after the day ends
    expect(wallet.daily_add_point).toBe(200 + 20 + 125); // new-user reward, new-user comment task, daily estimate
    const newDaily = await t.call(
      pointsCalls.newDailyTask,
      {},
      {
        token: user.token,
      },
    );
    expect(newDaily.data).toMatchObject({ group_no: 2, all_done: false });
  });

  it('at most the configured number of groups a day, and they reset at 00:00 UTC+8', async () => {
    const changed = await t.database.db
      .update(pointsSettings)
      .set({ value: 1 })
      .where(eq(pointsSettings.key, 'daily.max_groups'))
      .returning();
    expect(changed).toHaveLength(1);
    try {
      t.clock.set(at('2026-06-20', '10:00'));
      const user = await register(t);
      const postId = await createPost(t, creator.user.id, { duration: 300 });
      await watchFor(t, user, postId, 180);
      await watchNewVideo(t, user, creator.user.id);
      await t.call(videoCalls.like, { body: { id: postId } }, { token: user.token });
      const done = await taskDetail(user);
      expect(done).toMatchObject({ group_no: 2, group_total: 1, today_estimated_eaming: 125 });
      const newDaily = await t.call(pointsCalls.newDailyTask, {}, { token: user.token });
      expect(newDaily.data.all_done).toBe(true);
      // Past the cap nothing more is estimated.
      await watchFor(t, user, postId, 120);
      expect((await taskDetail(user)).today_estimated_eaming).toBe(125);

      t.clock.set(at('2026-06-21', '00:01'));
      const next = await taskDetail(user);
      expect(next).toMatchObject({ group_no: 1, today_estimated_eaming: 0 });
      expect(next.quest.every((q) => q.complete_num === 0)).toBe(true);
    } finally {
      await t.database.db.update(pointsSettings).set({ value: 5 }).where(eq(pointsSettings.key, 'daily.max_groups'));
      t.clock.advance(11_000);
    }
  });

  it('daily-task TAICE is issued into the locked bucket after 00:00 UTC+8, once, catching up missed days', async () => {
    t.clock.set(at('2026-07-01', '20:00'));
    const user = await register(t);
    const postId = await createPost(t, creator.user.id, { duration: 300 });
    await watchFor(t, user, postId, 180);
    await watchNewVideo(t, user, creator.user.id);
    await t.call(videoCalls.like, { body: { id: postId } }, { token: user.token });
    expect((await taskDetail(user)).today_estimated_eaming).toBe(125);
    // An earlier day the server was down for.
    await t.database.db.insert(userDailyStats).values({ userId: user.user.id, day: '2026-06-29', estimated: 4_000 });

    expect(await issuance().issueDue()).toBeGreaterThanOrEqual(1); // 29 June is due already
    expect((await walletOf(t, user)).locked).toBe(40);

    t.clock.set(at('2026-07-02', '00:02')); // inside the 5-minute grace: 1 July is not issued yet
    await issuance().issueDue();
    expect((await walletOf(t, user)).locked).toBe(40);

    t.clock.set(at('2026-07-02', '00:06'));
    const [a, b] = await Promise.all([issuance().issueDue(), issuance().issueDue()]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    await issuance().issueDue();
    const wallet = await walletOf(t, user);
    expect(wallet).toMatchObject({ locked: 165, spendable: 200, value: 365 });
    const issued = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, user.user.id), eq(ledgerEntries.reason, 'daily_task_issue')));
    expect(issued.map((e) => [e.day, e.amount]).sort()).toEqual([
      ['2026-06-29', 4_000],
      ['2026-07-01', 12_500],
    ]);
    // The chart puts the issued TAICE on the day it was earned.
    const chart = await t.call(pointsCalls.pointsChart, {}, { token: user.token });
    expect(chart.data).toHaveLength(30);
    expect(chart.data.find((d) => d.day === '2026-07-01')?.amount).toBe(200 + 125);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

describe('other tasks', () => {
  it('new-user tasks pay into the spendable bucket when done, once, and leave the list when all are done', async () => {
    t.clock.set(at('2026-08-03'));
    const user = await register(t);
    let detail = await taskDetail(user, 'new_user');
    expect(detail.is_has_new_user_task).toBe(true);
    const postId = await watchNewVideo(t, user, creator.user.id);
    await t.call(videoCalls.comment, { body: { id: postId, content: 'first!' } }, { token: user.token });
    await t.call(videoCalls.comment, { body: { id: postId, content: 'second' } }, { token: user.token });
    detail = await taskDetail(user, 'new_user');
    expect(detail.quest.find((q) => q.task_key === 'comment')).toMatchObject({ is_complete: 1, complete_num: 1 });
    expect((await walletOf(t, user)).spendable).toBe(200 + 20);
    const log = await t.call(pointsCalls.userTaskPointLog, {}, { token: user.token });
    expect(log.data.list.map((e) => [e.reason, e.amount])).toEqual([
      ['task_reward', 20],
      ['new_user_reward', 200],
    ]);
  });

  it('counts unfinished tasks for the badge', async () => {
    const user = await register(t);
    const res = await t.call(pointsCalls.unfinishTaskNum, {}, { token: user.token });
    expect(res.data.num).toBe(3 + 4 + 4);
  });
});

describe('referrals', () => {
  it('the inviter is paid 500 once the invitee has watched one video and shared one', async () => {
    t.clock.set(at('2026-09-01'));
    const inviter = await register(t);
    const invitee = await register(t, { inviteCode: inviter.user.invite_code });
    const log = () => t.call(pointsCalls.invitationLog, {}, { token: inviter.token });
    expect((await log()).data.list).toEqual([
      expect.objectContaining({ status: 'pending', reward: 0, has_watched: 0, has_shared: 0 }),
    ]);
    expect((await log()).data.list[0]!.address).toMatch(/^us\*\*\*@example\.com$/);

    const postId = await watchNewVideo(t, invitee, creator.user.id);
    expect((await log()).data.list[0]).toMatchObject({ status: 'pending', has_watched: 1 });
    expect((await walletOf(t, inviter)).value).toBe(0);

    expect((await t.call(videoCalls.share, { body: { id: postId } }, { token: invitee.token })).code).toBe(0);
    expect((await log()).data.list[0]).toMatchObject({ status: 'confirmed', reward: 500, has_shared: 1 });
    await t.call(videoCalls.share, { body: { id: postId } }, { token: invitee.token });
    // 500 for the referral, 50 for the new-user task "invite a friend"
    expect((await walletOf(t, inviter)).spendable).toBe(550);
    const alias = await t.call(pointsCalls.userInvitationLog, {}, { token: inviter.token });
    expect(alias.data.total).toBe(1);

    const detail = await t.call(pointsCalls.invitationDetail, {}, { token: inviter.token });
    expect(detail.data).toMatchObject({
      user: { invite_code: inviter.user.invite_code, invite_num: 1 },
      confirmed_num: 1,
      reward_points: 500,
      invite_path: `/Home?invite_code=${inviter.user.invite_code}`,
    });

    const tasks = await t.call(pointsCalls.inviteTaskList, {}, { token: inviter.token });
    const one = tasks.data.find((m) => m.invite_num === 1)!;
    const five = tasks.data.find((m) => m.invite_num === 5)!;
    expect(one).toMatchObject({ is_complete: 1, is_claimed: 0 });
    expect(
      (await t.call(pointsCalls.inviteTaskClaim, { body: { id: one.id } }, { token: inviter.token })).data,
    ).toMatchObject({
      point: 50,
      value: 600,
    });
    expect(await t.call(pointsCalls.inviteTaskClaim, { body: { id: one.id } }, { token: inviter.token })).toMatchObject(
      {
        code: 14006,
        msg: 'You have already claimed this reward',
      },
    );
    expect(
      await t.call(pointsCalls.inviteTaskClaim, { body: { id: five.id } }, { token: inviter.token }),
    ).toMatchObject({
      code: 14005,
      msg: 'Invite 5 friends who watch and share a video to claim this reward',
    });
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('an account without an inviter pays nobody', async () => {
    const loner = await register(t);
    const postId = await watchNewVideo(t, loner, creator.user.id);
    await t.call(videoCalls.share, { body: { id: postId } }, { token: loner.token });
    const [entry] = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.eventKey, `referral:${loner.user.id}`));
    expect(entry).toBeUndefined();
  });
});

describe('levels', () => {
  it('grow with lifetime earnings', async () => {
    const user = await register(t);
    expect(user.user.user_level).toMatchObject({ level_no: 1, now_point: 0 });
    await watchNewVideo(t, user, creator.user.id);
    const info = await t.call(userCalls.userInfo, {}, { token: user.token });
    expect(info.data.user_level).toMatchObject({ level_no: 1, now_point: 200, max_point: 1000 });
  });
});

describe('watching the same video again', () => {
  it('counts toward "videos watched" once a day', async () => {
    t.clock.set(at('2026-10-05', '10:00'));
    const user = await register(t);
    const postId = await createPost(t, creator.user.id, { duration: 8 });
    for (let i = 0; i < 3; i++) await watchFor(t, user, postId, 5);
    expect(
      (await taskDetail(user)).quest.find((q) => q.unit_key === 'other' && q.task_key === 'watch_video'),
    ).toMatchObject({
      complete_num: 1,
    });
    t.clock.set(at('2026-10-06', '10:00'));
    await watchFor(t, user, postId, 5);
    expect(
      (await taskDetail(user)).quest.find((q) => q.unit_key === 'other' && q.task_key === 'watch_video'),
    ).toMatchObject({
      complete_num: 1,
    });
  });
});
