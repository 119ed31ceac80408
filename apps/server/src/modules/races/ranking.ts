import { and, asc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { ApiLang, MyRanking, PromoterRow, RankingRow } from '@taice/contract';
import type { Db } from '../../platform/db/database';
import { preparedSelect } from '../../platform/db/prepared-select';
import type { Clock } from '../../platform/time/clock';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import { walletBound } from './eligibility';
import type { RaceRow, RaceStore } from './race-store';
import type { RankingIndex } from './ranking-index';
import { raceEntries } from './races.schema';
import { createStandings, type Standing } from './standings';

const taice = (hundredths: number) => hundredths / 100;

/**
 * Higher score first, then the lower user id: the order of ranking-order.ts. (In SQL `desc nulls last`, as the
 * ranking indexes hold it: a plain `desc` means nulls first, and no index would serve it.)
 */
const byRank = (a: Standing, b: Standing) => b.rankScore - a.rankScore || a.userId - b.userId;

function rowOf(s: Standing): Omit<RankingRow, 'rank'> {
  return {
    user_id: s.userId,
    uuid: s.uuid,
    user_name: s.name,
    avatar: s.avatar,
    points: taice(s.points),
    referred_by: s.referredBy,
    invites: s.invites,
    uploaded_videos: s.uploads,
    videos_watched: s.watched,
  };
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

  /** The Redis index, when there is one, it is built, and the race still moves. */
  async function liveIndex(race: RaceRow): Promise<RankingIndex | null> {
    if (!index || race.closedAt) return null;
    return (await index.ready(race.id)) ? index : null;
  }

  async function countIn(race: RaceRow, where: SQL | undefined): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(raceEntries)
      .where(and(inRace(race), where));
    return row?.n ?? 0;
  }

  /** A member's rank: frozen at close; else from the index; else 1 + the entries ahead in PostgreSQL. */
  async function rankOf(race: RaceRow, s: Standing, live: RankingIndex | null): Promise<number | null> {
    if (s.points <= 0) return null;
    if (s.finalRank !== null) return s.finalRank;
    if (live) return live.rankOf(race.id, s.userId, s.rankScore);
    const [above, tied] = await Promise.all([
      countIn(race, gt(raceEntries.rankScore, s.rankScore)),
      countIn(race, and(eq(raceEntries.rankScore, s.rankScore), lt(raceEntries.userId, s.userId))),
    ]);
    return above + tied + 1;
  }

  /**
   * The ids of one page in rank order, and one more when there is a next page: the participant count may be a
   * little behind (decision 042), so it does not decide whether more follow.
   */
  async function pageIds(race: RaceRow, page: PageRequest, live: RankingIndex | null): Promise<number[]> {
    if (live) return live.page(race.id, offsetOf(page), page.size + 1);
    const rows = await idsInOrder.execute({ raceId: race.id, limit: page.size + 1, offset: offsetOf(page) });
    return rows.map((r) => r.userId);
  }

  return {
    /** One page of the ranking, the caller's row, and the race. */
    async page(race: RaceRow, page: PageRequest, userId: number | null, lang: ApiLang) {
      const live = await liveIndex(race);
      const [ids, participants] = await Promise.all([pageIds(race, page, live), live ? live.size(race.id) : undefined]);
      const standings = await standingsOf(race, userId === null ? ids : [...ids, userId]);
      // The index may name a member whose points PostgreSQL does not hold yet (decision 042): they wait.
      const fetched = ids.flatMap((id) => standings.get(id) ?? []).filter((s) => s.points > 0);
      fetched.sort(byRank);
      const entries = fetched.slice(0, page.size);
      const mine = userId === null ? undefined : standings.get(userId);
      const [myRank, shown] = await Promise.all([
        mine ? rankOf(race, mine, live) : null,
        store.toRace(race, lang, participants),
      ]);
      const start = offsetOf(page);
      const list = entries.map((s, i) => ({ ...rowOf(s), rank: start + i + 1 }));
      const me: MyRanking | null = mine
        ? { ...rowOf(mine), rank: myRank, wallet_bound: walletBound(mine.wallet) }
        : null;
      return {
        ...pageResult(list, Math.max(shown.participants, start + list.length), page),
        has_more: fetched.length > page.size,
        race: shown,
        me,
        server_time: clock.now().toISOString(),
      };
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
