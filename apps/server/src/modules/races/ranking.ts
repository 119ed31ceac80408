import { and, asc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApiLang, MyRanking, PromoterRow, RankingRow } from '@taice/contract';
import type { Db } from '../../platform/db/database';
import { preparedSelect } from '../../platform/db/prepared-select';
import type { Clock } from '../../platform/time/clock';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import { users } from '../accounts/accounts.schema';
import { walletBound } from './eligibility';
import { createRaceActivity } from './race-activity';
import type { RaceRow, RaceStore } from './race-store';
import type { RankingIndex } from './ranking-index';
import { raceEntries } from './races.schema';

const taice = (hundredths: number) => hundredths / 100;

const entryColumns = {
  userId: raceEntries.userId,
  points: raceEntries.points,
  rankScore: raceEntries.rankScore,
  invites: raceEntries.invites,
  finalRank: raceEntries.finalRank,
};

interface EntryRow {
  userId: number;
  points: number;
  rankScore: number;
  invites: number;
  finalRank: number | null;
}

/**
 * Higher score first, then the lower user id: the order of ranking-order.ts. (In SQL `desc nulls last`, as the
 * ranking indexes hold it: a plain `desc` means nulls first, and no index would serve it.)
 */
const byRank = (a: EntryRow, b: EntryRow) => b.rankScore - a.rankScore || a.userId - b.userId;

/**
 * A race's ranking, read from the entries the earnings keep (race-scoring.ts) in their one order
 * (ranking-order.ts). A running race ranks through the Redis index where there is one (ranking-index.ts),
 * otherwise by counting in the ranking's PostgreSQL index; a closed race has its ranks frozen.
 */
