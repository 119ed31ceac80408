import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { messageCalls, opsRaceCalls as ops, raceCalls, type PrizeTier } from '@taice/contract';
import { createDatabase, type Database } from '../src/platform/db/database';
import { queueJob, startJobs } from '../src/platform/jobs/jobs';
import { auditLog } from '../src/modules/operators/operators.schema';
import { createMessages } from '../src/modules/messages/messages.module';
import { createIssuance } from '../src/modules/points/issuance';
import { createLedger } from '../src/modules/points/ledger';
import { ledgerEntries, userDailyStats } from '../src/modules/points/points.schema';
import { createRaces, createRaceStore, racesJobs, scoreRacesFrom } from '../src/modules/races/races.module';
import { raceEntries, races, userRewards } from '../src/modules/races/races.schema';
import { register, type Registered } from './support/accounts';
import { at, ledgerMismatches, walletOf } from './support/points';
import { earn } from './support/races';
import { operator, VERIFIED_FOR_A_YEAR } from './support/operators';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Races and rewards when things happen at once: decisions pressed many times, closes run by several processes
 * and the API together, the close job catching up after downtime, earnings in parallel. Each ends with one
 * set of rewards, each paid once.
 */
let t: TestApp;
let admin: Registered;

beforeAll(async () => {
  // The tests play in 2025, away from the demo seed's races (made around the real date), moving the clock
  // across the year: sessions and their second-factor verification must outlive the walk.
  t = await createTestApp({ env: { SESSION_TTL_DAYS: '365', ...VERIFIED_FOR_A_YEAR } });
  t.clock.set(at('2025-01-06'));
  admin = await operator(t, 'admin');
});
afterAll(() => t.close());

const log = pino({ level: 'silent' });

async function members(n: number): Promise<Registered[]> {
  const made: Registered[] = [];
  for (let i = 0; i < n; i += 10) {
    const batch = await Promise.all(Array.from({ length: Math.min(10, n - i) }, () => register(t)));
    made.push(...batch.sort((a, b) => a.user.id - b.user.id));
  }
  return made;
}

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

/**
 * A race in the week of `monday` where `winners` earned 100, 99, 98… on its Tuesday, with `prizes` as its table.
 */
async function playedRace(monday: string, winners: Registered[], prizes: PrizeTier[]): Promise<number> {
  for (const [i, w] of winners.entries()) {
    t.clock.set(new Date(at(monday, '10:00').getTime() + 86_400_000 + i * 1000));
    await earn(t, w, 100 - i);
  }
  const id = (await t.call(raceCalls.pointsRanking)).data.race.id;
  await t.database.db.update(races).set({ prizes }).where(eq(races.id, id));
  return id;
}

const rewardsOf = (raceId: number) =>
  t.database.db
    .select()
    .from(userRewards)
    .where(and(eq(userRewards.source, 'race'), eq(userRewards.sourceId, raceId)))
    .orderBy(userRewards.rank);

const auditsOf = (targetType: string, targetId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(targetId))));

async function templatesOf(user: Registered): Promise<string[]> {
  const res = await t.call(messageCalls.messageList, { query: { size: 50 } }, { token: user.token });
  return res.data.list.map((m) => m.template);
}

/** The races module as another server process would assemble it, on its own connections. */
function anotherProcess(database: Database = t.database) {
  const { db } = database;
  return createRaces({
    db,
    clock: t.clock,
    ledger: createLedger(db),
    messages: createMessages({ db, clock: t.clock }),
    redis: null,
  });
}

/** A ledger with the races' listener, as the app's. */
function racesLedger() {
  const ledger = createLedger(t.database.db);
  scoreRacesFrom(ledger, createRaceStore({ db: t.database.db, clock: t.clock }), null);
  return ledger;
}

async function until(done: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function jobsWaiting(task: string): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: number }>(
    'select count(*)::int as n from graphile_worker.jobs where task_identifier = $1',
    [task],
  );
  return rows[0]!.n;
}

