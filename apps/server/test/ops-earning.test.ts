import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, like } from 'drizzle-orm';
import {
  errorCode,
  opsEarningCalls as ops,
  pointsCalls,
  userCalls,
  videoCalls,
  type EarningConfig,
  type OpsEarningChange,
} from '@taice/contract';
import { auditLog } from '../src/modules/operators/operators.schema';
import { ledgerEntries } from '../src/modules/points/points.schema';
import { configVersions } from '../src/platform/config/config-versions.schema';
import { register, type Registered } from './support/accounts';
import { elevate, operator, type Operator } from './support/operators';
import { ledgerMismatches, watchNewVideo } from './support/points';
import { createTestApp, type TestApp } from './support/test-app';
import { createPost } from './support/videos';

/**
 * The operators' earning configuration through the API: who may read and change it, each refusal, changes
 * that apply now or at their time by the test clock (never recomputing what was earned), cancellation, and the
 * audit row of every change.
 */
let t: TestApp;
let admin: Operator;
let support: Operator;
let member: Registered;
let creator: Registered;

beforeAll(async () => {
  t = await createTestApp();
  admin = await operator(t, 'admin');
  support = await operator(t, 'support');
  member = await register(t);
  creator = await register(t);
});
afterAll(() => t.close());

const HOUR_MS = 3_600_000;
const later = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

/** Moves the clock on; the operators verify their second factor again when it has lapsed. */
async function advance(ms: number) {
  t.clock.advance(ms);
  await elevate(t, admin);
  await elevate(t, support);
}

async function config(at?: string): Promise<EarningConfig> {
  const res = await t.call(ops.opsEarningConfig, { query: at ? { at } : {} }, { token: admin.token });
  expect(res.code).toBe(0);
  return res.data;
}

async function changed(res: { code: number; msg: string; data: OpsEarningChange | null }): Promise<OpsEarningChange> {
  expect(res.msg).toBe('success');
  return res.data!;
}

const auditRows = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n;
const versionRows = async () => (await t.database.db.select({ n: count() }).from(configVersions))[0]!.n;

/** A member's sign-in today (after the counted watch it needs). */
async function signIn(user: Registered) {
  await watchNewVideo(t, user, creator.user.id);
  const res = await t.call(pointsCalls.signIn, {}, { token: user.token });
  expect(res.code).toBe(0);
  return res.data;
}

describe('who may read and change the earning configuration', () => {
  const amounts = { new_user_reward: 200, referral_reward: 500, daily_group_bonus: 100, daily_max_groups: 5 };

  it('refuses a visitor and a member', async () => {
    for (const token of [undefined, member.token]) {
      const expected = token ? errorCode('forbidden') : errorCode('unauthorized');
      expect((await t.call(ops.opsEarningConfig, {}, { token })).code).toBe(expected);
      expect((await t.call(ops.opsEarningChanges, {}, { token })).code).toBe(expected);
      expect((await t.call(ops.opsEarningAmountsSet, { body: amounts }, { token })).code).toBe(expected);
    }
  });

  it('lets support read but not change', async () => {
    expect((await t.call(ops.opsEarningConfig, {}, { token: support.token })).code).toBe(0);
    expect((await t.call(ops.opsEarningChanges, {}, { token: support.token })).code).toBe(0);
    const before = await versionRows();
    const refusals = await Promise.all([
      t.call(ops.opsEarningAmountsSet, { body: amounts }, { token: support.token }),
      t.call(
        ops.opsEarningSignInSet,
        { body: { rewards: [1, 1, 1, 1, 1, 1, 1], seven_day_bonus: 1 } },
        { token: support.token },
      ),
      t.call(ops.opsEarningLevelsSet, { body: { thresholds: [0, 10] } }, { token: support.token }),
      t.call(ops.opsEarningInviteTasksSet, { body: { milestones: [] } }, { token: support.token }),
      t.call(ops.opsEarningChangeCancel, { body: { id: 1 } }, { token: support.token }),
    ]);
    expect(refusals.map((r) => r.code)).toEqual(refusals.map(() => errorCode('forbidden')));
    expect(await versionRows()).toBe(before);
  });
});

