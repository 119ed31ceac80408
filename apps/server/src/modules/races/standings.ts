import { and, eq, sql, type Param, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db/database';
import { preparedSelect } from '../../platform/db/prepared-select';
import { users } from '../accounts/accounts.schema';
import { userDailyStats } from '../points/points.schema';
import { posts } from '../videos/videos.schema';
import { raceDays, type RaceRow } from './race-store';
import { raceEntries } from './races.schema';

const PUBLISHED = 1;

/** A member as a race shows and checks them: who they are, their standing, and what they did in the race. */
export interface Standing {
  userId: number;
  uuid: string;
  name: string;
  avatar: string;
  /** The bound EVM wallet, if any. */
  wallet: string | null;
  /** The inviter's name. */
  referredBy: string | null;
  /** Hundredths of TAICE earned in the race (0 without an entry). */
  points: number;
  rankScore: number;
  /** Friends confirmed in the race. */
  invites: number;
  finalRank: number | null;
  /** Videos counted as watched on the race's business days. */
  watched: number;
  /** Videos published inside the race. */
  uploads: number;
  /** Of those, the ones their creator marked AI-generated (the podium's upload rule counts these). */
  aiUploads: number;
}

/** A query's inputs: values, or placeholders of a prepared statement. */
type Arg<T> = T | Placeholder;
interface Inputs {
  raceId: Arg<number>;
  /** The members: one array parameter (`sql.param`: a bare array would become a list of parameters), or one id. */
  ids: { any: Param | Placeholder } | { one: Placeholder };
  firstDay: Arg<string>;
  lastDay: Arg<string>;
  startsAt: Arg<string>;
  endsAt: Arg<string>;
}

const inviter = alias(users, 'inviter');
const count = (expression: ReturnType<typeof sql>) => expression.mapWith(Number);

/** One statement for any set of members: a page of the ranking with the caller's row, or the prize ranks. */
const standingsQuery = (q: Tx, a: Inputs) =>
  q
    .select({
      userId: users.id,
      uuid: users.uuid,
      name: users.nickname,
      avatar: users.avatar,
      wallet: users.chainAddress,
      referredBy: inviter.nickname,
      points: count(sql`coalesce(${raceEntries.points}, 0)`),
      rankScore: count(sql`coalesce(${raceEntries.rankScore}, 0)`),
      invites: count(sql`coalesce(${raceEntries.invites}, 0)`),
      finalRank: raceEntries.finalRank,
      watched: count(sql`coalesce((
        select sum(${userDailyStats.watchedVideos}) from ${userDailyStats}
        where ${userDailyStats.userId} = ${users.id} and ${userDailyStats.day} between ${a.firstDay} and ${a.lastDay}
      ), 0)::int`),
      uploads: count(sql`(
        select count(*) from ${posts}
        where ${posts.authorId} = ${users.id} and ${posts.status} = ${PUBLISHED}
          and ${posts.publishedAt} >= ${a.startsAt} and ${posts.publishedAt} < ${a.endsAt}
      )::int`),
      aiUploads: count(sql`(
        select count(*) from ${posts}
        where ${posts.authorId} = ${users.id} and ${posts.status} = ${PUBLISHED} and ${posts.aiGenerated}
          and ${posts.publishedAt} >= ${a.startsAt} and ${posts.publishedAt} < ${a.endsAt}
      )::int`),
    })
    .from(users)
    .leftJoin(inviter, eq(inviter.id, users.inviterId))
    .leftJoin(raceEntries, and(eq(raceEntries.raceId, a.raceId), eq(raceEntries.userId, users.id)))
    .where('one' in a.ids ? sql`${users.id} = ${a.ids.one}` : sql`${users.id} = any(${a.ids.any})`);

function valuesOf(race: RaceRow) {
  const { first, last } = raceDays(race);
  return {
    raceId: race.id,
    firstDay: first,
    lastDay: last,
    startsAt: race.startsAt.toISOString(),
    endsAt: race.endsAt.toISOString(),
  };
}

const byUser = (rows: Standing[]) => new Map(rows.map((r) => [r.userId, r]));

/** The standings of the members `ids` in `race`, read in the caller's transaction (the close's). */
export async function standingsIn(tx: Tx, race: RaceRow, ids: number[]): Promise<Map<number, Standing>> {
  if (ids.length === 0) return new Map();
  return byUser(await standingsQuery(tx, { ...valuesOf(race), ids: { any: sql.param(ids) } }));
}

/**
 * The same read for the ranking's pages, as prepared statements: they read it on every request. A caller's own row
 * has a statement of its own, by one id: PostgreSQL plans `= any($ids)` for ten members, dearer than the custom plan
 * for one, so it planned that statement afresh on every execution (0.5 ms, five times the read itself).
 */
export function createStandings(db: Db) {
  const inputs = {
    raceId: sql.placeholder('raceId'),
    firstDay: sql.placeholder('firstDay'),
    lastDay: sql.placeholder('lastDay'),
    startsAt: sql.placeholder('startsAt'),
    endsAt: sql.placeholder('endsAt'),
  };
  const ofMany = preparedSelect(
    db,
    'race_standings',
    standingsQuery(db, { ...inputs, ids: { any: sql.placeholder('ids') } }),
  );
  const ofOne = preparedSelect(
    db,
    'race_standing',
    standingsQuery(db, { ...inputs, ids: { one: sql.placeholder('id') } }),
  );
  return async (race: RaceRow, ids: number[]): Promise<Map<number, Standing>> => {
    if (ids.length === 0) return new Map();
    const values = valuesOf(race);
    return byUser(
      await (ids.length === 1 ? ofOne.execute({ ...values, id: ids[0] }) : ofMany.execute({ ...values, ids })),
    );
  };
}
