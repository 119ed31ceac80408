import { and, asc, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApiLang, MyRanking, PromoterRow, RankingRow } from '@taice/contract';
import type { Db } from '../../platform/db/database';
import type { Clock } from '../../platform/time/clock';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import { users } from '../accounts/accounts.schema';
import { walletBound } from './eligibility';
import { raceActivity } from './race-activity';
import type { RaceRow, RaceStore } from './race-store';
import { raceEntries } from './races.schema';

const taice = (hundredths: number) => hundredths / 100;

interface EntryRow {
  userId: number;
  points: number;
  rankScore: number;
  invites: number;
}

/**
 * A race's ranking, read from the entries the earnings keep (race-scoring.ts) in their one order
 * (ranking-order.ts): pages by the ranking index, and a member's own rank as the number of entries ahead.
 */
export function createRanking(deps: { db: Db; clock: Clock; store: RaceStore }) {
  const { db, clock, store } = deps;
  const inRace = (race: RaceRow) => and(eq(raceEntries.raceId, race.id), gt(raceEntries.points, 0));

  /** Who the members are, who invited them, and what they watched and posted in the race. */
  async function rowsOf(race: RaceRow, entries: EntryRow[]) {
    const ids = entries.map((e) => e.userId);
    if (ids.length === 0) return new Map<number, Omit<RankingRow, 'rank'> & { wallet_bound: boolean }>();
    const inviter = alias(users, 'inviter');
    const [people, activity] = await Promise.all([
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
        .where(inArray(users.id, ids)),
      raceActivity(db, race, ids),
    ]);
    return new Map(
      entries.map((e) => {
        const who = people.find((p) => p.id === e.userId);
        return [
          e.userId,
          {
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
          },
        ];
      }),
    );
  }

  /** How many entries of `race` satisfy `ahead` (by the ranking index's range). */
  async function countAhead(race: RaceRow, ahead: SQL | undefined): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(raceEntries)
      .where(and(inRace(race), ahead));
    return row?.n ?? 0;
  }

  /** 1 + the entries ahead: a higher score, or the same score and a lower user id. */
  async function rankOf(race: RaceRow, entry: EntryRow): Promise<number> {
    const [above, tied] = await Promise.all([
      countAhead(race, gt(raceEntries.rankScore, entry.rankScore)),
      countAhead(race, and(eq(raceEntries.rankScore, entry.rankScore), lt(raceEntries.userId, entry.userId))),
    ]);
    return above + tied + 1;
  }

  async function entryOf(race: RaceRow, userId: number): Promise<EntryRow> {
    const [entry] = await db
      .select({
        userId: raceEntries.userId,
        points: raceEntries.points,
        rankScore: raceEntries.rankScore,
        invites: raceEntries.invites,
      })
      .from(raceEntries)
      .where(and(eq(raceEntries.raceId, race.id), eq(raceEntries.userId, userId)));
    return entry ?? { userId, points: 0, rankScore: 0, invites: 0 };
  }

  const entryColumns = {
    userId: raceEntries.userId,
    points: raceEntries.points,
    rankScore: raceEntries.rankScore,
    invites: raceEntries.invites,
  };

  return {
    /** One page of the ranking, the caller's row, and the race. */
    async page(race: RaceRow, page: PageRequest, userId: number | null, lang: ApiLang) {
      const [entries, mine, shown] = await Promise.all([
        db
          .select(entryColumns)
          .from(raceEntries)
          .where(inRace(race))
          .orderBy(desc(raceEntries.rankScore), asc(raceEntries.userId))
          .limit(page.size)
          .offset(offsetOf(page)),
        userId === null ? null : entryOf(race, userId),
        store.toRace(race, lang),
      ]);
      const [rows, myRank] = await Promise.all([
        rowsOf(race, mine ? [...entries, mine] : entries),
        mine && mine.points > 0 ? rankOf(race, mine) : null,
      ]);
      const start = offsetOf(page);
      const list = entries.map((e, i) => {
        const { wallet_bound: _private, ...row } = rows.get(e.userId)!;
        return { ...row, rank: start + i + 1 };
      });
      const me: MyRanking | null = mine ? { ...rows.get(mine.userId)!, rank: myRank } : null;
      return {
        ...pageResult(list, shown.participants, page),
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
          .orderBy(desc(raceEntries.invites), asc(raceEntries.userId))
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
      const promoter = (e: EntryRow, rank: number | null) => {
        const p = people.get(e.userId)!;
        return { rank, user_id: e.userId, uuid: p.uuid, user_name: p.user_name, avatar: p.avatar, invites: e.invites };
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
        me = promoter(mine, rank);
      }
      const start = offsetOf(page);
      const list = entries.map((e, i) => promoter(e, start + i + 1) as PromoterRow);
      return { ...pageResult(list, total[0]?.n ?? 0, page), race: shown, me };
    },
  };
}

export type Ranking = ReturnType<typeof createRanking>;
