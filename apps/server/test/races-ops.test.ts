import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  messageCalls,
  opsRaceCalls as ops,
  POST_STATUS,
  raceCalls,
  REJECT_REASON_MAX_LENGTH,
  type OpsReward,
  type PrizeTier,
} from '@taice/contract';
import { users } from '../src/modules/accounts/accounts.schema';
import { auditLog } from '../src/modules/operators/operators.schema';
import { createIssuance } from '../src/modules/points/issuance';
import { createLedger } from '../src/modules/points/ledger';
import { ledgerEntries, userDailyStats } from '../src/modules/points/points.schema';
import { scoreRacesFrom } from '../src/modules/races/race-scoring';
import { createRaceStore } from '../src/modules/races/race-store';
import { races, userRewards } from '../src/modules/races/races.schema';
import { register, type Registered } from './support/accounts';
import { at, ledgerMismatches, walletOf } from './support/points';
import { earn } from './support/races';
import { operator, VERIFIED_FOR_A_YEAR } from './support/operators';
import { serverRoot } from '../src/platform/process/paths';
import { createTestApp, type TestApp } from './support/test-app';
import { createPost } from './support/videos';

/**
 * Race close, eligibility and the operators' decisions, through the operator API: who may do what, each
 * refusal, one set of rewards however often a close runs, each reward decided (and paid) once, audited.
 */
let t: TestApp;
let admin: Registered;
let support: Registered;
let member: Registered;

beforeAll(async () => {
  // The tests play in 2025, away from the demo seed's races (made around the real date), moving the clock
  // across the year: sessions and their second-factor verification must outlive the walk.
  t = await createTestApp({ env: { SESSION_TTL_DAYS: '365', ...VERIFIED_FOR_A_YEAR } });
  t.clock.set(at('2025-01-06'));
  admin = await operator(t, 'admin');
  support = await operator(t, 'support');
  member = await register(t);
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const run = promisify(execFile);

const cli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/ops/cli.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.DATA_DIR },
  });

/** A prize tier: TAICE, no rules unless told. */
const tier = (from: number, to: number, more: Partial<PrizeTier> = {}): PrizeTier => ({
  rank_from: from,
  rank_to: to,
  amount: 100,
  currency: 'TAICE',
  min_invites: 0,
  min_watched: 0,
  min_uploads: 0,
  needs_wallet: false,
  ...more,
});

/** The race of the week of `monday`, made now, with `prizes` as its table (as if it had started with it). */
async function raceOf(monday: string, prizes: PrizeTier[]): Promise<number> {
  t.clock.set(at(monday, '00:30'));
  const id = (await t.call(raceCalls.pointsRanking)).data.race.id;
  await t.database.db.update(races).set({ prizes }).where(eq(races.id, id));
  return id;
}

async function earnAt(user: Registered, taice: number, when: Date, reason?: Parameters<typeof earn>[3]) {
  t.clock.set(when);
  await earn(t, user, taice, reason);
}

async function members(n: number): Promise<Registered[]> {
  const made = await Promise.all(Array.from({ length: n }, () => register(t)));
  return made.sort((a, b) => a.user.id - b.user.id);
}

const bindWallet = (user: Registered, address: string) =>
  t.database.db.update(users).set({ chainAddress: address }).where(eq(users.id, user.user.id));

const close = (id: number, who: Registered = admin) => t.call(ops.opsRaceClose, { body: { id } }, { token: who.token });
const approve = (id: number, who: Registered = admin) =>
  t.call(ops.opsRewardApprove, { body: { id } }, { token: who.token });
const reject = (id: number, reason: string, who: Registered = admin) =>
  t.call(ops.opsRewardReject, { body: { id, reason } }, { token: who.token });

/** The rewards of a race by rank, as operators see them. */
async function rewardsOf(raceId: number): Promise<OpsReward[]> {
  const res = await t.call(
    ops.opsRewards,
    { query: { source: 'race', source_id: raceId, size: 50 } },
    { token: support.token },
  );
  expect(res.code).toBe(0);
  return res.data.list;
}

const auditsOf = (targetType: string, targetId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(targetId))))
    .orderBy(auditLog.id);

async function inbox(user: Registered, lang?: string) {
  return (await t.call(messageCalls.messageList, { query: { size: 50 } }, { token: user.token, lang })).data.list;
}