describe('refused changes change nothing and write no audit row', () => {
  it('refuses bad input with a clear message in each language', async () => {
    const audits = await auditRows();
    const versions = await versionRows();
    const base = { new_user_reward: 200, referral_reward: 500, daily_group_bonus: 100, daily_max_groups: 5 };

    const negative = await t.send(
      ops.opsEarningAmountsSet,
      { body: { ...base, referral_reward: -1 } },
      { token: admin.token },
    );
    expect(negative).toMatchObject({ code: errorCode('validation_failed'), data: { field: 'referral_reward' } });
    const cents = await t.send(
      ops.opsEarningAmountsSet,
      { body: { ...base, new_user_reward: 1.005 } },
      { token: admin.token },
    );
    expect(cents.code).toBe(errorCode('validation_failed'));
    const noGroups = await t.call(
      ops.opsEarningAmountsSet,
      { body: { ...base, daily_max_groups: 6 } },
      { token: admin.token },
    );
    expect(noGroups).toMatchObject({
      code: errorCode('earning_max_groups_too_high'),
      msg: expect.stringContaining('5'),
    });

    const sixDays = await t.send(
      ops.opsEarningSignInSet,
      { body: { rewards: [1, 2, 3, 4, 5, 6], seven_day_bonus: 1 } },
      { token: admin.token },
    );
    expect(sixDays).toMatchObject({ code: errorCode('validation_failed'), data: { field: 'rewards' } });

    for (const [lang, text] of [
      ['en_US', 'Level 1 starts at 0'],
      ['zh-CN', '第 1 级从 0 开始'],
      ['zh-TW', '第 1 級從 0 開始'],
    ] as const) {
      const falling = await t.call(
        ops.opsEarningLevelsSet,
        { body: { thresholds: [0, 50, 40] } },
        { token: admin.token, lang },
      );
      expect(falling).toMatchObject({ code: errorCode('earning_levels_order'), msg: expect.stringContaining(text) });
    }
    const notFromZero = await t.call(
      ops.opsEarningLevelsSet,
      { body: { thresholds: [5, 50] } },
      { token: admin.token },
    );
    expect(notFromZero.code).toBe(errorCode('earning_levels_order'));

    const twice = await t.call(
      ops.opsEarningInviteTasksSet,
      {
        body: {
          milestones: [
            { invite_num: 3, point: 1 },
            { invite_num: 3, point: 2 },
          ],
        },
      },
      { token: admin.token },
    );
    expect(twice.code).toBe(errorCode('earning_milestones_repeated'));

    const task = {
      task_key: 'like',
      unit_key: 'other',
      total_num: 2,
      point: 5,
      enabled: true,
      name: { en_US: 'Like 2 videos', 'zh-CN': '点赞 2 个视频', 'zh-TW': '按讚 2 部影片' },
    } as const;
    const unknown = await t.call(ops.opsEarningTaskSet, { body: { ...task, code: 'day.9.9' } }, { token: admin.token });
    expect(unknown.code).toBe(errorCode('task_template_not_found'));
    const taken = await t.call(
      ops.opsEarningTaskCreate,
      { body: { ...task, code: 'day.1.1', task_type: 'day', group_no: 1 } },
      { token: admin.token },
    );
    expect(taken.code).toBe(errorCode('task_template_exists'));
    const groupless = await t.call(
      ops.opsEarningTaskCreate,
      { body: { ...task, code: 'day.extra', task_type: 'day', group_no: 0 } },
      { token: admin.token, lang: 'zh-CN' },
    );
    expect(groupless).toMatchObject({
      code: errorCode('task_group_mismatch'),
      msg: expect.stringContaining('每日任务'),
    });
    const badCode = await t.call(
      ops.opsEarningTaskCreate,
      { body: { ...task, code: 'Day 7', task_type: 'week', group_no: 0 } },
      { token: admin.token },
    );
    expect(badCode.code).toBe(errorCode('task_code_format'));

    const past = await t.call(
      ops.opsEarningAmountsSet,
      { body: { ...base, effective_at: later(-5 * 60_000) } },
      { token: admin.token, lang: 'zh-TW' },
    );
    expect(past).toMatchObject({ code: errorCode('earning_change_in_past'), msg: '變更的生效時間不能早於現在' });
    const tooFar = await t.call(
      ops.opsEarningAmountsSet,
      { body: { ...base, effective_at: later(400 * 24 * HOUR_MS) } },
      { token: admin.token },
    );
    expect(tooFar).toMatchObject({ code: errorCode('earning_change_too_far'), msg: expect.stringContaining('366') });

    const missing = await t.call(ops.opsEarningChangeCancel, { body: { id: 999_999 } }, { token: admin.token });
    expect(missing.code).toBe(errorCode('earning_change_not_found'));

    expect(await auditRows()).toBe(audits);
    expect(await versionRows()).toBe(versions);
  });
});

