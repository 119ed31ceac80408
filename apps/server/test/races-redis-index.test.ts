import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceCalls } from '@taice/contract';
import { createLedger } from '../src/modules/points/points.module';
import {
  createRaceStore,
  createRankingIndex,
  RANKING_PAGE_MS,
  scoreRacesFrom,
  type RankingIndex,
} from '../src/modules/races/races.module';
import { register, type Registered } from './support/accounts';
import { at } from './support/points';
import { earn } from './support/races';
import { createTestApp, type TestApp } from './support/test-app';

// The Redis path of the ranking (decision 042), against the machine's Redis even when the suite runs without it.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let t: TestApp;
let index: RankingIndex;
let raceId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { REDIS_URL } });
  index = createRankingIndex({
    db: t.database.db,
    clock: t.clock,
    redis: t.shared.redis!,
    prefix: t.config.REDIS_PREFIX,
  });
  t.clock.set(at('2025-06-10', '10:00'));
});
afterAll(() => t.close());

/** A ranking page read once the page shown before has expired (a page is kept a second: RANKING_PAGE_MS). */
function ranking(user: Registered | null, page = 1, size = 50) {
  t.clock.advance(RANKING_PAGE_MS + 1);
  return t.call(raceCalls.pointsRanking, { query: { page, size } }, user ? { token: user.token } : {});
}

/** The order PostgreSQL holds: what the index must agree with. */
async function truth(): Promise<number[]> {
  const { rows } = await t.database.db.execute<{ user_id: number }>(
    sql`select user_id from race_entries where race_id = ${raceId} and points > 0 order by rank_score desc, user_id`,
  );
  return rows.map((r) => r.user_id);
}

/** The index's page from `offset` (null until it is built). */
const held = (offset = 0, limit = 1) => index.page(raceId, offset, limit);
const topOfIndex = async () => (await held())?.entries.map((e) => e.userId);

async function listed(): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const res = await ranking(null, page);
    ids.push(...res.data.list.map((r) => r.user_id));
    if (!res.data.has_more) return ids;
  }
}

describe('the Redis ranking index', () => {
  const members: Registered[] = [];

  it('is built from PostgreSQL by the job, then serves the same order, ranks and count', async () => {
    for (let i = 0; i < 12; i += 1) members.push(await register(t));
    for (const [i, m] of members.entries()) {
      await earn(t, m, 10 + (i % 4) * 5);
      t.clock.advance(1000);
    }
    const first = await ranking(members[0]!);
    raceId = first.data.race.id;
    expect(await held()).toBeNull();
    await index.sync(raceId);
    expect((await held())?.size).toBe(12);

    expect(await listed()).toEqual(await truth());
    const order = await truth();
    for (const m of members) {
      const res = await ranking(m);
      expect(res.data.me?.rank, m.email).toBe(order.indexOf(m.user.id) + 1);
    }
    // Members asking at the same moment have their ranks read together; each still gets their own.
    const together = await Promise.all(members.map((m) => ranking(m)));
    expect(together.map((r) => [r.data.me?.user_id, r.data.me?.rank])).toEqual(
      members.map((m) => [m.user.id, order.indexOf(m.user.id) + 1]),
    );
    expect((await ranking(null)).data.total).toBe(12);

    // The reads really go through the set: a member taken out of it alone drops out of the list.
    const key = `${t.config.REDIS_PREFIX}race:${raceId}:rank`;
    const [topMember] = await t.shared.redis!.zrevrange(key, 0, 0, 'WITHSCORES');
    const [, topScore] = await t.shared.redis!.zrevrange(key, 0, 0, 'WITHSCORES');
    await t.shared.redis!.zrem(key, topMember!);
    expect(await listed()).toEqual(order.slice(1));
    await t.shared.redis!.zadd(key, topScore!, topMember!);
    expect(await listed()).toEqual(order);

    // A set a moment behind PostgreSQL (the leader's score not there yet): the rank is counted for PostgreSQL's score.
    const leader = members.find((m) => m.user.id === order[0])!;
    await t.shared.redis!.zadd(key, 0, topMember!);
    expect((await ranking(leader)).data.me?.rank).toBe(1);
    await t.shared.redis!.zadd(key, topScore!, topMember!);
  });

  it('follows each earning within a second, ties going to whoever got there first, then the lower id', async () => {
    const [a, b, c] = members;
    await earn(t, c!, 100);
    await earn(t, a!, 70);
    await earn(t, b!, 70);
    // a and b earned in the same second and now hold equal totals; a reached it no later than b.
    expect(await listed()).toEqual(await truth());
    const order = await truth();
    expect(order[0]).toBe(c!.user.id);
    for (const m of [a!, b!, c!]) {
      expect((await ranking(m)).data.me?.rank).toBe(order.indexOf(m.user.id) + 1);
    }
  });

  it('forgets a score whose transaction rolled back once the job confirms it', async () => {
    const ghost = await register(t);
    const ledger = createLedger(t.database.db);
    scoreRacesFrom(ledger, createRaceStore({ db: t.database.db, clock: t.clock }), index);
    await expect(
      t.database.db.transaction(async (tx) => {
        await ledger.credit(tx, {
          userId: ghost.user.id,
          amount: 1_000_000,
          reason: 'task_reward',
          eventKey: `test:ghost:${randomBytes(4).toString('hex')}`,
          bucket: 'spendable',
          at: t.clock.now(),
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await topOfIndex()).toEqual([ghost.user.id]);
    // PostgreSQL holds no points for the ghost: the pages leave it out while the index still names it.
    expect(await listed()).toEqual(await truth());

    t.clock.advance(31_000);
    await index.sync(raceId);
    expect(await topOfIndex()).toEqual([(await truth())[0]]);
    expect((await held())?.size).toBe(12);
    expect(await listed()).toEqual(await truth());
    expect((await ranking(ghost)).data.me?.rank).toBeNull();
  });

  it('is rebuilt when Redis lost it, and reads fall back to PostgreSQL meanwhile', async () => {
    await t.shared.redis!.del(
      `${t.config.REDIS_PREFIX}race:${raceId}:rank`,
      `${t.config.REDIS_PREFIX}race:${raceId}:ready`,
    );
    expect(await held()).toBeNull();
    expect(await listed()).toEqual(await truth());
    expect((await ranking(members[5]!)).data.me?.rank).toBe((await truth()).indexOf(members[5]!.user.id) + 1);
    await index.sync(raceId);
    expect((await held())?.size).toBe(12);
    expect(await listed()).toEqual(await truth());
  });

  it("shows a member's name and race figures from a card a minute old at most, and points at once", async () => {
    const m = members[3]!;
    const rowOf = async () => (await ranking(null)).data.list.find((r) => r.user_id === m.user.id)!;
    const before = await rowOf();
    await t.database.db.execute(sql`update users set nickname = 'Renamed racer' where id = ${m.user.id}`);
    expect((await rowOf()).user_name).toBe(before.user_name);

    // An earning changes the points shown at once; the job that confirms it drops the card.
    await earn(t, m, 1);
    expect((await rowOf()).points).toBe(before.points + 1);
    t.clock.advance(31_000);
    await index.sync(raceId);
    expect((await rowOf()).user_name).toBe('Renamed racer');

    // Without an earning, a card is read again from PostgreSQL after a minute (each read here adds a second).
    await t.database.db.execute(sql`update users set nickname = 'Renamed again' where id = ${m.user.id}`);
    t.clock.advance(57_000);
    expect((await rowOf()).user_name).toBe('Renamed racer');
    t.clock.advance(2_000);
    expect((await rowOf()).user_name).toBe('Renamed again');
  });
});
