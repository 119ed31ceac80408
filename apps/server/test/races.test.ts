import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  opsRaceCalls as ops,
  raceCalls,
  videoCalls,
  type CallQuery,
  type PrizeTier,
  type RankingRow,
} from '@taice/contract';
import { users } from '../src/modules/accounts/accounts.schema';
import { createIssuance } from '../src/modules/points/issuance';
import { createLedger } from '../src/modules/points/ledger';
import { userDailyStats } from '../src/modules/points/points.schema';
import { RANKING_PAGE_MS } from '../src/modules/races/races.module';
import { scoreRacesFrom } from '../src/modules/races/race-scoring';
import { createRaceStore } from '../src/modules/races/race-store';
import { racePrizeTiers, races, userRewards } from '../src/modules/races/races.schema';
import { register, type Registered } from './support/accounts';
import { at, ledgerMismatches, walletOf, watchNewVideo } from './support/points';
import { earn } from './support/races';
import { operator, VERIFIED_FOR_A_YEAR } from './support/operators';
import { createPrize, exchange } from './support/redemption';
import { createTestApp, type TestApp } from './support/test-app';
import { createPost } from './support/videos';

/**
 * What members see of races: the weeks in UTC+8, the ranking and its order, the promoters, and their own
 * rewards. Each test plays in weeks of its own, so the races of one never hold the members of another.
 */
let t: TestApp;

beforeAll(async () => {
  // The tests play in 2025, away from the demo seed's races (made around the real date), moving the clock
  // across the year: a session must outlive the walk.
  t = await createTestApp({ env: { SESSION_TTL_DAYS: '365', ...VERIFIED_FOR_A_YEAR } });
});
afterAll(() => t.close());

type RankingQuery = CallQuery<typeof raceCalls.pointsRanking>;
const ranking = (query: RankingQuery = {}, who?: Registered, lang?: string) =>
  t.call(raceCalls.pointsRanking, { query }, { token: who?.token, lang });

/** Registers `n` members, ten at a time, in id order. */
async function members(n: number): Promise<Registered[]> {
  const made: Registered[] = [];
  for (let i = 0; i < n; i += 10) {
    const batch = await Promise.all(Array.from({ length: Math.min(10, n - i) }, () => register(t)));
    made.push(...batch.sort((a, b) => a.user.id - b.user.id));
  }
  return made;
}

/** An earning of `taice` at `when` (the clock stays there). */
async function earnAt(user: Registered, taice: number, when: Date | string, reason?: Parameters<typeof earn>[3]) {
  t.clock.set(when);
  await earn(t, user, taice, reason);
}

/** The ranking's rows as [user id, points]. */
const standings = (list: RankingRow[]) => list.map((r) => [r.user_id, r.points]);

/** Issues the due days' task TAICE through a ledger that keeps the races, as the app's does. */
function issuance() {
  const ledger = createLedger(t.database.db);
  scoreRacesFrom(ledger, createRaceStore({ db: t.database.db, clock: t.clock }), null);
  return createIssuance({ db: t.database.db, clock: t.clock, ledger });
}