describe('changes over time', () => {
  it('a change now pays its new amount from now on and is audited with before and after', async () => {
    const inviter = await register(t);
    const res = await t.call(
      ops.opsEarningAmountsSet,
      { body: { new_user_reward: 200, referral_reward: 650.5, daily_group_bonus: 100, daily_max_groups: 5 } },
      { token: admin.token },
    );
    const change = await changed(res);
    expect(change).toMatchObject({
      section: 'amounts',
      target: '',
      status: 'applied',
      created_by: String(admin.user.id),
      before: { referral_reward: 500 },
      after: { referral_reward: 650.5 },
      cancelled_at: null,
    });
    expect((await config()).amounts.referral_reward).toBe(650.5);

    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'earning.change'), eq(auditLog.targetId, 'amounts')));
    expect(row).toMatchObject({
      actor: String(admin.user.id),
      role: 'admin',
      targetType: 'earning',
      before: { referral_reward: 500 },
      after: { referral_reward: 650.5, change_id: change.id },
    });

    // The rule pays the amount in force when the referral is confirmed.
    const invitee = await register(t, { inviteCode: inviter.user.invite_code });
    await watchNewVideo(t, invitee, creator.user.id);
    const share = await t.call(
      videoCalls.share,
      { body: { id: await createPost(t, creator.user.id) } },
      { token: invitee.token },
    );
    expect(share.code).toBe(0);
    const detail = await t.call(pointsCalls.invitationDetail, {}, { token: inviter.token });
    expect(detail.data).toMatchObject({ confirmed_num: 1, reward_points: 650.5, referral_reward: 650.5 });
  });

  it('a scheduled change takes effect at its time; what was earned before stays as it was', async () => {
    const early = await register(t);
    const late = await register(t);
    const rewards = [33, 10, 20, 20, 30, 30, 50];
    const from = later(HOUR_MS);
    const change = await changed(
      await t.call(
        ops.opsEarningSignInSet,
        { body: { rewards, seven_day_bonus: 120, effective_at: from } },
        { token: admin.token },
      ),
    );
    expect(change).toMatchObject({
      status: 'scheduled',
      effective_at: from,
      before: { rewards: [10, 10, 20, 20, 30, 30, 50] },
    });
    expect((await config()).sign_in.rewards[0]).toBe(10);
    expect((await config(from)).sign_in).toEqual({ rewards, seven_day_bonus: 120 });
    const scheduled = await t.call(ops.opsEarningChanges, { query: { status: 'scheduled' } }, { token: support.token });
    expect(scheduled.data.list.map((c) => c.id)).toContain(change.id);

    expect(await signIn(early)).toMatchObject({ day: 1, reward: 10 });
    const visitors = await t.call(pointsCalls.signInConfigs, {});
    expect(visitors.data.days[0]?.reward).toBe(10);

    await advance(HOUR_MS);
    expect(await signIn(late)).toMatchObject({ day: 1, reward: 33 });
    expect((await t.call(pointsCalls.signInConfigs, {})).data).toMatchObject({ seven_days_sign_in_reward: 120 });
    const applied = await t.call(ops.opsEarningChanges, { query: { section: 'sign_in' } }, { token: admin.token });
    expect(applied.data.list[0]).toMatchObject({ id: change.id, status: 'applied' });

    // The early sign-in keeps its 10 TAICE.
    const earned = await t.database.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, early.user.id), eq(ledgerEntries.reason, 'sign_in')));
    expect(earned).toEqual([{ amount: 1000 }]);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('a scheduled change can be cancelled before its time, and only then', async () => {
    const before = (await config()).amounts;
    const from = later(2 * HOUR_MS);
    const change = await changed(
      await t.call(
        ops.opsEarningAmountsSet,
        { body: { ...before, new_user_reward: 1, effective_at: from } },
        { token: admin.token },
      ),
    );
    // Two cancellations at once: one wins, the other is told the change is no longer scheduled.
    const both = await Promise.all(
      [1, 2].map(() => t.call(ops.opsEarningChangeCancel, { body: { id: change.id } }, { token: admin.token })),
    );
    expect(both.map((r) => r.code).sort()).toEqual([0, errorCode('earning_change_not_scheduled')]);
    const cancelled = both.find((r) => r.code === 0)!.data;
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelled_by: String(admin.user.id) });

    await advance(3 * HOUR_MS);
    expect((await config()).amounts.new_user_reward).toBe(before.new_user_reward);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'earning.cancel'));
    expect(audit).toMatchObject({
      before: { change_id: change.id, status: 'scheduled' },
      after: { status: 'cancelled' },
    });

    const now = await changed(
      await t.call(ops.opsEarningAmountsSet, { body: { ...before, new_user_reward: 2 } }, { token: admin.token }),
    );
    const tooLate = await t.call(ops.opsEarningChangeCancel, { body: { id: now.id } }, { token: admin.token });
    expect(tooLate.code).toBe(errorCode('earning_change_not_scheduled'));
    await t.call(ops.opsEarningAmountsSet, { body: before }, { token: admin.token });
  });

  it('tasks: a change shows to members at once, a new task from its time', async () => {
    const current = (await config()).tasks.find((task) => task.code === 'day.1.1')!;
    const { id: _id, code: _code, task_type: _type, group_no: _group, ...fields } = current;
    await changed(
      await t.call(
        ops.opsEarningTaskSet,
        { body: { ...fields, code: 'day.1.1', point: 12.5 } },
        { token: admin.token },
      ),
    );
    const user = await register(t);
    const daily = await t.call(pointsCalls.userTaskDetail, {}, { token: user.token });
    expect(daily.data.quest.find((q) => q.id === current.id)).toMatchObject({ point: 12.5 });

    const from = later(HOUR_MS);
    const name = { en_US: 'Comment twice', 'zh-CN': '发表 2 条评论', 'zh-TW': '發表 2 則留言' };
    const created = await changed(
      await t.call(
        ops.opsEarningTaskCreate,
        {
          body: {
            code: 'week.comment_2',
            task_type: 'week',
            group_no: 0,
            task_key: 'comment',
            unit_key: 'other',
            total_num: 2,
            point: 40,
            enabled: true,
            name,
            effective_at: from,
          },
        },
        { token: admin.token },
      ),
    );
    expect(created).toMatchObject({ section: 'task', target: 'week.comment_2', before: null, status: 'scheduled' });
    const weekly = async () =>
      (await t.call(pointsCalls.userTaskDetail, { query: { task_type: 'week' } }, { token: user.token })).data.quest;
    expect((await weekly()).some((q) => q.task_name === name.en_US)).toBe(false);
    expect((await config()).tasks.some((task) => task.code === 'week.comment_2')).toBe(false);
    await advance(HOUR_MS);
    expect(await weekly()).toContainEqual(expect.objectContaining({ task_name: name.en_US, point: 40, total_num: 2 }));
  });

  it('invitation milestones and levels follow the version in force', async () => {
    const set = await changed(
      await t.call(
        ops.opsEarningInviteTasksSet,
        {
          body: {
            milestones: [
              { invite_num: 1, point: 75 },
              { invite_num: 3, point: 150 },
            ],
          },
        },
        { token: admin.token },
      ),
    );
    expect(set.before).toMatchObject({ milestones: expect.arrayContaining([{ invite_num: 50, point: 5000 }]) });
    const user = await register(t);
    const list = await t.call(pointsCalls.inviteTaskList, {}, { token: user.token });
    expect(list.data.map((m) => [m.invite_num, m.point])).toEqual([
      [1, 75],
      [3, 150],
    ]);
    expect((await config()).invite_tasks.map((m) => m.invite_num)).toEqual([1, 3]);
    const [first] = list.data;
    expect(first?.id).toBe((await config()).invite_tasks[0]?.id);

    // A milestone reached pays the point in force when it is claimed.
    const invitee = await register(t, { inviteCode: user.user.invite_code });
    await watchNewVideo(t, invitee, creator.user.id);
    await t.call(videoCalls.share, { body: { id: await createPost(t, creator.user.id) } }, { token: invitee.token });
    const claim = await t.call(pointsCalls.inviteTaskClaim, { body: { id: first!.id } }, { token: user.token });
    expect(claim.data).toMatchObject({ point: 75 });

    const levelOf = async () => (await t.call(userCalls.userInfo, {}, { token: member.token })).data.user_level;
    expect(await levelOf()).toMatchObject({ level_no: 1, max_point: 1000 });
    await changed(await t.call(ops.opsEarningLevelsSet, { body: { thresholds: [0, 25, 80] } }, { token: admin.token }));
    expect(await levelOf()).toMatchObject({ level_no: 1, max_point: 25 });
    expect((await config()).levels.thresholds).toEqual([0, 25, 80]);
  });

  it('lists every change, newest time first, with its author and what it replaced', async () => {
    const page = await t.call(ops.opsEarningChanges, { query: { size: 50 } }, { token: support.token });
    expect(page.code).toBe(0);
    const times = page.data.list.map((c) => c.effective_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.data.list.every((c) => c.created_by_name.length > 0)).toBe(true);
    const levels = await t.call(ops.opsEarningChanges, { query: { section: 'levels' } }, { token: admin.token });
    expect(levels.data.list[0]).toMatchObject({ before: { thresholds: expect.arrayContaining([0, 1000, 3000]) } });
    const audits = await t.database.db.select({ n: count() }).from(auditLog).where(like(auditLog.action, 'earning.%'));
    expect(audits[0]!.n).toBe(page.data.total + 1); // every change, and the one cancellation
  });
});