function issuance() {
  const ledger = createLedger(t.database.db);
  scoreRacesFrom(ledger, createRaceStore({ db: t.database.db, clock: t.clock }), null);
  return createIssuance({ db: t.database.db, clock: t.clock, ledger });
}

describe('who may use the races’ operator API', () => {
  it('visitors must log in, members are refused, support may look but not decide', async () => {
    const raceId = await raceOf('2025-01-06', [tier(1, 1)]);
    await earnAt(member, 10, at('2025-01-06', '10:00'));
    t.clock.set(at('2025-01-13', '10:00'));
    for (const call of [ops.opsRaces, ops.opsRewards]) {
      expect((await t.call(call)).code).toBe(401);
      expect((await t.call(call, {}, { token: member.token })).code).toBe(403);
      expect((await t.call(call, {}, { token: support.token })).code).toBe(0);
      expect((await t.call(call, {}, { token: admin.token })).code).toBe(0);
    }
    expect((await t.call(ops.opsRaceClose, { body: { id: raceId } })).code).toBe(401);
    expect((await close(raceId, member)).code).toBe(403);
    expect(await close(raceId, support)).toMatchObject({ code: 403 });
    expect(await rewardsOf(raceId)).toEqual([]);

    expect((await close(raceId)).code).toBe(0);
    const [reward] = await rewardsOf(raceId);
    for (const who of [member, support]) {
      expect((await approve(reward!.id, who)).code).toBe(403);
      expect((await reject(reward!.id, 'No', who)).code).toBe(403);
    }
    expect((await t.call(ops.opsRewardApprove, { body: { id: reward!.id } })).code).toBe(401);
    expect((await t.call(ops.opsRewardReject, { body: { id: reward!.id, reason: 'No' } })).code).toBe(401);
    // Refused actions leave no trace: one audit row, the admin's close.
    expect((await auditsOf('race', raceId)).map((a) => [a.action, a.actor, a.role])).toEqual([
      ['race.close', String(admin.user.id), 'admin'],
    ]);
    expect(await auditsOf('reward', reward!.id)).toEqual([]);
    expect((await rewardsOf(raceId))[0]).toMatchObject({ status: 'pending', decided_by: '', decided_at: null });
  });
});