describe('race weeks run Monday 00:00 to Sunday 24:00 UTC+8', () => {
  it('an earning at Sunday 23:59:59 UTC+8 counts for that week, one at Monday 00:00 for the next', async () => {
    const [runner] = await members(1);
    // Sunday 23 November 2025, 23:59:59 in UTC+8 is 15:59:59 UTC.
    await earnAt(runner!, 10, '2025-11-23T15:59:59Z');
    const sunday = await ranking({}, runner);
    expect(sunday.code).toBe(0);
    expect(sunday.data.race).toMatchObject({
      label: 'November, week 3',
      year: 2025,
      month: 11,
      week: 3,
      starts_at: '2025-11-16T16:00:00.000Z',
      ends_at: '2025-11-23T16:00:00.000Z',
      status: 'running',
      participants: 1,
    });
    expect(sunday.data.me).toMatchObject({ rank: 1, points: 10 });
    expect(sunday.data.server_time).toBe('2025-11-23T15:59:59.000Z');

    await earnAt(runner!, 25, '2025-11-23T16:00:00Z');
    const monday = await ranking({}, runner);
    expect(monday.data.race).toMatchObject({
      label: 'November, week 4',
      starts_at: '2025-11-23T16:00:00.000Z',
      ends_at: '2025-11-30T16:00:00.000Z',
      status: 'running',
    });
    expect(monday.data.race.id).not.toBe(sunday.data.race.id);
    expect(monday.data.me).toMatchObject({ rank: 1, points: 25 });

    // The ended week keeps its own total, and is "closing" until its close job runs.
    const past = await ranking({ race_id: sunday.data.race.id }, runner);
    expect(past.data.race).toMatchObject({ id: sunday.data.race.id, status: 'closing' });
    expect(standings(past.data.list)).toEqual([[runner!.user.id, 10]]);
    expect(past.data.me).toMatchObject({ rank: 1, points: 10 });
  });

  it('is labelled by month in the request language, a week across two months by its Thursday', async () => {
    const label = async (when: string, lang?: string) => {
      t.clock.set(when);
      return (await ranking({}, undefined, lang)).data.race;
    };
    expect((await label('2025-11-19T04:00:00Z', 'zh-CN')).label).toBe('11月第3周');
    expect((await label('2025-11-19T04:00:00Z', 'zh-TW')).label).toBe('11月第3週');
    // Monday 29 September to Sunday 5 October: its Thursday is 2 October.
    expect(await label('2025-09-28T16:00:00Z')).toMatchObject({
      label: 'October, week 1',
      month: 10,
      week: 1,
      starts_at: '2025-09-28T16:00:00.000Z',
      ends_at: '2025-10-05T16:00:00.000Z',
    });
    // Monday 27 October to Sunday 2 November: Thursday 30 October, October's fifth.
    expect(await label('2025-11-02T15:00:00Z', 'zh-TW')).toMatchObject({ label: '10月第5週', month: 10, week: 5 });
    // Across the year: Monday 29 December 2025 to Sunday 4 January 2026 is January 2026's first.
    expect(await label('2025-12-28T16:00:00Z')).toMatchObject({
      label: 'January, week 1',
      year: 2026,
      month: 1,
      starts_at: '2025-12-28T16:00:00.000Z',
    });
    // The Sunday before it is still December's.
    expect(await label('2025-12-28T15:59:59Z', 'zh-CN')).toMatchObject({ label: '12月第4周', year: 2025 });
  });

  it('lists the races that have begun, newest first', async () => {
    // Races exist once made (by the job, an earning or a read).
    for (const day of ['2025-11-19', '2025-11-26', '2025-12-30']) {
      t.clock.set(at(day));
      await ranking();
    }
    t.clock.set(at('2026-01-02'));
    const list = await t.call(raceCalls.raceList, { query: { size: 50 } });
    expect(list.code).toBe(0);
    const starts = list.data.list.map((r) => r.starts_at);
    expect(starts[0]).toBe('2025-12-28T16:00:00.000Z');
    expect(list.data.list[0]).toMatchObject({ label: 'January, week 1', status: 'running' });
    expect(starts).toEqual([...starts].sort().reverse());
    expect(starts).toContain('2025-11-16T16:00:00.000Z');
    // Seen from an earlier week, later races are not listed.
    t.clock.set(at('2025-11-26'));
    const earlier = await t.call(raceCalls.raceList, { query: { size: 50 } }, { lang: 'zh-CN' });
    expect(earlier.data.list.slice(0, 2).map((r) => [r.starts_at, r.label])).toEqual([
      ['2025-11-23T16:00:00.000Z', '11月第4周'],
      ['2025-11-16T16:00:00.000Z', '11月第3周'],
    ]);
    expect(earlier.data.total).toBeLessThan(list.data.total);
  });

  it('shows the prize table it was created with: spec section 9 as seeded', async () => {
    t.clock.set(at('2025-02-05'));
    const { race } = (await ranking()).data;
    const rules = (p: PrizeTier) => [
      p.rank_from,
      p.rank_to,
      p.min_invites,
      p.min_watched,
      p.min_uploads,
      p.needs_wallet,
    ];
    expect(race.prizes.map(rules)).toEqual([
      [1, 1, 50, 100, 15, true],
      [2, 2, 50, 100, 15, true],
      [3, 3, 50, 100, 15, true],
      [4, 103, 20, 80, 15, true],
    ]);
  });
  it('keeps the prize table it started with; a change applies from the next race, even one made ahead', async () => {
    const db = t.database.db;
    t.clock.set(at('2025-06-04'));
    // The hourly job's work: this week's race and the next ones are made ahead.
    await createRaceStore({ db, clock: t.clock }).createAhead();
    const amountOfRank4 = async () => (await ranking()).data.race.prizes.find((p) => p.rank_from === 4)!.amount;
    try {
      await db.update(racePrizeTiers).set({ amount: 2_000_00 }).where(eq(racePrizeTiers.rankFrom, 4));
      expect(await amountOfRank4()).toBe(1_000);
      t.clock.set(at('2025-06-11'));
      expect(await amountOfRank4()).toBe(2_000);
    } finally {
      await db.update(racePrizeTiers).set({ amount: 1_000_00 }).where(eq(racePrizeTiers.rankFrom, 4));
    }
  });
});

