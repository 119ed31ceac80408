import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
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

/** What the members `ids` watched and posted in `race`: the figures its rows show and its prize rules check. */
export async function raceActivity(tx: Tx, race: RaceRow, ids: number[]): Promise<Map<number, RaceActivity>> {
  const activity = new Map<number, RaceActivity>(ids.map((id) => [id, { watched: 0, uploads: 0 }]));
  if (ids.length === 0) return activity;
  const { first, last } = raceDays(race);
  const [watched, uploads] = await Promise.all([
    tx
      .select({ userId: userDailyStats.userId, n: sql<number>`sum(${userDailyStats.watchedVideos})::int` })
      .from(userDailyStats)
      .where(and(inArray(userDailyStats.userId, ids), sql`${userDailyStats.day} between ${first} and ${last}`))
      .groupBy(userDailyStats.userId),
    tx
      .select({ userId: posts.authorId, n: sql<number>`count(*)::int` })
      .from(posts)
      .where(
        and(
          inArray(posts.authorId, ids),
          eq(posts.status, PUBLISHED),
          sql`${posts.publishedAt} >= ${race.startsAt.toISOString()} and ${posts.publishedAt} < ${race.endsAt.toISOString()}`,
        ),
      )
      .groupBy(posts.authorId),
  ]);
  for (const row of watched) activity.get(row.userId)!.watched = row.n;
  for (const row of uploads) activity.get(row.userId)!.uploads = row.n;
  return activity;
}
