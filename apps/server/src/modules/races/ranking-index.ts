import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import type { Clock } from '../../platform/time/clock';
import { raceEntries } from './races.schema';
import type { Standing } from './standings';

/** A dirty mark older than this belongs to a transaction that has committed or rolled back. */
const SETTLED_MS = 30_000;
const BATCH = 5_000;
/** Longer than a build of a million members takes (about 20 s here). */
const REBUILD_LOCK_SECONDS = 600;
/** Members are 2^31 - user id, ten digits: Redis orders equal scores by member, so ties go to the lower user id. */
const ID_SPACE = 2 ** 31;
const memberOf = (userId: number) => String(ID_SPACE - userId).padStart(10, '0');
const userOf = (member: string) => ID_SPACE - Number(member);
/** How long a member's shown fields (their card) serve the pages before PostgreSQL is read again. */
const CARD_MS = 60_000;
/** What a ranking row shows of a member besides rank and points. */
export type Card = Pick<Standing, 'uuid' | 'name' | 'avatar' | 'referredBy' | 'invites' | 'watched' | 'uploads'>;
/** A page as the index holds it: every member with their score, and their card when it is fresh. */
export interface IndexedPage {
  size: number;
  entries: { userId: number; score: number; card: Card | null }[];
}
/**
 * One round trip for a page: null until the set is built, else one JSON text `[size, [[member, score, card], …]]`
 * (members are strings and scores integers; cards are JSON already, or null). One string instead of three bulk replies
 * per row: parsing a hundred small replies cost the client more than everything else the page does.
 */
const VIEW = `
  if redis.call('exists', KEYS[2]) == 0 then return false end
  local ranked = redis.call('zrevrange', KEYS[1], ARGV[1], ARGV[2], 'withscores')
  local members = {}
  for i = 1, #ranked, 2 do members[#members + 1] = ranked[i] end
  local cards = {}
  if #members > 0 then cards = redis.call('hmget', KEYS[3], unpack(members)) end
  local rows = {}
  for i = 1, #members do
    rows[i] = '["' .. members[i] .. '",' .. ranked[2 * i] .. ',' .. (cards[i] or 'null') .. ']'
  end
  return '[' .. redis.call('zcard', KEYS[1]) .. ',[' .. table.concat(rows, ',') .. ']]'`;
/**
 * Members' ranks for the scores PostgreSQL holds (ARGV: score, member, score, member, …), or false until the set is
 * built. A member's rank is their place in the set when it holds that score (one O(log n) step: members are ordered
 * as ranks are, ties to the lower user id), else 1 + the members with a higher score or the same and a lower id (the
 * set may be a moment behind or ahead of the caller's transaction).
 */
const RANKS = `
  if redis.call('exists', KEYS[2]) == 0 then return false end
  local ranks = {}
  for i = 1, #ARGV, 2 do
    local score, member = ARGV[i], ARGV[i + 1]
    local held = redis.call('zscore', KEYS[1], member)
    if held and tonumber(held) == tonumber(score) then
      ranks[#ranks + 1] = redis.call('zrevrank', KEYS[1], member) + 1
    else
      local ahead = redis.call('zcount', KEYS[1], '(' .. score, '+inf')
      for _, other in ipairs(redis.call('zrangebyscore', KEYS[1], score, score)) do
        if other > member then ahead = ahead + 1 end
      end
      ranks[#ranks + 1] = ahead + 1
    end
  end
  return ranks`;
const TOUCH = `
  if redis.call('exists', KEYS[3]) == 1 then redis.call('zadd', KEYS[1], ARGV[1], ARGV[2]) end
  redis.call('zadd', KEYS[2], ARGV[3], ARGV[2])`;

/**
 * The ranking's order-statistics index in Redis (decision 042): one sorted set per race, scored by rank score
 * (ranking-order.ts), where a member's rank and any page are O(log n) at a million participants. PostgreSQL
 * stays the truth; the set follows it:
 * - each earning writes its new score in its own transaction (before commit) and marks the member dirty;
 * - a job re-reads dirty members once their transaction is surely over and writes what PostgreSQL holds
 *   (removing a member whose first earning rolled back), so a rolled-back score lives at most a minute;
 * - a set that is missing (Redis restarted) is rebuilt from PostgreSQL, and reads fall back to it meanwhile.
 * Beside the set, a hash keeps each shown member's card (name, avatar, what they did in the race) for a minute,
 * dropped when their score changes, so a page is one round trip and PostgreSQL reads only the cards missing.
 */