describe('deciding a reward under concurrency', () => {
  it('20 approvals at once pay it once', async () => {
    const [winner] = await members(1);
    const raceId = await playedRace('2025-01-06', [winner!], [tier(1, 1, { amount: 250 })]);
    t.clock.set(at('2025-01-13', '10:00'));
    expect((await t.call(ops.opsRaceClose, { body: { id: raceId } }, { token: admin.token })).code).toBe(0);
    const [reward] = await rewardsOf(raceId);
    const before = (await walletOf(t, winner!)).spendable;

    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call(ops.opsRewardApprove, { body: { id: reward!.id } }, { token: admin.token }),
      ),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code === 18011)).toHaveLength(19);
    const paid = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, winner!.user.id), eq(ledgerEntries.reason, 'race_reward')));
    expect(paid.map((e) => [e.eventKey, e.amount])).toEqual([[`reward:${reward!.id}`, 250_00]]);
    expect((await walletOf(t, winner!)).spendable).toBe(before + 250);
    expect((await auditsOf('reward', reward!.id)).map((a) => a.action)).toEqual(['reward.approve']);
    expect((await templatesOf(winner!)).filter((m) => m === 'reward_approved')).toHaveLength(1);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('approvals and rejections at once: one decision, and money only if it was the approval', async () => {
    const winners = await members(3);
    const raceId = await playedRace('2025-01-20', winners, [tier(1, 3, { amount: 40 })]);
    t.clock.set(at('2025-01-27', '10:00'));
    expect((await t.call(ops.opsRaceClose, { body: { id: raceId } }, { token: admin.token })).code).toBe(0);
    for (const reward of await rewardsOf(raceId)) {
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          i % 2
            ? t.call(ops.opsRewardApprove, { body: { id: reward.id } }, { token: admin.token })
            : t.call(ops.opsRewardReject, { body: { id: reward.id, reason: 'Checked twice' } }, { token: admin.token }),
        ),
      );
      const won = results.filter((r) => r.code === 0);
      expect(won).toHaveLength(1);
      expect(results.filter((r) => r.code === 18011)).toHaveLength(15);
      const [after] = await t.database.db.select().from(userRewards).where(eq(userRewards.id, reward.id));
      const entries = await t.database.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.eventKey, `reward:${reward.id}`));
      expect(after!.status).toBe(won[0]!.data.status);
      expect(entries).toHaveLength(after!.status === 'paid' ? 1 : 0);
      expect(await auditsOf('reward', reward.id)).toHaveLength(1);
    }
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

describe('closing under concurrency', () => {
  it('closes pressed at once, with two processes’ close jobs, write one set of rewards and one message each', async () => {
    const winners = await members(5);
    const raceId = await playedRace('2025-02-03', winners, [tier(1, 2), tier(3, 4, { needs_wallet: true })]);
    t.clock.set(at('2025-02-10', '10:00'));
    const second = createDatabase(t.databaseUrl, 4);
    try {
      const [answers] = await Promise.all([
        Promise.all(
          Array.from({ length: 10 }, () => t.call(ops.opsRaceClose, { body: { id: raceId } }, { token: admin.token })),
        ),
        anotherProcess().raceClose.closeDue(),
        anotherProcess(second).raceClose.closeDue(),
      ]);
      expect(answers.every((r) => r.code === 0 && r.data.status === 'closed')).toBe(true);
    } finally {
      await second.close();
    }
    const rewards = await rewardsOf(raceId);
    expect(rewards.map((r) => [r.rank, r.userId, r.status])).toEqual([
      [1, winners[0]!.user.id, 'pending'],
      [2, winners[1]!.user.id, 'pending'],
      [3, winners[2]!.user.id, 'ineligible'],
      [4, winners[3]!.user.id, 'ineligible'],
    ]);
    for (const w of winners.slice(0, 4)) expect(await templatesOf(w)).toHaveLength(1);
    expect(await templatesOf(winners[4]!)).toEqual([]);
    // An operator's close is audited; a job's is not: at most the one close that did the work.
    expect((await auditsOf('race', raceId)).length).toBeLessThanOrEqual(1);
    const frozen = await t.database.db
      .select({ userId: raceEntries.userId, rank: raceEntries.finalRank })
      .from(raceEntries)
      .where(eq(raceEntries.raceId, raceId))
      .orderBy(raceEntries.finalRank);
    expect(frozen.map((e) => e.userId)).toEqual(winners.map((w) => w.user.id));
  });

  it('after a long downtime the job closes every race missed, oldest first, once, waiting for the issuance', async () => {
    const [a1, a2, b1, b2] = await members(4);
    const first = await playedRace('2025-03-03', [a1!, a2!], [tier(1, 2, { amount: 10 })]);
    const second = await playedRace('2025-03-10', [b1!, b2!], [tier(1, 1, { currency: 'USDT', amount: 7 })]);
    // The first race's Sunday tasks, not issued when the server went down.
    await t.database.db.insert(userDailyStats).values({ userId: a2!.user.id, day: '2025-03-09', estimated: 500_00 });
    // Three weeks later the server starts again: both races ended long ago.
    t.clock.set(at('2025-03-31', '09:00'));
    const app = anotherProcess();
    const runner = await startJobs({
      pool: t.database.pool,
      sets: [racesJobs(app.store, app.raceClose, app.index)],
      log,
      concurrency: 2,
    });
    const closedAt = async (id: number) =>
      (await t.database.db.select({ at: races.closedAt }).from(races).where(eq(races.id, id)))[0]!.at;
    try {
      await t.database.db.transaction(async (tx) => {
        await queueJob(tx, 'races.close_due');
        await queueJob(tx, 'races.close_due');
      });
      await until(async () => (await jobsWaiting('races.close_due')) === 0);
      // The oldest waits for its Sunday, and the next waits behind it.
      expect(await closedAt(first)).toBeNull();
      expect(await closedAt(second)).toBeNull();

      const ledger = racesLedger();
      expect(await createIssuance({ db: t.database.db, clock: t.clock, ledger }).issueDue()).toBe(1);
      await t.database.db.transaction(async (tx) => {
        await queueJob(tx, 'races.close_due');
        await queueJob(tx, 'races.close_due');
      });
      const other = anotherProcess();
      await Promise.all([other.raceClose.closeDue(), other.raceClose.closeDue()]);
      await until(async () => (await jobsWaiting('races.close_due')) === 0);
    } finally {
      await runner.stop();
    }
    expect(await closedAt(first)).toEqual(t.clock.now());
    expect(await closedAt(second)).toEqual(t.clock.now());
    // Sunday's 500 made a2 the first race's winner.
    expect((await rewardsOf(first)).map((r) => [r.rank, r.userId, r.amount])).toEqual([
      [1, a2!.user.id, 10_00],
      [2, a1!.user.id, 10_00],
    ]);
    expect((await rewardsOf(second)).map((r) => [r.rank, r.userId, r.currency])).toEqual([[1, b1!.user.id, 'USDT']]);
    for (const w of [a1!, a2!, b1!]) expect(await templatesOf(w)).toEqual(['reward_won']);
    expect(await templatesOf(b2!)).toEqual([]);
  });
});

