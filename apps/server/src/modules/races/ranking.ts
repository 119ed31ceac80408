import { and, asc, desc, eq, gt, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ApiLang, MyRanking, PromoterRow, Race, RankingRow } from '@taice/contract';
import type { Db } from '../../platform/db/database';
import { preparedSelect } from '../../platform/db/prepared-select';
import type { Clock } from '../../platform/time/clock';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import { walletBound } from './eligibility';
import type { RaceRow, RaceStore } from './race-store';
import type { Card, RankingIndex } from './ranking-index';
import { pointsOfScore, SECOND_BITS } from './ranking-order';
import { raceEntries } from './races.schema';
import { createStandings, type Standing } from './standings';
import { taice } from '../../platform/money';
import { serializeOnce } from '../../platform/http/serialization';
import { ttlCache } from '../../platform/state/ttl-cache';
import { batchedReads } from '../../platform/turn/batched-reads';

/**
 * Higher score first, then the lower user id: the order of ranking-order.ts. (In SQL `desc nulls last`, as the
 * ranking indexes hold it: a plain `desc` means nulls first, and no index would serve it.)
 */
const byRank = (a: Standing, b: Standing) => b.rankScore - a.rankScore || a.userId - b.userId;

/** A ranking row but its rank: `points` in hundredths, the rest from the member's standing or card. */
function rowOf(userId: number, points: number, s: Card): Omit<RankingRow, 'rank'> {
  return {
    user_id: userId,
    uuid: s.uuid,
    user_name: s.name,
    avatar: s.avatar,
    points: taice(points),
    referred_by: s.referredBy,
    invites: s.invites,
    uploaded_videos: s.uploads,
    videos_watched: s.watched,
  };
}

/** The caller's own standing and rank (null without TAICE earned in the race). */
interface Caller {
  standing: Standing;
  rank: number | null;
}

/** The caller's row: a ranking row with what their eligibility shows. */
const myRow = ({ standing: s, rank }: Caller): MyRanking => ({
  ...rowOf(s.userId, s.points, s),
  rank,
  wallet_bound: walletBound(s.wallet),
  ai_uploaded_videos: s.aiUploads,
});

/** How long a page of the ranking is shown again before it is read again. */
export const RANKING_PAGE_MS = 1_000;

interface SharedPage {
  data: ReturnType<typeof pageResult<RankingRow>> & { race: Race };
}

/**
 * How many members of a race held each total a moment ago (in hundredths, highest first), for the ranks PostgreSQL
 * counts: `ahead[i]` members held more than `totals[i]`, `members` held any.
 */
interface Totals {
  totals: number[];
  ahead: number[];
  members: number;
}

/** Members who held more than `points` (hundredths) a moment ago, by halving the totals. */
function aheadOf({ totals, ahead, members }: Totals, points: number): number {
  let lo = 0;
  let hi = totals.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (totals[mid]! > points) lo = mid + 1;
    else hi = mid;
  }
  return lo < totals.length ? ahead[lo]! : members;
}

interface Ranked {
  rows: Omit<RankingRow, 'rank'>[];
  /** The participant count when the index tells it; PostgreSQL's is counted (and cached) by the store. */
  participants: number | undefined;
}

const promoterOf = (s: Standing) => ({
  user_id: s.userId,
  uuid: s.uuid,
  user_name: s.name,
  avatar: s.avatar,
  invites: s.invites,
});

/**
 * A race's ranking, read from the entries the earnings keep (race-scoring.ts) in their one order
 * (ranking-order.ts). A running race ranks through the Redis index where there is one (ranking-index.ts),
 * otherwise by counting in the ranking's PostgreSQL index; a closed race has its ranks frozen. A page is the
 * ids in rank order, then one read of everything shown about them and the caller (standings.ts).
 */