export function createRanking(deps: { db: Db; clock: Clock; store: RaceStore; index: RankingIndex | null }) {
  const { db, clock, store, index } = deps;
  const inRace = (race: RaceRow) => and(eq(raceEntries.raceId, race.id), gt(raceEntries.points, 0));

  // The reads of every page, as prepared statements: planning them cost more than running them.
  const raceId = sql.placeholder('raceId');
  const userIds = sql.placeholder('userIds');
  const inviter = alias(users, 'inviter');
  const peopleByIds = preparedSelect(
    db,
    'race_people',
    db
      .select({
        id: users.id,
        uuid: users.uuid,
        name: users.nickname,
        avatar: users.avatar,
        referredBy: inviter.nickname,
        wallet: users.chainAddress,
      })
      .from(users)
      .leftJoin(inviter, eq(inviter.id, users.inviterId))
      .where(sql`${users.id} = any(${userIds})`),
  );
  const entriesByIds = preparedSelect(
    db,
    'race_entries_by_ids',
    db
      .select(entryColumns)
      .from(raceEntries)
      .where(and(eq(raceEntries.raceId, raceId), sql`${raceEntries.userId} = any(${userIds})`)),
  );
  const entriesInOrder = preparedSelect(
    db,
    'race_entries_in_order',
    db
      .select(entryColumns)
      .from(raceEntries)
      .where(and(eq(raceEntries.raceId, raceId), gt(raceEntries.points, 0)))
      .orderBy(sql`${raceEntries.rankScore} desc nulls last`, asc(raceEntries.userId))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  const activityOf = createRaceActivity(db);

  /** The Redis index, when there is one, it is built, and the race still moves. */
  async function liveIndex(race: RaceRow): Promise<RankingIndex | null> {
    if (!index || race.closedAt) return null;
    return (await index.ready(race.id)) ? index : null;
  }

  /** Who the members are, who invited them, and what they watched and posted in the race. */
  async function rowsOf(race: RaceRow, entries: EntryRow[]) {
    const ids = entries.map((e) => e.userId);
    const rows = new Map<number, Omit<RankingRow, 'rank'> & { wallet_bound: boolean }>();
    if (ids.length === 0) return rows;
    const [people, activity] = await Promise.all([peopleByIds.execute({ userIds: ids }), activityOf(race, ids)]);
    for (const e of entries) {
      const who = people.find((p) => p.id === e.userId);
      rows.set(e.userId, {
        user_id: e.userId,
        uuid: who?.uuid ?? '',
        user_name: who?.name ?? '',
        avatar: who?.avatar ?? '',
        points: taice(e.points),
        referred_by: who?.referredBy ?? null,
        invites: e.invites,
        uploaded_videos: activity.get(e.userId)!.uploads,
        videos_watched: activity.get(e.userId)!.watched,
        wallet_bound: walletBound(who?.wallet ?? null),
      });
    }
    return rows;
  }

  async function countIn(race: RaceRow, where: SQL | undefined): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(raceEntries)
      .where(and(inRace(race), where));
    return row?.n ?? 0;
  }

  /** A member's rank: frozen at close; else from the index; else 1 + the entries ahead in PostgreSQL. */
  async function rankOf(race: RaceRow, entry: EntryRow, live: RankingIndex | null): Promise<number | null> {
    if (entry.points <= 0) return null;
    if (entry.finalRank !== null) return entry.finalRank;
    if (live) return live.rankOf(race.id, entry.userId, entry.rankScore);
    const [above, tied] = await Promise.all([
      countIn(race, gt(raceEntries.rankScore, entry.rankScore)),
      countIn(race, and(eq(raceEntries.rankScore, entry.rankScore), lt(raceEntries.userId, entry.userId))),
    ]);
    return above + tied + 1;
  }

  /**
   * The entries of one page, in rank order, and one more when there is a next page: the participant count may
   * be a little behind (decision 042), so it does not decide whether more follow.
   */
  async function pageEntries(race: RaceRow, page: PageRequest, live: RankingIndex | null): Promise<EntryRow[]> {
    if (live) {
      const ids = await live.page(race.id, offsetOf(page), page.size + 1);
      if (ids.length === 0) return [];
      const rows = await entriesByIds.execute({ raceId: race.id, userIds: ids });
      return rows.filter((e) => e.points > 0).sort(byRank);
    }
    return entriesInOrder.execute({ raceId: race.id, limit: page.size + 1, offset: offsetOf(page) });
  }

  async function entryOf(race: RaceRow, userId: number): Promise<EntryRow> {
    const [entry] = await entriesByIds.execute({ raceId: race.id, userIds: [userId] });
    return entry ?? { userId, points: 0, rankScore: 0, invites: 0, finalRank: null };
  }

  return {
    /** One page of the ranking, the caller's row, and the race. */
    async page(race: RaceRow, page: PageRequest, userId: number | null, lang: ApiLang) {
      const live = await liveIndex(race);
      const [fetched, mine, participants] = await Promise.all([
        pageEntries(race, page, live),
        userId === null ? null : entryOf(race, userId),
        live ? live.size(race.id) : undefined,
      ]);
      const entries = fetched.slice(0, page.size);
      const [rows, myRank, shown] = await Promise.all([
        rowsOf(race, mine ? [...entries, mine] : entries),
        mine ? rankOf(race, mine, live) : null,
        store.toRace(race, lang, participants),
      ]);
      const start = offsetOf(page);
      const list = entries.map((e, i) => {
        const { wallet_bound: _private, ...row } = rows.get(e.userId)!;
        return { ...row, rank: start + i + 1 };
      });
      const me: MyRanking | null = mine ? { ...rows.get(mine.userId)!, rank: myRank } : null;
      return {
        ...pageResult(list, Math.max(shown.participants, offsetOf(page) + list.length), page),
        has_more: fetched.length > page.size,
        race: shown,
        me,
        server_time: clock.now().toISOString(),
      };
    },

    /** The promoters' board: friends confirmed in the race, most first (then the lower user id). */
    async promoters(race: RaceRow, page: PageRequest, userId: number | null, lang: ApiLang) {
      const invited = and(eq(raceEntries.raceId, race.id), gt(raceEntries.invites, 0));
      const [entries, mine, shown, total] = await Promise.all([
        db
          .select(entryColumns)
          .from(raceEntries)
          .where(invited)
          .orderBy(sql`${raceEntries.invites} desc nulls last`, asc(raceEntries.userId))
          .limit(page.size)
          .offset(offsetOf(page)),
        userId === null ? null : entryOf(race, userId),
        store.toRace(race, lang),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(raceEntries)
          .where(invited),
      ]);
      const people = await rowsOf(race, mine ? [...entries, mine] : entries);
      const promoter = (e: EntryRow) => {
        const p = people.get(e.userId)!;
        return { user_id: e.userId, uuid: p.uuid, user_name: p.user_name, avatar: p.avatar, invites: e.invites };
      };
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
        me = { ...promoter(mine), rank };
      }
      const start = offsetOf(page);
      const list = entries.map((e, i) => ({ ...promoter(e), rank: start + i + 1 }));
      return { ...pageResult(list, total[0]?.n ?? 0, page), race: shown, me };
    },
  };
}

export type Ranking = ReturnType<typeof createRanking>;
