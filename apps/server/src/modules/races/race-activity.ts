import { and, eq, sql, type Param, type Placeholder } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database';
import { preparedSelect } from '../../platform/db/prepared-select';
import { userDailyStats } from '../points/points.schema';
import { posts } from '../videos/videos.schema';
import { raceDays, type RaceRow } from './race-store';

const PUBLISHED = 1;

export interface RaceActivity {
  /** Videos counted as watched on the race's business days. */
  watched: number;
  /** Videos the member published inside the race (until the creator studio marks AI videos, every video counts). */
  uploads: number;
}

/** A query's inputs: values, or placeholders of a prepared statement. */
type Arg<T> = T | Placeholder;
interface Inputs {
  /** One array parameter (`sql.param`: a bare array would become a list of parameters). */
  ids: Param | Placeholder;
  firstDay: Arg<string>;
  lastDay: Arg<string>;
  startsAt: Arg<string>;
  endsAt: Arg<string>;
}

/** Videos counted as watched on the race's days, per member. */
const watchedQuery = (q: Tx, a: Inputs) =>
  q
    .select({ userId: userDailyStats.userId, n: sql<number>`sum(${userDailyStats.watchedVideos})::int` })
    .from(userDailyStats)
    .where(
      and(
        sql`${userDailyStats.userId} = any(${a.ids})`,
        sql`${userDailyStats.day} between ${a.firstDay} and ${a.lastDay}`,
      ),
    )
    .groupBy(userDailyStats.userId);

/** Videos published inside the race, per member. */
const uploadsQuery = (q: Tx, a: Inputs) =>
  q
    .select({ userId: posts.authorId, n: sql<number>`count(*)::int` })
    .from(posts)
    .where(
      and(
        sql`${posts.authorId} = any(${a.ids})`,
        eq(posts.status, PUBLISHED),
        sql`${posts.publishedAt} >= ${a.startsAt} and ${posts.publishedAt} < ${a.endsAt}`,
      ),
    )
    .groupBy(posts.authorId);

function inputsOf(race: RaceRow, ids: number[]) {
  const { first, last } = raceDays(race);
  return {
    ids,
    firstDay: first,
    lastDay: last,
    startsAt: race.startsAt.toISOString(),
    endsAt: race.endsAt.toISOString(),
  };
}

type Counts = { userId: number; n: number }[];

function combine(ids: number[], watched: Counts, uploads: Counts): Map<number, RaceActivity> {
  const activity = new Map<number, RaceActivity>(ids.map((id) => [id, { watched: 0, uploads: 0 }]));
  for (const row of watched) activity.get(row.userId)!.watched = row.n;
  for (const row of uploads) activity.get(row.userId)!.uploads = row.n;
  return activity;
}

/** What the members `ids` watched and posted in `race`, read in the caller's transaction (the close's). */
export async function raceActivityIn(tx: Tx, race: RaceRow, ids: number[]): Promise<Map<number, RaceActivity>> {
  if (ids.length === 0) return new Map();
  const inputs = { ...inputsOf(race, ids), ids: sql.param(ids) };
  const [watched, uploads] = await Promise.all([watchedQuery(tx, inputs), uploadsQuery(tx, inputs)]);
  return combine(ids, watched, uploads);
}

/**
 * The same figures for the ranking's pages, as prepared statements: a page reads them on every request, and
 * planning the two queries cost more than running them.
 */
export function createRaceActivity(db: Db) {
  const placeholders: Inputs = {
    ids: sql.placeholder('ids'),
    firstDay: sql.placeholder('firstDay'),
    lastDay: sql.placeholder('lastDay'),
    startsAt: sql.placeholder('startsAt'),
    endsAt: sql.placeholder('endsAt'),
  };
  const watched = preparedSelect(db, 'race_watched', watchedQuery(db, placeholders));
  const uploads = preparedSelect(db, 'race_uploads', uploadsQuery(db, placeholders));
  return async (race: RaceRow, ids: number[]): Promise<Map<number, RaceActivity>> => {
    if (ids.length === 0) return new Map();
    const inputs = inputsOf(race, ids);
    const [w, u] = await Promise.all([watched.execute(inputs), uploads.execute(inputs)]);
    return combine(ids, w, u);
  };
}