describe('race close', () => {
  it('is refused before the end, for an unknown race, and while the last days’ task TAICE is unissued', async () => {
    const raceId = await raceOf('2025-01-20', [tier(1, 3)]);
    const [a, b] = await members(2);
    await earnAt(a!, 30, at('2025-01-20', '10:00'));
    await earnAt(b!, 20, at('2025-01-21', '10:00'));
    // Sunday's tasks, issued after midnight.
    await t.database.db.insert(userDailyStats).values({ userId: b!.user.id, day: '2025-01-26', estimated: 50_00 });
    t.clock.set(new Date('2025-01-26T23:59:59+08:00'));
    expect(await close(raceId)).toMatchObject({ code: 18002, msg: 'This race has not ended yet' });
    expect((await close(999_999)).code).toBe(18001);
    expect((await t.send(ops.opsRaceClose, { body: { id: 'first' } }, { token: admin.token })).code).toBe(422);
    // Monday 00:00 UTC+8: ended, but Sunday is not issued yet.
    t.clock.set(new Date('2025-01-27T00:00:00+08:00'));
    expect(await close(raceId)).toMatchObject({
      code: 18003,
      msg: 'The race’s last day of task TAICE is not issued yet; try again in a few minutes',
    });
    expect((await t.call(ops.opsRaceClose, { body: { id: raceId } }, { token: admin.token, lang: 'zh-CN' })).msg).toBe(
      '排行赛最后一天的任务 TAICE 尚未发放，请几分钟后再试',
    );
    expect(await rewardsOf(raceId)).toEqual([]);
    expect(await auditsOf('race', raceId)).toEqual([]);

    t.clock.set(new Date('2025-01-27T00:06:00+08:00'));
    expect(await issuance().issueDue()).toBe(1);
    const closed = await close(raceId);
    expect(closed.code).toBe(0);
    expect(closed.data).toMatchObject({
      id: raceId,
      status: 'closed',
      rewards_pending: 2,
      rewards_ineligible: 0,
      rewards_settled: 0,
    });
    // The issued 50 made b's 20 a 70: b won.
    expect((await rewardsOf(raceId)).map((r) => [r.rank, r.user_id, r.status, r.amount])).toEqual([
      [1, b!.user.id, 'pending', 100],
      [2, a!.user.id, 'pending', 100],
    ]);
    const past = await t.call(raceCalls.pointsRanking, { query: { race_id: raceId } }, { token: b!.token });
    expect(past.data.race.status).toBe('closed');
    expect(past.data.me).toMatchObject({ rank: 1, points: 70 });
  });

  it('run twice writes one set of rewards and tells each winner once', async () => {
    const raceId = await raceOf('2025-02-03', [tier(1, 1, { currency: 'USDT', amount: 300 }), tier(2, 3)]);
    const field = await members(4);
    for (const [i, m] of field.entries()) await earnAt(m, 100 - i, at('2025-02-04', `1${i}:00`));
    t.clock.set(at('2025-02-10', '08:00'));
    const first = await close(raceId);
    expect(first.data).toMatchObject({ status: 'closed', rewards_pending: 3 });
    t.clock.advance(60_000);
    const second = await close(raceId);
    expect(second.code).toBe(0);
    expect(second.data).toEqual(first.data);
    const rewards = await rewardsOf(raceId);
    expect(rewards.map((r) => [r.rank, r.user_id, r.amount, r.currency])).toEqual([
      [1, field[0]!.user.id, 300, 'USDT'],
      [2, field[1]!.user.id, 100, 'TAICE'],
      [3, field[2]!.user.id, 100, 'TAICE'],
    ]);
    // The member ranked 4th has no prize, so no reward and no message.
    expect(await inbox(field[3]!)).toEqual([]);
    const [won] = await inbox(field[0]!);
    expect(won).toMatchObject({
      template: 'reward_won',
      title: 'You won a prize',
      link: { kind: 'reward', id: rewards[0]!.id },
    });
    expect(won!.content).toContain('February, week 1');
    expect(won!.content).toContain('rank 1');
    expect(won!.content).toContain('300.00 USDT');
    for (const m of field.slice(0, 3)) expect(await inbox(m)).toHaveLength(1);
    expect((await inbox(field[1]!, 'zh-TW'))[0]).toMatchObject({ title: '恭喜獲獎' });
    expect((await auditsOf('race', raceId)).map((a) => [a.action, a.after])).toEqual([['race.close', { winners: 3 }]]);
  });

  it('checks each rule of the prize rank: each one failing alone makes the reward ineligible, with its figures', async () => {
    const rules = { amount: 50, min_invites: 2, min_watched: 3, min_uploads: 1, needs_wallet: true };
    const raceId = await raceOf('2025-02-17', [tier(1, 5, rules), tier(6, 6, { currency: 'SPK', amount: 1 })]);
    const [all, fewInvites, fewWatched, noUploads, noWallet, sixth, seventh] = await members(7);
    const contenders = [all!, fewInvites!, fewWatched!, noUploads!, noWallet!];
    for (const [i, m] of contenders.entries()) {
      // Friends confirmed inside the race: 2 each, 1 for `fewInvites`; one of last week does not count.
      await earnAt(m, 500, at('2025-02-18', `09:0${i}`), 'referral_reward');
      if (m !== fewInvites) await earnAt(m, 500, at('2025-02-18', `10:0${i}`), 'referral_reward');
      await earnAt(m, 10_000 - i * 1_000, at('2025-02-19', `10:0${i}`));
      // Videos watched on the race's days (Monday to Sunday); those of the day before do not count.
      await t.database.db.insert(userDailyStats).values([
        { userId: m.user.id, day: '2025-02-16', watchedVideos: 9 },
        { userId: m.user.id, day: '2025-02-17', watchedVideos: 2 },
        { userId: m.user.id, day: '2025-02-23', watchedVideos: m === fewWatched ? 0 : 1 },
      ]);
      // A published video inside the race counts; one before it, or taken down, does not.
      await createPost(t, m.user.id, { publishedAt: at('2025-02-16', '23:59') });
      await createPost(t, m.user.id, { publishedAt: at('2025-02-20'), status: POST_STATUS.taken_down });
      if (m !== noUploads) await createPost(t, m.user.id, { publishedAt: new Date('2025-02-23T23:59:59+08:00') });
      if (m !== noWallet) await bindWallet(m, `0x${String(m.user.id).padStart(40, '0')}`);
    }
    await earnAt(fewInvites!, 500, at('2025-02-16', '12:00'), 'referral_reward');
    await earnAt(sixth!, 20, at('2025-02-21'));
    await earnAt(seventh!, 10, at('2025-02-22'));

    const seen = await t.call(raceCalls.pointsRanking, {}, { token: noWallet!.token });
    expect(seen.data.me).toMatchObject({
      rank: 5,
      invites: 2,
      videos_watched: 3,
      uploaded_videos: 1,
      wallet_bound: false,
    });

    t.clock.set(at('2025-02-24', '01:00'));
    expect((await close(raceId)).data).toMatchObject({ rewards_pending: 2, rewards_ineligible: 4 });
    const rewards = await rewardsOf(raceId);
    expect(rewards.map((r) => [r.rank, r.user_id, r.status])).toEqual([
      [1, all!.user.id, 'pending'],
      [2, fewInvites!.user.id, 'ineligible'],
      [3, fewWatched!.user.id, 'ineligible'],
      [4, noUploads!.user.id, 'ineligible'],
      [5, noWallet!.user.id, 'ineligible'],
      [6, sixth!.user.id, 'pending'],
    ]);
    const check = (rule: string, required: number, actual: number) => ({
      rule,
      required,
      actual,
      passed: actual >= required,
    });
    const met = [check('invites', 2, 2), check('watched', 3, 3), check('uploads', 1, 1), check('wallet', 1, 1)];
    const failing = (i: number, figures: ReturnType<typeof check>) => met.map((c, j) => (j === i ? figures : c));
    expect(rewards.map((r) => r.checks)).toEqual([
      met,
      failing(0, check('invites', 2, 1)),
      failing(1, check('watched', 3, 2)),
      failing(2, check('uploads', 1, 0)),
      failing(3, check('wallet', 1, 0)),
      [check('invites', 0, 0), check('watched', 0, 0), check('uploads', 0, 0), check('wallet', 0, 0)],
    ]);
    expect(rewards.map((r) => r.reason)).toEqual([
      '',
      'Invites 1/2',
      'Videos watched 2/3',
      'Videos uploaded 0/1',
      'Wallet not bound',
      '',
    ]);
    expect(rewards[4]).toMatchObject({ wallet_address: '', amount: 50, currency: 'TAICE' });
    expect(rewards[0]!.wallet_address).toBe(`0x${String(all!.user.id).padStart(40, '0')}`);

    // The member sees the same, in their language, and was told.
    const mine = await t.call(
      raceCalls.rewardLogDetail,
      { query: { id: rewards[4]!.id } },
      { token: noWallet!.token, lang: 'zh-TW' },
    );
    expect(mine.data).toMatchObject({ status: 'ineligible', reason: '未綁定錢包', checks: rewards[4]!.checks });
    const [told] = await inbox(noWallet!);
    expect(told).toMatchObject({ template: 'reward_ineligible', link: { kind: 'reward', id: rewards[4]!.id } });
    expect(told!.content).toContain('rank 5');
    expect((await inbox(all!)).map((m) => m.template)).toEqual(['reward_won']);
    expect(await inbox(seventh!)).toEqual([]);
    // An ineligible reward is never decided.
    expect((await approve(rewards[1]!.id)).code).toBe(18011);
  });
});