export function createRanking(deps: { db: Db; clock: Clock; store: RaceStore; index: RankingIndex | null }) {
  const { db, clock, store, index } = deps;
  const inRace = (race: RaceRow) => and(eq(raceEntries.raceId, race.id), gt(raceEntries.points, 0));
  const standingsOf = createStandings(db);
  const sharedPages = ttlCache<SharedPage>(clock, RANKING_PAGE_MS, 1_000);
  const heldTotals = new Map<number, { totals: Totals | null; readAt: number; reading: Promise<Totals> | null }>();
  // Every member's request reads their own row and rank; the callers of one turn are read together (decision 023),
  // as fresh as one by one.
  const callers = batchedReads<{ race: RaceRow; userId: number }, Caller>({
    groupOf: ({ race }) => String(race.id),
    idOf: ({ userId }) => userId,
    loadMany: async (keys) =>
      callersOf(
        keys[0]!.race,
        keys.map((k) => k.userId),
      ),
  });
  const idsInOrder = preparedSelect(
    db,
    'race_ids_in_order',
    db
      .select({ userId: raceEntries.userId })
      .from(raceEntries)
      .where(and(eq(raceEntries.raceId, sql.placeholder('raceId')), gt(raceEntries.points, 0)))
      .orderBy(sql`${raceEntries.rankScore} desc nulls last`, asc(raceEntries.userId))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );

  async function countIn(race: RaceRow, where: SQL | undefined): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(raceEntries)
      .where(and(inRace(race), where));
    return row?.n ?? 0;
  }

  /** How many members of the race hold each total now: one pass over the race's entries. */
  async function readTotals(race: RaceRow): Promise<Totals> {
    const level = sql<number>`${raceEntries.rankScore} / ${sql.raw(String(SECOND_BITS))}`.mapWith(Number);
    const rows = await db
      .select({ total: level, n: sql<number>`count(*)::int` })
      .from(raceEntries)
      .where(inRace(race))
      .groupBy(level)
      .orderBy(desc(level));
    const totals: number[] = [];
    const ahead: number[] = [];
    let members = 0;
    for (const { total, n } of rows) {
      totals.push(total);
      ahead.push(members);
      members += n;
    }
    return { totals, ahead, members };
  }

  /**
   * The members at each total (the score's own total, ranking-order.ts, so their order is the scores'), shared by
   * every caller's rank on PostgreSQL: counting the members ahead of one far down the ranking, request by request,
   * read up to a million index entries each time (decision 042). Never more than a second old (RANKING_PAGE_MS, as
   * shared pages are), and read again ahead once half a second old, so under load no caller waits for the read.
   */
  function totalsOf(race: RaceRow): Promise<Totals> {
    let held = heldTotals.get(race.id);
    if (!held) heldTotals.set(race.id, (held = { totals: null, readAt: 0, reading: null }));
    const now = clock.now().getTime();
    const age = now - held.readAt;
    if (!held.reading && (!held.totals || age >= RANKING_PAGE_MS / 2)) {
      held.reading = readTotals(race)
        .then((totals) => Object.assign(held, { totals, readAt: now }).totals!)
        .finally(() => (held.reading = null));
      // A read ahead that fails leaves the totals read before; a caller that waits for it sees the error.
      held.reading.catch(() => undefined);
    }
    return held.totals && age < RANKING_PAGE_MS ? Promise.resolve(held.totals) : held.reading!;
  }

  /**
   * A member's rank in PostgreSQL: frozen at close; else 1 + the members with a higher total a moment ago
   * (totalsOf) + those at the member's own total ahead of them now (a higher score, or the same and a lower id),
   * counted in the ranking's index.
   */
  async function rankInDb(race: RaceRow, s: Standing): Promise<number | null> {
    if (s.points <= 0) return null;
    if (s.finalRank !== null) return s.finalRank;
    const total = pointsOfScore(s.rankScore);
    const [totals, level] = await Promise.all([
      totalsOf(race),
      countIn(
        race,
        and(
          gte(raceEntries.rankScore, s.rankScore),
          lt(raceEntries.rankScore, (total + 1) * SECOND_BITS),
          or(gt(raceEntries.rankScore, s.rankScore), lt(raceEntries.userId, s.userId)),
        ),
      ),
    ]);
    return aheadOf(totals, total) + level + 1;
  }

  /**
   * Members' standings by one statement, and their ranks: a running race's from the Redis index by one script once it
   * is built, for the score PostgreSQL holds; otherwise from PostgreSQL.
   */
  async function callersOf(race: RaceRow, ids: number[]): Promise<Map<number, Caller>> {
    const standings = [...(await standingsOf(race, ids)).values()];
    const ranked = standings.filter((s) => s.points > 0 && s.finalRank === null);
    const fromIndex =
      index && !race.closedAt
        ? await index.ranksOf(
            race.id,
            ranked.map((s) => ({ userId: s.userId, score: s.rankScore })),
          )
        : null;
    const indexed = new Map(fromIndex ? ranked.map((s, i) => [s.userId, fromIndex[i]!]) : []);
    const rows = await Promise.all(
      standings.map(async (s): Promise<[number, Caller]> => [
        s.userId,
        { standing: s, rank: indexed.get(s.userId) ?? (await rankInDb(race, s)) },
      ]),
    );
    return new Map(rows);
  }

  /**
   * Up to `limit` rows from `offset` through the Redis index: ranks and points as it holds them now, the rest
   * from the members' cards, read from PostgreSQL where missing (decision 042). Null until the index is built.
   */
  async function rowsFromIndex(race: RaceRow, offset: number, limit: number): Promise<Ranked | null> {
    const indexed = index && !race.closedAt ? await index.page(race.id, offset, limit) : null;
    if (!indexed) return null;
    const missing = indexed.entries.filter((e) => !e.card).map((e) => e.userId);
    // A member the index names but PostgreSQL holds no points for yet waits (decision 042): no card, no row.
    const read = new Map([...(await standingsOf(race, missing))].filter(([, s]) => s.points > 0));
    await index!.keepCards(race.id, read);
    const rows = indexed.entries.flatMap(({ userId, score, card }) => {
      const shown = card ?? read.get(userId);
      return shown ? [rowOf(userId, pointsOfScore(score), shown)] : [];
    });
    return { rows, participants: indexed.size };
  }

  /** The same rows from PostgreSQL: the ids in rank order, then one read of everything shown about them. */
  async function rowsFromDb(race: RaceRow, offset: number, limit: number): Promise<Ranked> {
    const ids = await idsInOrder.execute({ raceId: race.id, limit, offset });
    const standings = await standingsOf(
      race,
      ids.map((r) => r.userId),
    );
    const rows = [...standings.values()]
      .filter((s) => s.points > 0)
      .sort(byRank)
      .map((s) => rowOf(s.userId, s.points, s));
    return { rows, participants: undefined };
  }

  /**
   * A page as every caller sees it, made at most once a second per page and language (decision 042): a live
   * race's top pages are what everyone asks for, and a page read per request cost more than the rest of the call.
   * Frozen, so the serializer writes it once for all the responses that send it.
   */
  async function sharedPage(race: RaceRow, page: PageRequest, lang: ApiLang): Promise<SharedPage> {
    // The status is in the key: a race that ends or closes shows it at once.
    const key = `${race.id}:${store.statusOf(race)}:${page.page}:${page.size}:${lang}`;
    return sharedPages.get(key, async () => {
      const start = offsetOf(page);
      const fromIndex = await rowsFromIndex(race, start, page.size + 1);
      const { rows, participants } = fromIndex ?? (await rowsFromDb(race, start, page.size + 1));
      const shown = await store.toRace(race, lang, participants);
      const list = rows.slice(0, page.size).map((row, i) => ({ ...row, rank: start + i + 1 }));
      return {
        data: serializeOnce({
          ...pageResult(list, Math.max(shown.participants, start + list.length), page),
          has_more: rows.length > page.size,
          race: shown,
        }),
      };
    });
  }

  return {
    /**
     * One page of the ranking, the caller's row, and the race. The page fetches one row more than it shows: the
     * participant count may be a little behind (decision 042), so it does not decide whether more follow. The
     * caller's row and rank are read for each request (the rows of the callers of one turn together).
     */
    async page(race: RaceRow, page: PageRequest, userId: number | null, lang: ApiLang) {
      const [shared, caller] = await Promise.all([
        sharedPage(race, page, lang),
        userId === null ? undefined : callers.load({ race, userId }),
      ]);
      return { ...shared.data, me: caller ? myRow(caller) : null, server_time: clock.now().toISOString() };
    },

    /** The promoters' board: friends confirmed in the race, most first (then the lower user id). */
    async promoters(race: RaceRow, page: PageRequest, userId: number | null, lang: ApiLang) {
      const invited = and(eq(raceEntries.raceId, race.id), gt(raceEntries.invites, 0));
      const [rows, shown, total] = await Promise.all([
        db
          .select({ userId: raceEntries.userId })
          .from(raceEntries)
          .where(invited)
          .orderBy(sql`${raceEntries.invites} desc nulls last`, asc(raceEntries.userId))
          .limit(page.size)
          .offset(offsetOf(page)),
        store.toRace(race, lang),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(raceEntries)
          .where(invited),
      ]);
      const ids = rows.map((r) => r.userId);
      const standings = await standingsOf(race, userId === null ? ids : [...ids, userId]);
      const mine = userId === null ? undefined : standings.get(userId);
      let me: (Omit<PromoterRow, 'rank'> & { rank: number | null }) | null = null;
      if (mine) {
        let rank: number | null = null;
        if (mine.invites > 0) {
          const [ahead] = await db
            .select({ n: sql<number>`count(*)::int` })
            .from(raceEntries)
            .where(
              and(
                invited,
                sql`(${raceEntries.invites} > ${mine.invites} or (${raceEntries.invites} = ${mine.invites} and ${raceEntries.userId} < ${mine.userId}))`,
              ),
            );
          rank = (ahead?.n ?? 0) + 1;
        }
        me = { ...promoterOf(mine), rank };
      }
      const start = offsetOf(page);
      const list = ids.map((id, i) => ({ ...promoterOf(standings.get(id)!), rank: start + i + 1 }));
      return { ...pageResult(list, total[0]?.n ?? 0, page), race: shown, me };
    },
  };
}

export type Ranking = ReturnType<typeof createRanking>;
