import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database';

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` `n` days after `day`. */
export const plusDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The instant a business day (UTC+8) starts. */
export const startOf = (day: string): Date => new Date(`${day}T00:00:00+08:00`);

/** The days from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = plusDays(day, 1)) days.push(day);
  return days;
}

/** A video's figures of one business day. */
export interface PostDay {
  postId: number;
  day: string;
  views: number;
  watchSeconds: number;
  likes: number;
  comments: number;
  shares: number;
}

/** The business day (UTC+8) of a timestamp column, as `YYYY-MM-DD`. */
const dayOf = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC' + interval '8 hours', 'YYYY-MM-DD')`);

/**
 * What happened to `postIds` on the business days `first` to `last`, per video and day (days without anything
 * have no row), from the days' own rows, each found by a `(post_id, time)` index: sessions started (views
 * counted, watch seconds credited; a session belongs to the day it started), likes, comments (not deleted)
 * and shares made. The cost grows with the videos and what they had those days, never with the tables. As a
 * query (`post_id, day, views, seconds, likes, comments, shares`), for the roll-up to insert from.
 */
export function postActivityQuery(postIds: number[], first: string, last: string) {
  const ids = sql`${sql.param(postIds)}::int[]`;
  const from = startOf(first);
  const to = startOf(plusDays(last, 1));
  return sql`
    select post_id, day, sum(views)::int as views, sum(seconds)::float8 as seconds, sum(likes)::int as likes,
      sum(comments)::int as comments, sum(shares)::int as shares
    from (
      select post_id, ${dayOf('started_at')} as day, count(*) filter (where view_counted) as views,
        sum(credited) as seconds, 0 as likes, 0 as comments, 0 as shares
      from watch_sessions where post_id = any(${ids}) and started_at >= ${from} and started_at < ${to}
      group by 1, 2
      union all
      select post_id, ${dayOf('created_at')}, 0, 0, count(*), 0, 0
      from post_reactions where post_id = any(${ids}) and created_at >= ${from} and created_at < ${to} and kind = 1
      group by 1, 2
      union all
      select post_id, ${dayOf('created_at')}, 0, 0, 0, count(*), 0
      from comments where post_id = any(${ids}) and created_at >= ${from} and created_at < ${to}
        and deleted_at is null
      group by 1, 2
      union all
      select post_id, ${dayOf('created_at')}, 0, 0, 0, 0, count(*)
      from shares where post_id = any(${ids}) and created_at >= ${from} and created_at < ${to}
      group by 1, 2
    ) figures
    group by post_id, day`;
}

/** `postActivityQuery`'s rows. */
export async function postActivity(db: Db | Tx, postIds: number[], first: string, last: string): Promise<PostDay[]> {
  if (postIds.length === 0) return [];
  const { rows } = await db.execute<{
    post_id: number;
    day: string;
    views: number;
    seconds: number;
    likes: number;
    comments: number;
    shares: number;
  }>(postActivityQuery(postIds, first, last));
  return rows.map((r) => ({
    postId: r.post_id,
    day: r.day,
    views: r.views,
    watchSeconds: r.seconds,
    likes: r.likes,
    comments: r.comments,
    shares: r.shares,
  }));
}

/**
 * Follows gained by `authorIds` on the business days `first` to `last` (the `(followee_id, created_at)` index), as
 * a query (`author_id, day, n`).
 */
export function followerActivityQuery(authorIds: number[], first: string, last: string) {
  return sql`
    select followee_id as author_id, ${dayOf('created_at')} as day, count(*)::int as n
    from follows
    where followee_id = any(${sql.param(authorIds)}::int[])
      and created_at >= ${startOf(first)} and created_at < ${startOf(plusDays(last, 1))}
    group by 1, 2`;
}

/** `followerActivityQuery`'s rows. */
export async function followerActivity(
  db: Db | Tx,
  authorIds: number[],
  first: string,
  last: string,
): Promise<{ authorId: number; day: string; newFollowers: number }[]> {
  if (authorIds.length === 0) return [];
  const { rows } = await db.execute<{ author_id: number; day: string; n: number }>(
    followerActivityQuery(authorIds, first, last),
  );
  return rows.map((r) => ({ authorId: r.author_id, day: r.day, newFollowers: r.n }));
}