describe('decisions on rewards', () => {
  let raceId: number;
  let rewards: OpsReward[];
  let winners: Registered[];

  beforeAll(async () => {
    raceId = await raceOf('2025-03-03', [
      tier(1, 1, { amount: 100.5 }),
      tier(2, 2, { currency: 'USDT', amount: 50 }),
      tier(3, 4, { amount: 20 }),
    ]);
    winners = await members(4);
    for (const [i, m] of winners.entries()) await earnAt(m, 40 - i, at('2025-03-04', `1${i}:00`));
    t.clock.set(at('2025-03-10', '09:00'));
    expect((await close(raceId)).code).toBe(0);
    rewards = await rewardsOf(raceId);
    expect(rewards.map((r) => r.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
  });

  it('approving a TAICE reward pays it once through the ledger', async () => {
    const [first] = rewards;
    const winner = winners[0]!;
    const before = await walletOf(t, winner);
    const res = await approve(first!.id);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      id: first!.id,
      status: 'paid',
      amount: 100.5,
      decided_by: String(admin.user.id),
      decided_at: t.clock.now().toISOString(),
      paid_at: t.clock.now().toISOString(),
    });
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.eventKey, `reward:${first!.id}`));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      userId: winner.user.id,
      reason: 'race_reward',
      amount: 100_50,
      userDelta: 100_50,
      bucket: 'spendable',
    });
    expect(res.data.payout_ref).toBe(String(entries[0]!.id));
    expect((await walletOf(t, winner)).spendable).toBe(before.spendable + 100.5);
    expect(await approve(first!.id)).toMatchObject({ code: 18011, msg: 'This reward was already decided' });
    expect((await reject(first!.id, 'Too late')).code).toBe(18011);
    expect(
      await t.database.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.eventKey, `reward:${first!.id}`)),
    ).toHaveLength(1);
    expect((await walletOf(t, winner)).spendable).toBe(before.spendable + 100.5);
    // A prize is not an earning of the race it is paid in.
    const now = await t.call(raceCalls.pointsRanking, {}, { token: winner.token });
    expect(now.data.me).toMatchObject({ rank: null, points: 0 });

    const audits = await auditsOf('reward', first!.id);
    // Written with the decision: its time, and the request it came from.
    expect(audits[0]).toMatchObject({
      createdAt: new Date(res.data.decided_at!),
      actorUserId: admin.user.id,
      role: 'admin',
      ip: '127.0.0.1',
      requestId: expect.any(String),
    });
    expect(audits.map((a) => [a.action, a.actor, a.before, a.after])).toEqual([
      [
        'reward.approve',
        String(admin.user.id),
        { status: 'pending' },
        { status: 'paid', ledger_entry_id: entries[0]!.id },
      ],
    ]);
    const told = (await inbox(winner)).map((m) => m.template);
    expect(told).toEqual(['reward_approved', 'reward_won']);
    const mine = await t.call(raceCalls.rewardLogDetail, { query: { id: first!.id } }, { token: winner.token });
    expect(mine.data).toMatchObject({ status: 'paid', payout_ref: String(entries[0]!.id) });
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('approving a token reward records it as owed: approved, not paid, nothing in the ledger', async () => {
    const usdt = rewards[1]!;
    const winner = winners[1]!;
    const before = await walletOf(t, winner);
    const res = await approve(usdt.id);
    expect(res.data).toMatchObject({
      status: 'approved',
      currency: 'USDT',
      amount: 50,
      paid_at: null,
      payout_ref: '',
      decided_by: String(admin.user.id),
    });
    const [row] = await t.database.db.select().from(userRewards).where(eq(userRewards.id, usdt.id));
    expect(row!.ledgerEntryId).toBeNull();
    expect(
      await t.database.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.eventKey, `reward:${usdt.id}`)),
    ).toEqual([]);
    expect(await walletOf(t, winner)).toEqual(before);
    expect((await approve(usdt.id)).code).toBe(18011);
    const totals = await t.call(raceCalls.rewardDetail, {}, { token: winner.token });
    expect(totals.data.totals).toEqual([{ currency: 'USDT', pending: 0, approved: 50, paid: 0 }]);
    expect((await inbox(winner))[0]!.content).toContain('50.00 USDT');
  });

  it('rejecting tells the member why, once; a rejected reward cannot be approved', async () => {
    const third = rewards[2]!;
    const winner = winners[2]!;
    expect(
      (await t.send(ops.opsRewardReject, { body: { id: third.id, reason: '  ' } }, { token: admin.token })).code,
    ).toBe(422);
    const long = 'x'.repeat(REJECT_REASON_MAX_LENGTH + 1);
    expect(
      (await t.send(ops.opsRewardReject, { body: { id: third.id, reason: long } }, { token: admin.token })).code,
    ).toBe(422);
    const res = await reject(third.id, 'Several accounts on one device');
    expect(res.data).toMatchObject({ status: 'rejected', reason: 'Several accounts on one device', paid_at: null });
    expect((await reject(third.id, 'Again')).code).toBe(18011);
    expect((await approve(third.id)).code).toBe(18011);
    const seen = await t.call(raceCalls.rewardLog, {}, { token: winner.token, lang: 'zh-CN' });
    expect(seen.data.list[0]).toMatchObject({
      id: third.id,
      status: 'rejected',
      reason: 'Several accounts on one device',
    });
    const [told] = await inbox(winner);
    expect(told).toMatchObject({ template: 'reward_rejected', title: 'Reward not granted' });
    expect(told!.content).toContain('Several accounts on one device');
    expect((await walletOf(t, winner)).spendable).toBe(38);
    const audits = await auditsOf('reward', third.id);
    expect(audits.map((a) => [a.action, a.after])).toEqual([
      ['reward.reject', { status: 'rejected', reason: 'Several accounts on one device' }],
    ]);
  });

  it('approving a campaign’s TAICE reward pays it as a campaign reward, outside every race', async () => {
    const winner = winners[3]!;
    const before = await walletOf(t, winner);
    const [campaign] = await t.database.db
      .insert(userRewards)
      .values({
        userId: winner.user.id,
        source: 'campaign',
        sourceId: 1,
        title: { en_US: 'Spring cup', 'zh-CN': '春季杯', 'zh-TW': '春季盃' },
        amount: 12_00,
        currency: 'TAICE',
        status: 'pending',
        createdAt: t.clock.now(),
      })
      .returning();
    const res = await approve(campaign!.id);
    expect(res.data).toMatchObject({ source: 'campaign', status: 'paid', title: 'Spring cup', rank: null });
    const [entry] = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.eventKey, `reward:${campaign!.id}`));
    expect(entry).toMatchObject({ reason: 'campaign_reward', amount: 12_00, memo: 'Spring cup' });
    expect((await walletOf(t, winner)).spendable).toBe(before.spendable + 12);
    expect((await t.call(raceCalls.pointsRanking, {}, { token: winner.token })).data.me).toMatchObject({ points: 0 });
    expect((await inbox(winner, 'zh-TW'))[0]).toMatchObject({ template: 'reward_approved' });
    expect((await inbox(winner, 'zh-TW'))[0]!.content).toContain('春季盃');
  });

  it('refuses an unknown reward, and lists rewards by status with their races’ counts', async () => {
    expect(await approve(999_999)).toMatchObject({ code: 18010, msg: 'This reward does not exist' });
    expect((await reject(999_999, 'No')).code).toBe(18010);
    const pending = await t.call(
      ops.opsRewards,
      { query: { source: 'race', source_id: raceId, status: 'pending' } },
      { token: support.token },
    );
    expect(pending.data.list.map((r) => r.id)).toEqual([rewards[3]!.id]);
    expect(pending.data.list[0]).toMatchObject({ user_id: winners[3]!.user.id, email: winners[3]!.email, rank: 4 });
    const listed = await t.call(ops.opsRaces, { query: { size: 50 } }, { token: support.token });
    expect(listed.data.list.find((r) => r.id === raceId)).toMatchObject({
      status: 'closed',
      rewards_pending: 1,
      rewards_ineligible: 0,
      rewards_settled: 3,
    });
    expect(listed.data.list[0]!.starts_at >= listed.data.list.at(-1)!.starts_at).toBe(true);
    expect((await t.send(ops.opsRewards, { query: { status: 'lost' } }, { token: support.token })).code).toBe(422);
  });
});

