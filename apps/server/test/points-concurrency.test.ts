import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsCalls, videoCalls } from '@taice/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../src/platform/http/app-error';
import { createLedger } from '../src/modules/points/ledger';
import {
  countedActions,
  ledgerEntries,
  taskProgress,
  taskTemplates,
  userActivity,
  userDailyStats,
} from '../src/modules/points/points.schema';
import { register, type Registered } from './support/accounts';
import { at, ledgerMismatches, walletOf, watchNewVideo } from './support/points';
import { createTestApp, type TestApp } from './support/test-app';
import { createPost } from './support/videos';

/** Many parallel requests for one user must pay exactly once and leave a ledger that verifies. */
let t: TestApp;
let creator: Registered;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(at('2026-02-02', '10:00'));
  creator = await register(t);
});
afterAll(() => t.close());

const PARALLEL = 50;

describe('no double pay under concurrency', () => {
  it('50 parallel sign-ins: one succeeds, paid once', async () => {
    const user = await register(t);
    await watchNewVideo(t, user, creator.user.id);
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t.call(i % 2 ? pointsCalls.signIn : pointsCalls.homeClaimReward, {}, { token: user.token }),
      ),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === 14002)).toBe(true);
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.user.id));
    expect(entries.filter((e) => e.reason === 'sign_in')).toHaveLength(1);
    expect((await walletOf(t, user)).spendable).toBe(200 + 10 + 20);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('50 parallel milestone claims: one succeeds', async () => {
    const inviter = await register(t);
    const invitee = await register(t, { inviteCode: inviter.user.invite_code });
    const postId = await watchNewVideo(t, invitee, creator.user.id);
    await t.call(videoCalls.share, { body: { id: postId } }, { token: invitee.token });
    const milestones = await t.call(
      pointsCalls.inviteTaskList,
      {},
      {
        token: inviter.token,
      },
    );
    const first = milestones.data.find((m) => m.invite_num === 1)!;
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        t.call(pointsCalls.inviteTaskClaim, { body: { id: first.id } }, { token: inviter.token }),
      ),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code === 14006)).toHaveLength(PARALLEL - 1);
    expect((await walletOf(t, inviter)).spendable).toBe(500 + 50 + 50);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('parallel shares by one invitee confirm the referral and pay the inviter once', async () => {
    const inviter = await register(t);
    const invitee = await register(t, { inviteCode: inviter.user.invite_code });
    const posts = await Promise.all(Array.from({ length: 5 }, () => createPost(t, creator.user.id)));
    await watchNewVideo(t, invitee, creator.user.id);
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        t.call(videoCalls.share, { body: { id: posts[i % posts.length] } }, { token: invitee.token }),
      ),
    );
    expect(results.every((r) => r.code === 0)).toBe(true);
    const paid = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.eventKey, `referral:${invitee.user.id}`));
    expect(paid).toHaveLength(1);
    expect((await walletOf(t, inviter)).spendable).toBe(500 + 50);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('parallel heartbeats of a first watch pay the new-user reward once', async () => {
    const user = await register(t);
    const postId = await createPost(t, creator.user.id);
    const open = await t.call(
      videoCalls.addViewLog,
      { body: { id: postId } },
      {
        token: user.token,
      },
    );
    t.clock.advance(12_000);
    const beats = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        t.call(
          videoCalls.addViewLog,
          { body: { id: postId, session_id: open.data.session_id } },
          { token: user.token },
        ),
      ),
    );
    expect(beats.every((r) => r.code === 0)).toBe(true);
    expect((await walletOf(t, user)).spendable).toBe(200);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it("many members' counted watches, each beat sent three times at once, count once each", async () => {
    const day = '2026-02-02';
    const members = await Promise.all(Array.from({ length: 20 }, () => register(t)));
    // Each has had the new-user reward and finished "watch 2 videos" (paying beats), so the third
    // counted watch pays nothing: the heartbeats' batches apply it themselves.
    for (const member of members) {
      await watchNewVideo(t, member, creator.user.id);
      await watchNewVideo(t, member, creator.user.id);
    }
    const sessions = await Promise.all(
      members.map(async (member) => {
        const postId = await createPost(t, creator.user.id);
        const open = await t.call(videoCalls.addViewLog, { body: { id: postId } }, { token: member.token });
        return { member, postId, sessionId: open.data.session_id };
      }),
    );
    t.clock.advance(12_000);
    const beats = await Promise.all(
      sessions.flatMap(({ member, postId, sessionId }) =>
        Array.from({ length: 3 }, () =>
          t.call(videoCalls.addViewLog, { body: { id: postId, session_id: sessionId } }, { token: member.token }),
        ),
      ),
    );
    expect(beats.every((r) => r.code === 0 && r.data.counted === 1)).toBe(true);
    expect(beats.reduce((sum, r) => sum + r.data.credited, 0)).toBe(20 * 12);
    const ids = members.map((m) => m.user.id);
    const lifetime = await t.database.db.select().from(userActivity).where(inArray(userActivity.userId, ids));
    expect(lifetime.map((r) => r.watchedVideos)).toEqual(Array<number>(20).fill(3));
    expect(lifetime.map((r) => r.watchSeconds)).toEqual(Array<number>(20).fill(32));
    const today = await t.database.db
      .select()
      .from(userDailyStats)
      .where(and(inArray(userDailyStats.userId, ids), eq(userDailyStats.day, day)));
    // The "watch 2 videos" task's 10 TAICE (in hundredths), once.
    expect(today.map((r) => [r.watchedVideos, r.estimated])).toEqual(Array(20).fill([3, 1000]));
    const counted = await t.database.db.select().from(countedActions).where(inArray(countedActions.userId, ids));
    expect(counted).toHaveLength(60);
    for (const member of members) expect((await walletOf(t, member)).spendable).toBe(200);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('a beat that finishes a task, sent three times at once, credits once and pays the task once', async () => {
    const member = await register(t);
    // The first counted watch (the new-user reward) is behind them; "watch 60 minutes this week" is
    // 10 s short, so the next beat finishes it: the batch leaves that beat to the paying path.
    await watchNewVideo(t, member, creator.user.id);
    const [week] = await t.database.db.select().from(taskTemplates).where(eq(taskTemplates.code, 'week.watch'));
    const mine = and(eq(taskProgress.userId, member.user.id), eq(taskProgress.templateId, week!.id));
    await t.database.db.update(taskProgress).set({ progress: 3590 }).where(mine);
    const postId = await createPost(t, creator.user.id);
    const open = await t.call(videoCalls.addViewLog, { body: { id: postId } }, { token: member.token });
    t.clock.advance(12_000);
    const beats = await Promise.all(
      Array.from({ length: 3 }, () =>
        t.call(
          videoCalls.addViewLog,
          { body: { id: postId, session_id: open.data.session_id } },
          { token: member.token },
        ),
      ),
    );
    expect(beats.map((r) => r.data.credited).sort()).toEqual([0, 0, 12]);
    const [progress] = await t.database.db.select().from(taskProgress).where(mine);
    expect(progress!.progress).toBe(3602);
    expect(progress!.completedAt).not.toBeNull();
    // 200 TAICE for the first watch, 100 for the week's task.
    expect((await walletOf(t, member)).spendable).toBe(300);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('a retried event key pays nothing the second time', async () => {
    const user = await register(t);
    const ledger = createLedger(t.database.db);
    const movement = {
      userId: user.user.id,
      amount: 1234,
      reason: 'operator_adjust' as const,
      eventKey: `test:retry:${user.user.id}`,
      bucket: 'spendable' as const,
      at: t.clock.now(),
    };
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => t.database.db.transaction((tx) => ledger.credit(tx, movement))),
    );
    expect(results.filter((r) => r.moved)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect((await ledger.balances(user.user.id)).spendable).toBe(1234);
  });

  it('parallel spends never overdraw: the balance never goes below zero', async () => {
    const user = await register(t);
    const ledger = createLedger(t.database.db);
    await t.database.db.transaction((tx) =>
      ledger.credit(tx, {
        userId: user.user.id,
        amount: 10_000,
        reason: 'operator_adjust',
        eventKey: `test:fund:${user.user.id}`,
        bucket: 'spendable',
        at: t.clock.now(),
      }),
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: PARALLEL }, (_, i) =>
        t.database.db.transaction((tx) =>
          ledger.debit(tx, {
            userId: user.user.id,
            amount: 3_000,
            reason: 'redeem',
            eventKey: `test:spend:${user.user.id}:${i}`,
            bucket: 'spendable',
            at: t.clock.now(),
          }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused.every((o) => o.reason instanceof AppError && o.reason.key === 'insufficient_balance')).toBe(true);
    expect((await ledger.balances(user.user.id)).spendable).toBe(1_000);
    // The refused spends left no entry behind.
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.user.id));
    expect(entries.filter((e) => e.reason === 'redeem')).toHaveLength(3);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('the locked bucket cannot be spent', async () => {
    const user = await register(t);
    const ledger = createLedger(t.database.db);
    await t.database.db.transaction((tx) =>
      ledger.credit(tx, {
        userId: user.user.id,
        amount: 5_000,
        reason: 'daily_task_issue',
        eventKey: `test:locked:${user.user.id}`,
        bucket: 'locked',
        at: t.clock.now(),
      }),
    );
    await expect(
      t.database.db.transaction((tx) =>
        ledger.debit(tx, {
          userId: user.user.id,
          amount: 100,
          reason: 'redeem',
          eventKey: `test:locked-spend:${user.user.id}`,
          bucket: 'spendable',
          at: t.clock.now(),
        }),
      ),
    ).rejects.toMatchObject({ key: 'insufficient_balance' });
    expect(await walletOf(t, user)).toMatchObject({ value: 50, spendable: 0, locked: 50 });
  });
});