export function createRankingIndex(deps: { db: Db; clock: Clock; redis: Redis; prefix: string }) {
  const { db, clock, redis, prefix } = deps;
  // Sent by hash (EVALSHA): the scripts' text crosses the wire once per connection, not with every call.
  redis.defineCommand('raceTouch', { numberOfKeys: 3, lua: TOUCH });
  redis.defineCommand('raceView', { numberOfKeys: 3, lua: VIEW });
  redis.defineCommand('raceRanks', { numberOfKeys: 2, lua: RANKS });
  const scripts = redis as Redis &
    Record<'raceTouch' | 'raceView' | 'raceRanks', (...args: (string | number)[]) => Promise<unknown>>;
  const setKey = (raceId: number) => `${prefix}race:${raceId}:rank`;
  const dirtyKey = (raceId: number) => `${prefix}race:${raceId}:dirty`;
  const readyKey = (raceId: number) => `${prefix}race:${raceId}:ready`;
  const cardsKey = (raceId: number) => `${prefix}race:${raceId}:cards`;

  function fresh(kept: (Card & { at: number }) | null): Card | null {
    if (kept === null) return null;
    const { at, ...card } = kept;
    return clock.now().getTime() - at < CARD_MS ? card : null;
  }

  /** Builds the set aside and swaps it in; one process at a time (the job may run on several). */
  async function rebuild(raceId: number): Promise<void> {
    const lock = `${setKey(raceId)}:building`;
    if ((await redis.set(lock, '1', 'EX', REBUILD_LOCK_SECONDS, 'NX')) === null) return;
    const building = `${lock}:${randomBytes(6).toString('hex')}`;
    let after = 0;
    for (;;) {
      const rows = await db
        .select({ userId: raceEntries.userId, score: raceEntries.rankScore })
        .from(raceEntries)
        .where(and(eq(raceEntries.raceId, raceId), gt(raceEntries.points, 0), gt(raceEntries.userId, after)))
        .orderBy(raceEntries.userId)
        .limit(BATCH);
      if (rows.length === 0) break;
      await redis.zadd(building, ...rows.flatMap((r) => [r.score, memberOf(r.userId)]));
      after = rows.at(-1)!.userId;
      if (rows.length < BATCH) break;
    }
    const multi = redis.multi();
    if (after > 0) multi.rename(building, setKey(raceId));
    else multi.del(setKey(raceId));
    await multi.set(readyKey(raceId), '1').del(lock).exec();
  }

  return {
    /**
     * In the earning's transaction: the member's new score (once the set is built), and a dirty mark for the
     * job to confirm, even while the set is being built. One round trip.
     */
    async touched(raceId: number, userId: number, score: number): Promise<void> {
      await scripts.raceTouch(
        setKey(raceId),
        dirtyKey(raceId),
        readyKey(raceId),
        score,
        memberOf(userId),
        clock.now().getTime(),
      );
    },

    /** Ranks offset+1 … offset+limit with their scores and fresh cards; null until the set is built. */
    async page(raceId: number, offset: number, limit: number): Promise<IndexedPage | null> {
      const view = (await scripts.raceView(
        setKey(raceId),
        readyKey(raceId),
        cardsKey(raceId),
        offset,
        offset + limit - 1,
      )) as string | null;
      if (view === null) return null;
      const [size, rows] = JSON.parse(view) as [number, [string, number, (Card & { at: number }) | null][]];
      const entries = rows.map(([member, score, card]) => ({ userId: userOf(member), score, card: fresh(card) }));
      return { size, entries };
    },

    /** Keeps the cards read from PostgreSQL for the pages that follow. */
    async keepCards(raceId: number, cards: Map<number, Card>): Promise<void> {
      if (cards.size === 0) return;
      const at = clock.now().getTime();
      await redis.hset(
        cardsKey(raceId),
        Object.fromEntries(
          [...cards].map(([userId, { uuid, name, avatar, referredBy, invites, watched, uploads }]) => [
            memberOf(userId),
            JSON.stringify({ uuid, name, avatar, referredBy, invites, watched, uploads, at }),
          ]),
        ),
      );
    },

    /**
     * The ranks of members with these scores (1 + the members with a higher score or the same and a lower id), in
     * their order, by one script; null until the set is built.
     */
    async ranksOf(raceId: number, members: { userId: number; score: number }[]): Promise<number[] | null> {
      if (members.length === 0) return [];
      const args = members.flatMap((m) => [m.score, memberOf(m.userId)]);
      return (await scripts.raceRanks(setKey(raceId), readyKey(raceId), ...args)) as number[] | null;
    },

    /** The job's work for one race: build it if missing, then confirm the settled dirty members. */
    async sync(raceId: number): Promise<void> {
      if (!(await redis.exists(readyKey(raceId)))) {
        await rebuild(raceId);
        return;
      }
      const cutoff = clock.now().getTime() - SETTLED_MS;
      const dirty = await redis.zrangebyscore(dirtyKey(raceId), '-inf', cutoff);
      for (let i = 0; i < dirty.length; i += BATCH) {
        const members = dirty.slice(i, i + BATCH);
        const rows = await db
          .select({ userId: raceEntries.userId, score: raceEntries.rankScore })
          .from(raceEntries)
          .where(
            and(
              eq(raceEntries.raceId, raceId),
              gt(raceEntries.points, 0),
              inArray(raceEntries.userId, members.map(userOf)),
            ),
          );
        const multi = redis.multi();
        const held = new Set(rows.map((r) => memberOf(r.userId)));
        for (const r of rows) multi.zadd(setKey(raceId), r.score, memberOf(r.userId));
        for (const m of members) if (!held.has(m)) multi.zrem(setKey(raceId), m);
        await multi.hdel(cardsKey(raceId), ...members).exec();
      }
      await redis.zremrangebyscore(dirtyKey(raceId), '-inf', cutoff);
    },

    /** Drops a closed race's index after a while (its final ranking is frozen in PostgreSQL). */
    async drop(raceId: number): Promise<void> {
      await redis.del(setKey(raceId), dirtyKey(raceId), readyKey(raceId), cardsKey(raceId));
    },
  };
}

export type RankingIndex = ReturnType<typeof createRankingIndex>;