describe('the command line', () => {
  // Each command is a process of its own (a second or two each), on the real clock: 2025's races have ended.
  it('closes races and decides rewards like the API, audited as the OS user', async () => {
    const raceId = await raceOf('2025-03-17', [
      tier(1, 1, { amount: 10 }),
      tier(2, 2, { currency: 'USDT', amount: 5 }),
      tier(3, 3, { amount: 3, needs_wallet: true }),
      tier(4, 4, { amount: 1 }),
    ]);
    const winners = await members(4);
    for (const [i, m] of winners.entries()) await earnAt(m, 40 - i, at('2025-03-18', `1${i}:00`));
    t.clock.set(new Date(Date.now() + 30 * DAY_MS));
    const running = (await t.call(raceCalls.pointsRanking)).data.race.id;
    t.clock.set(at('2025-03-24', '12:00'));
    const before = await walletOf(t, winners[0]!);

    expect((await cli('races', 'close', String(raceId))).stdout).toBe(
      `${raceId} March, week 3 closed: 3 pending, 1 ineligible\n`,
    );
    const [again, raceList, rewardList, unknown, notEnded] = await Promise.allSettled([
      cli('races', 'close', String(raceId)),
      cli('races', 'list'),
      cli('rewards', 'list', '--source', 'race', '--of', String(raceId)),
      cli('races', 'close', '999999'),
      cli('races', 'close', String(running)),
    ]);
    expect(again).toMatchObject({ value: { stdout: `${raceId} March, week 3 closed: 3 pending, 1 ineligible\n` } });
    expect(raceList).toMatchObject({ status: 'fulfilled' });
    expect((raceList as PromiseFulfilledResult<{ stdout: string }>).value.stdout).toContain(
      `${raceId} March, week 3 2025-03-16T16:00:00.000Z .. 2025-03-23T16:00:00.000Z closed, 4 participants, rewards: 3 pending, 1 ineligible, 0 decided`,
    );
    const rewards = await rewardsOf(raceId);
    const line = (r: OpsReward, amount: string, status: string) =>
      `${r.id} race ${raceId} "March, week 3" rank ${r.rank} user ${r.user_id} ${amount} ${status}`;
    expect(rewardList).toMatchObject({
      value: {
        stdout: [
          line(rewards[0]!, '10.00 TAICE', 'pending'),
          line(rewards[1]!, '5.00 USDT', 'pending'),
          line(rewards[2]!, '3.00 TAICE', 'ineligible (Wallet not bound)'),
          line(rewards[3]!, '1.00 TAICE', 'pending'),
          '',
        ].join('\n'),
      },
    });
    expect(unknown).toMatchObject({ reason: { stderr: 'This race does not exist\n' } });
    expect(notEnded).toMatchObject({ reason: { stderr: 'This race has not ended yet\n' } });

    const [paid, owed, refused, ineligible] = await Promise.allSettled([
      cli('rewards', 'approve', String(rewards[0]!.id)),
      cli('rewards', 'approve', String(rewards[1]!.id)),
      cli('rewards', 'reject', String(rewards[3]!.id), '--reason', 'Shared device'),
      cli('rewards', 'reject', String(rewards[2]!.id), '--reason', 'No wallet'),
    ]);
    const [entry] = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.eventKey, `reward:${rewards[0]!.id}`));
    expect(paid).toMatchObject({ value: { stdout: `${rewards[0]!.id} paid (ledger entry ${entry!.id})\n` } });
    expect(owed).toMatchObject({ value: { stdout: `${rewards[1]!.id} approved\n` } });
    expect(refused).toMatchObject({ value: { stdout: `${rewards[3]!.id} rejected: Shared device\n` } });
    expect(ineligible).toMatchObject({ reason: { stderr: 'This reward was already decided\n' } });
    await expect(cli('rewards', 'approve', String(rewards[0]!.id))).rejects.toMatchObject({
      stderr: 'This reward was already decided\n',
    });

    expect(entry).toMatchObject({ userId: winners[0]!.user.id, reason: 'race_reward', amount: 10_00 });
    expect((await walletOf(t, winners[0]!)).spendable).toBe(before.spendable + 10);
    expect((await inbox(winners[0]!)).map((m) => m.template)).toEqual(['reward_approved', 'reward_won']);
    expect((await inbox(winners[3]!))[0]!.content).toContain('Shared device');
    const actor = `cli:${os.userInfo().username}`;
    expect((await auditsOf('race', raceId)).map((a) => [a.action, a.actor])).toEqual([['race.close', actor]]);
    for (const [i, action] of [
      [0, 'reward.approve'],
      [1, 'reward.approve'],
      [3, 'reward.reject'],
    ] as const) {
      expect((await auditsOf('reward', rewards[i]!.id)).map((a) => [a.action, a.actor])).toEqual([[action, actor]]);
    }
    expect(await auditsOf('reward', rewards[2]!.id)).toEqual([]);
    expect(await ledgerMismatches(t)).toEqual([]);
  }, 180_000);
});