describe('the ranking', () => {
  it('orders by points, then who reached the total first (to the second), then the lower user id', async () => {
    const [a, b, c, d, e] = await members(5);
    await earnAt(c!, 30, at('2025-03-03', '10:00'));
    await earnAt(a!, 10, at('2025-03-03', '11:00'));
    await earnAt(b!, 20, at('2025-03-03', '11:30'));
    await earnAt(a!, 10, at('2025-03-03', '12:00'));
    // e reaches 15 first by the millisecond, but in the same second as d: the lower id goes first.
    await earnAt(e!, 15, new Date('2025-03-03T13:00:00.100+08:00'));
    await earnAt(d!, 15, new Date('2025-03-03T13:00:00.900+08:00'));
    t.clock.set(at('2025-03-04'));
    const order = [c, b, a, d, e].map((u) => u!.user.id);
    const page = await ranking({}, a);
    expect(page.data.list.map((r) => [r.rank, r.user_id, r.points])).toEqual([
      [1, order[0], 30],
      [2, order[1], 20],
      [3, order[2], 20],
      [4, order[3], 15],
      [5, order[4], 15],
    ]);
    expect(page.data).toMatchObject({ total: 5, page: 1, size: 20, has_more: false });
    expect(page.data.me).toMatchObject({ rank: 3, user_id: a!.user.id, points: 20 });
    for (const [i, who] of [c, b, a, d, e].entries()) {
      expect((await ranking({ size: 1 }, who)).data.me!.rank).toBe(i + 1);
    }
  });

  it("shows everyone the same page for a second, and the caller's own row and rank at once", async () => {
    const [leader, climber] = await members(2);
    await earnAt(leader!, 50, at('2025-10-14', '09:00'));
    await earnAt(climber!, 10, at('2025-10-14', '09:00'));
    const before = await ranking({}, climber);
    expect(standings(before.data.list)).toEqual([
      [leader!.user.id, 50],
      [climber!.user.id, 10],
    ]);
    // The climber overtakes: their own row says so at once; the page everyone sees, and the ranks counted against
    // other members' totals (decision 042), within the second.
    t.clock.advance(RANKING_PAGE_MS / 2);
    await earn(t, climber!, 60);
    const within = await ranking({}, climber);
    expect(within.data.me).toMatchObject({ rank: 1, points: 70 });
    expect(standings(within.data.list)).toEqual(standings(before.data.list));
    // Another page, size or language is a page of its own, read now.
    expect(standings((await ranking({ size: 1 })).data.list)).toEqual([[climber!.user.id, 70]]);
    t.clock.advance(RANKING_PAGE_MS);
    const after = await ranking({}, leader);
    expect(after.data.me).toMatchObject({ rank: 2, points: 50 });
    expect(standings(after.data.list)).toEqual([
      [climber!.user.id, 70],
      [leader!.user.id, 50],
    ]);
    expect(after.data.server_time).toBe(t.clock.now().toISOString());
  });

  it('a spend changes neither points nor rank; rewards and operator adjustments do not count', async () => {
    const [spender, rival, paid] = await members(3);
    await earnAt(spender!, 50, at('2025-04-01', '09:00'));
    await earnAt(rival!, 40, at('2025-04-01', '09:30'));
    await earnAt(paid!, 30, at('2025-04-01', '10:00'));
    const prizeId = await createPrize(t, { type: 'virtual', price: 45_00 }, 1);
    expect((await exchange(t, spender!, prizeId, 'virtual')).code).toBe(0);
    expect((await walletOf(t, spender!)).spendable).toBe(5);
    // Paid, not earned: prizes and an operator's adjustment leave the standings as they are.
    await earnAt(paid!, 100, at('2025-04-01', '11:00'), 'race_reward');
    await earnAt(paid!, 100, at('2025-04-01', '11:01'), 'campaign_reward');
    await earnAt(paid!, 100, at('2025-04-01', '11:02'), 'operator_adjust');
    expect((await walletOf(t, paid!)).value).toBe(330);
    const page = await ranking({}, spender);
    expect(standings(page.data.list)).toEqual([
      [spender!.user.id, 50],
      [rival!.user.id, 40],
      [paid!.user.id, 30],
    ]);
    expect(page.data.me).toMatchObject({ rank: 1, points: 50 });
    expect((await ranking({}, paid)).data.me).toMatchObject({ rank: 3, points: 30 });
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('daily-task TAICE issued after the end counts for the race of its day, reached at its last second', async () => {
    const [worker, late] = await members(2);
    // Sunday 16 March: one member finishes daily tasks worth 50 TAICE, issued after midnight.
    await t.database.db.insert(userDailyStats).values({ userId: worker!.user.id, day: '2025-03-16', estimated: 50_00 });
    // Another earns 50 one second before the end: reached before the issuance's "last second".
    await earnAt(late!, 50, new Date('2025-03-16T23:59:58+08:00'));
    const raceId = (await ranking()).data.race.id;
    t.clock.set(new Date('2025-03-17T00:06:00+08:00'));
    expect(await issuance().issueDue()).toBe(1);
    expect((await walletOf(t, worker!)).locked).toBe(50);

    const current = await ranking({}, worker);
    expect(current.data.race.starts_at).toBe('2025-03-16T16:00:00.000Z');
    expect(current.data.me).toMatchObject({ rank: null, points: 0 });
    const sunday = await ranking({ race_id: raceId }, worker);
    expect(sunday.data.race.starts_at).toBe('2025-03-09T16:00:00.000Z');
    expect(standings(sunday.data.list)).toEqual([
      [late!.user.id, 50],
      [worker!.user.id, 50],
    ]);
    expect(sunday.data.me).toMatchObject({ rank: 2, points: 50 });
  });

  it("shows the caller's own row and rank far down, pages the rest, and tells visitors and newcomers apart", async () => {
    const field = await members(60);
    const caller = field[59]!;
    // Everyone earns a different amount on Monday 24 March; the caller the least.
    for (const [i, member] of field.entries()) {
      await earnAt(member, 1_000 - i * 10, new Date(at('2025-03-24', '10:00').getTime() + i * 1000));
    }
    await t.database.db
      .update(users)
      .set({ chainAddress: '0x00000000000000000000000000000000000000a1' })
      .where(eq(users.id, caller.user.id));
    t.clock.set(at('2025-03-25'));
    const first = await ranking({ page: 1, size: 20 }, caller);
    expect(first.data).toMatchObject({ total: 60, page: 1, size: 20, has_more: true });
    expect(first.data.list.map((r) => r.rank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(first.data.list[0]).toMatchObject({ user_id: field[0]!.user.id, points: 1_000 });
    expect(first.data.me).toMatchObject({
      rank: 60,
      user_id: caller.user.id,
      uuid: caller.user.uuid,
      user_name: caller.user.nickname,
      points: 410,
      wallet_bound: true,
    });
    const last = await ranking({ page: 3, size: 20 }, caller);
    expect(last.data).toMatchObject({ total: 60, has_more: false });
    expect(last.data.list.map((r) => r.rank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 41));
    expect(last.data.list.at(-1)).toMatchObject({ rank: 60, user_id: caller.user.id, points: 410 });
    expect((await ranking({ page: 4, size: 20 }, caller)).data).toMatchObject({ list: [], has_more: false });
    // Every member's own rank is their place in the pages.
    for (const i of [0, 19, 20, 33]) {
      expect((await ranking({ size: 1 }, field[i])).data.me!.rank).toBe(i + 1);
    }
    // Members asking at the same moment are read together; each still gets their own row and rank.
    const together = await Promise.all(field.map((member) => ranking({ size: 1 }, member)));
    expect(together.map((r) => [r.data.me?.user_id, r.data.me?.rank])).toEqual(
      field.map((member, i) => [member.user.id, i + 1]),
    );

    const visitor = await ranking({ size: 5 });
    expect(visitor.code).toBe(0);
    expect(visitor.data.me).toBeNull();
    expect(visitor.data.list).toHaveLength(5);
    const [newcomer] = await members(1);
    expect((await ranking({ size: 5 }, newcomer)).data.me).toMatchObject({
      rank: null,
      user_id: newcomer!.user.id,
      points: 0,
      invites: 0,
      wallet_bound: false,
    });
  });

  it('shows who referred each member, and what they posted and watched in the race', async () => {
    t.clock.set(at('2025-05-12', '09:00'));
    const [creator, inviter] = await members(2);
    const invitee = await register(t, { inviteCode: inviter!.user.invite_code });
    // A post of last week does not count; one of this week does.
    await createPost(t, creator!.user.id, { publishedAt: at('2025-05-11', '23:00') });
    const postId = await watchNewVideo(t, invitee, creator!.user.id);
    await earn(t, creator!, 5);
    expect((await t.call(videoCalls.share, { body: { id: postId } }, { token: invitee.token })).code).toBe(0);
    const page = await ranking({}, invitee);
    const row = (who: Registered) => page.data.list.find((r) => r.user_id === who.user.id);
    // Everything they earned this week counts: the inviter's 500 for the friend (and the task "invite a friend"),
    // the invitee's 200 for a first watch (and their new-user tasks).
    expect(row(inviter!)).toMatchObject({
      points: (await walletOf(t, inviter!)).value,
      invites: 1,
      referred_by: null,
      videos_watched: 0,
    });
    expect(row(inviter!)!.points).toBeGreaterThanOrEqual(500);
    expect(row(invitee)).toMatchObject({
      points: (await walletOf(t, invitee)).value,
      referred_by: inviter!.user.nickname,
      videos_watched: 1,
      uploaded_videos: 0,
    });
    expect(row(invitee)!.points).toBeGreaterThanOrEqual(200);
    expect(row(creator!)).toMatchObject({ points: 5, uploaded_videos: 1, videos_watched: 0 });
    expect(page.data.me).toMatchObject({ rank: 2, referred_by: inviter!.user.nickname, videos_watched: 1 });

    // The caller's row also tells how many of their uploads are AI-generated (what the podium's rule counts).
    await createPost(t, creator!.user.id, { aiGenerated: true });
    expect((await ranking({}, creator!)).data.me).toMatchObject({ uploaded_videos: 2, ai_uploaded_videos: 1 });
  });

  it('refuses an unknown race and one that has not begun', async () => {
    t.clock.set(at('2025-07-23'));
    const future = (await ranking()).data.race.id;
    t.clock.set(at('2025-07-09'));
    const [member] = await members(1);
    expect(await ranking({ race_id: future }, member)).toMatchObject({ code: 18001, msg: 'This race does not exist' });
    expect((await ranking({ race_id: 999_999 })).code).toBe(18001);
    expect((await ranking({ race_id: 999_999 }, undefined, 'zh-TW')).msg).toBe('此排行賽不存在');
    expect((await t.send(raceCalls.pointsRanking, { query: { race_id: 'x' } })).code).toBe(422);
    t.clock.set(at('2025-07-23'));
    expect((await ranking({ race_id: future })).data.race).toMatchObject({ id: future, status: 'running' });
  });
});

describe('the promoters', () => {
  it('ranks members by friends confirmed in the running race, with the caller’s place', async () => {
    t.clock.set(at('2025-04-07', '09:00'));
    const [top, second, third, quiet] = await members(4);
    for (let i = 0; i < 3; i += 1) await earnAt(third!, 500, at('2025-04-07', `10:0${i}`), 'referral_reward');
    for (let i = 0; i < 3; i += 1) await earnAt(top!, 500, at('2025-04-07', `11:0${i}`), 'referral_reward');
    await earnAt(top!, 500, at('2025-04-08', '11:00'), 'referral_reward');
    await earnAt(second!, 500, at('2025-04-08', '12:00'), 'referral_reward');
    // Other earnings are points, not invites.
    await earnAt(quiet!, 900, at('2025-04-08', '13:00'));
    // Last week's friends are last week's.
    await earnAt(quiet!, 500, at('2025-04-06', '13:00'), 'referral_reward');
    t.clock.set(at('2025-04-09'));

    const board = await t.call(raceCalls.promoterRanking, {}, { token: second!.token });
    expect(board.code).toBe(0);
    expect(board.data.list.map((r) => [r.rank, r.user_id, r.invites])).toEqual([
      [1, top!.user.id, 4],
      [2, third!.user.id, 3],
      [3, second!.user.id, 1],
    ]);
    expect(board.data).toMatchObject({ total: 3, has_more: false });
    expect(board.data.race.starts_at).toBe('2025-04-06T16:00:00.000Z');
    expect(board.data.me).toMatchObject({ rank: 3, user_id: second!.user.id, invites: 1 });
    const page2 = await t.call(raceCalls.promoterRanking, { query: { page: 2, size: 2 } }, { token: top!.token });
    expect(page2.data.list.map((r) => [r.rank, r.user_id])).toEqual([[3, second!.user.id]]);
    expect(page2.data.me).toMatchObject({ rank: 1, invites: 4 });
    expect((await t.call(raceCalls.promoterRanking, {}, { token: quiet!.token })).data.me).toMatchObject({
      rank: null,
      invites: 0,
    });
    expect((await t.call(raceCalls.promoterRanking)).data.me).toBeNull();
    // The friends' 500 each are points of the race as well.
    const points = await ranking({}, top);
    expect(standings(points.data.list)).toEqual([
      [top!.user.id, 2_000],
      [third!.user.id, 1_500],
      [quiet!.user.id, 900],
      [second!.user.id, 500],
    ]);
  });

  it('ties between equal invite counts go to the lower user id', async () => {
    const [low, high] = await members(2);
    await earnAt(high!, 500, at('2025-04-14', '09:00'), 'referral_reward');
    await earnAt(low!, 500, at('2025-04-14', '10:00'), 'referral_reward');
    const board = await t.call(raceCalls.promoterRanking, {}, { token: high!.token });
    expect(board.data.list.map((r) => [r.rank, r.user_id])).toEqual([
      [1, low!.user.id],
      [2, high!.user.id],
    ]);
    expect(board.data.me).toMatchObject({ rank: 2 });
  });
});

describe('a member’s rewards', () => {
  let admin: Registered;
  let member: Registered;
  let other: Registered;
  /** The member's reward ids. */
  const won = { paid: 0, owed: 0, pending: 0, ineligible: 0, rejected: 0, campaign: 0 };

  /** A race the member wins alone in the week of `monday`, with `tier` as its one prize, closed. */
  async function winRace(monday: string, tier: Partial<PrizeTier>): Promise<number> {
    await earnAt(member, 10, at(monday, '10:00'));
    const raceId = (await ranking({}, member)).data.race.id;
    const prize: PrizeTier = {
      rank_from: 1,
      rank_to: 1,
      amount: 10,
      currency: 'TAICE',
      min_invites: 0,
      min_watched: 0,
      min_uploads: 0,
      needs_wallet: false,
      ...tier,
    };
    await t.database.db
      .update(races)
      .set({ prizes: [prize] })
      .where(eq(races.id, raceId));
    t.clock.set(new Date(at(monday).getTime() + 7 * 86_400_000));
    const closed = await t.call(ops.opsRaceClose, { body: { id: raceId } }, { token: admin.token });
    expect(closed.code).toBe(0);
    const [reward] = await t.database.db
      .select()
      .from(userRewards)
      .where(and(eq(userRewards.source, 'race'), eq(userRewards.sourceId, raceId)));
    return reward!.id;
  }

  beforeAll(async () => {
    t.clock.set(at('2025-08-04', '09:00'));
    admin = await operator(t, 'admin');
    const made = await members(2);
    member = made[0]!;
    other = made[1]!;
    won.paid = await winRace('2025-08-04', { amount: 10 });
    expect((await t.call(ops.opsRewardApprove, { body: { id: won.paid } }, { token: admin.token })).code).toBe(0);
    await t.database.db
      .update(users)
      .set({ chainAddress: '0x00000000000000000000000000000000000000b2' })
      .where(eq(users.id, member.user.id));
    won.owed = await winRace('2025-08-11', { amount: 5, currency: 'USDT', needs_wallet: true });
    expect((await t.call(ops.opsRewardApprove, { body: { id: won.owed } }, { token: admin.token })).code).toBe(0);
    won.pending = await winRace('2025-08-18', { amount: 20.5 });
    won.ineligible = await winRace('2025-08-25', { amount: 7, min_invites: 1, min_watched: 2 });
    won.rejected = await winRace('2025-09-01', { amount: 3, currency: 'SPK' });
    const rejected = await t.call(
      ops.opsRewardReject,
      { body: { id: won.rejected, reason: 'Duplicate account' } },
      { token: admin.token },
    );
    expect(rejected.code).toBe(0);
    // A campaign's reward (its settlement writes them into the same table).
    const [campaign] = await t.database.db
      .insert(userRewards)
      .values({
        userId: member.user.id,
        source: 'campaign',
        sourceId: 1,
        title: { en_US: 'Summer cup', 'zh-CN': '夏季杯', 'zh-TW': '夏季盃' },
        rank: null,
        amount: 2_00,
        currency: 'USDT',
        status: 'pending',
        createdAt: t.clock.now(),
      })
      .returning();
    won.campaign = campaign!.id;
  });

  it('totals by currency and status', async () => {
    const detail = await t.call(raceCalls.rewardDetail, {}, { token: member.token });
    expect(detail.code).toBe(0);
    expect(detail.data).toEqual({
      totals: [
        { currency: 'SPK', pending: 0, approved: 0, paid: 0 },
        { currency: 'TAICE', pending: 20.5, approved: 0, paid: 10 },
        { currency: 'USDT', pending: 2, approved: 5, paid: 0 },
      ],
      count: 6,
    });
    expect((await t.call(raceCalls.rewardDetail, {}, { token: other.token })).data).toEqual({ totals: [], count: 0 });
  });

  it('logs them newest first, paged and by source', async () => {
    const log = (query: CallQuery<typeof raceCalls.rewardLog>, lang?: string) =>
      t.call(raceCalls.rewardLog, { query }, { token: member.token, lang });
    const first = await log({ size: 4 });
    expect(first.data).toMatchObject({ total: 6, has_more: true });
    expect(first.data.list.map((r) => r.id)).toEqual([won.campaign, won.rejected, won.ineligible, won.pending]);
    const second = await log({ size: 4, page: 2 });
    expect(second.data).toMatchObject({ total: 6, has_more: false });
    expect(second.data.list.map((r) => r.id)).toEqual([won.owed, won.paid]);
    expect(second.data.list[1]).toMatchObject({
      source: 'race',
      title: 'August, week 1',
      rank: 1,
      amount: 10,
      currency: 'TAICE',
      status: 'paid',
      reason: '',
      payout_ref: expect.stringMatching(/^\d+$/),
      paid_at: expect.any(String),
    });
    expect(second.data.list[0]).toMatchObject({ status: 'approved', currency: 'USDT', paid_at: null, payout_ref: '' });
    const campaigns = await log({ source: 'campaign' }, 'zh-TW');
    expect(campaigns.data.list.map((r) => [r.id, r.title])).toEqual([[won.campaign, '夏季盃']]);
    const fromRaces = await log({ source: 'race' }, 'zh-CN');
    expect(fromRaces.data.total).toBe(5);
    expect(fromRaces.data.list.map((r) => r.title)).toContain('8月第1周');
    expect((await t.send(raceCalls.rewardLog, { query: { source: 'lottery' } }, { token: member.token })).code).toBe(
      422,
    );
  });

  it('details one with its checks and figures, and the reason it was not paid', async () => {
    const detail = (id: number, lang?: string) =>
      t.call(raceCalls.rewardLogDetail, { query: { id } }, { token: member.token, lang });
    const ineligible = await detail(won.ineligible);
    expect(ineligible.data).toMatchObject({
      status: 'ineligible',
      amount: 7,
      reason: 'Invites 0/1 · Videos watched 0/2',
      checks: [
        { rule: 'invites', required: 1, actual: 0, passed: false },
        { rule: 'watched', required: 2, actual: 0, passed: false },
        { rule: 'uploads', required: 0, actual: 0, passed: true },
        { rule: 'wallet', required: 0, actual: 1, passed: true },
      ],
    });
    expect((await detail(won.ineligible, 'zh-CN')).data.reason).toBe('邀请人数 0/1 · 观看视频 0/2');
    expect((await detail(won.rejected)).data).toMatchObject({ status: 'rejected', reason: 'Duplicate account' });
    expect((await detail(won.pending)).data).toMatchObject({ status: 'pending', amount: 20.5, reason: '' });
  });

  it('hides other members’ rewards and asks visitors to log in', async () => {
    const theirs = await t.call(raceCalls.rewardLogDetail, { query: { id: won.paid } }, { token: other.token });
    expect(theirs).toMatchObject({ code: 18010, msg: 'This reward does not exist' });
    expect((await t.call(raceCalls.rewardLogDetail, { query: { id: 999_999 } }, { token: member.token })).code).toBe(
      18010,
    );
    expect((await t.call(raceCalls.rewardLog, {}, { token: other.token })).data).toMatchObject({ list: [], total: 0 });
    expect((await t.call(raceCalls.rewardDetail)).code).toBe(401);
    expect((await t.call(raceCalls.rewardLog)).code).toBe(401);
    expect((await t.call(raceCalls.rewardLogDetail, { query: { id: won.paid } })).code).toBe(401);
  });
});