describe('earning under concurrency', () => {
  it('parallel earnings add up exactly, and the first earnings of a new race make one race', async () => {
    t.clock.set(at('2025-04-07', '10:00'));
    const field = await members(20);
    // Nobody has earned in the week of 14 April yet: its race does not exist.
    t.clock.set(at('2025-04-15', '10:00'));
    await Promise.all(field.map((m) => earn(t, m, 5)));
    await Promise.all(Array.from({ length: 30 }, (_, i) => earn(t, field[i % 2]!, 1)));
    const made = await t.database.db
      .select({ id: races.id })
      .from(races)
      .where(eq(races.startsAt, new Date('2025-04-13T16:00:00Z')));
    expect(made).toHaveLength(1);
    const page = await t.call(raceCalls.pointsRanking, { query: { size: 50 } }, { token: field[1]!.token });
    expect(page.data.race.id).toBe(made[0]!.id);
    expect(page.data.total).toBe(20);
    expect(page.data.list.slice(0, 2).map((r) => [r.user_id, r.points])).toEqual([
      [field[0]!.user.id, 20],
      [field[1]!.user.id, 20],
    ]);
    expect(page.data.me).toMatchObject({ rank: 2, points: 20 });
    const sums = await t.database.db
      .select({ userId: raceEntries.userId, points: raceEntries.points })
      .from(raceEntries)
      .where(and(eq(raceEntries.raceId, made[0]!.id), inArray(raceEntries.userId, [field[0]!.user.id])));
    expect(sums).toEqual([{ userId: field[0]!.user.id, points: 20_00 }]);
  });

  it('an earning rolled back together with the race it made leaves the next earning a real race', async () => {
    // As in the app: one ledger and one race store for every earning of the process.
    const db = t.database.db;
    const ledger = createLedger(db);
    const store = createRaceStore({ db, clock: t.clock });
    scoreRacesFrom(ledger, store, null);
    const [member] = await members(1);
    // A week nobody has earned in: the earning makes its race, in its own transaction.
    t.clock.set(at('2025-10-07', '10:00'));
    const pay = (key: string) =>
      ({
        userId: member!.user.id,
        amount: 10_00,
        reason: 'task_reward',
        eventKey: `test:rolled-back:${member!.user.id}:${key}`,
        bucket: 'spendable',
        at: t.clock.now(),
      }) as const;
    await expect(
      db.transaction(async (tx) => {
        await ledger.credit(tx, pay('first'));
        throw new Error('a later step of the same transaction fails');
      }),
    ).rejects.toThrow('a later step');
    expect(
      await db
        .select()
        .from(races)
        .where(eq(races.startsAt, new Date('2025-10-05T16:00:00Z'))),
    ).toEqual([]);

    // The next earning of the week must still count, in a race that exists.
    await db.transaction((tx) => ledger.credit(tx, pay('second')));
    const current = await store.current();
    const [stored] = await db.select().from(races).where(eq(races.id, current.id));
    expect(stored).toBeDefined();
    const page = await t.call(raceCalls.pointsRanking, {}, { token: member!.token });
    expect(page.data.me).toMatchObject({ rank: 1, points: 10 });
    expect(page.data.race.id).toBe(current.id);
    expect((await db.execute(sql`select 1 from races where id = ${current.id}`)).rows).toHaveLength(1);
  });
});
