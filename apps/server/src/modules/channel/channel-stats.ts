import { and, count, eq, gt, gte, inArray, ne, sql } from 'drizzle-orm';
import { POST_STATUS, type ChannelDay, type ChannelReportDays, type ChannelTotals } from '@taice/contract';
import { businessDay } from '../../platform/time/business-day';
import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import { taice } from '../../platform/money';
import { users } from '../accounts/accounts.schema';
import { follows, posts } from '../videos/videos.schema';
import {
  daysBetween,
  followerActivity,
  followerActivityQuery,
  plusDays,
  postActivity,
  postActivityQuery,
  startOf,
  type PostDay,
} from './activity';
import type { ChannelEarnings } from './earnings';
import type { ChannelPosts } from './channel-posts';
import { channelFollowerDays, channelPostDays, channelRolledDays } from './channel.schema';

/**
 * A day is rolled up this long after it ends at the earliest: a session belongs to the day it started, and one
 * started before midnight may still be crediting watch time for as long as its video lasts.
 */
export const ROLL_UP_GRACE_MS = 60 * 60_000;
/** How far back the statistics reach, and the roll-up with them. */
const MAX_DAYS = 90;
/** Creators per batch of the roll-up, each batch one transaction. */
const BATCH_CREATORS = 200;

type Figures = Omit<PostDay, 'postId' | 'day'>;
const zero = (): Figures => ({ views: 0, watchSeconds: 0, likes: 0, comments: 0, shares: 0 });
function add(into: Figures, more: Figures) {
  into.views += more.views;
  into.watchSeconds += more.watchSeconds;
  into.likes += more.likes;
  into.comments += more.comments;
  into.shares += more.shares;
}

/**
 * The channel's statistics (decision 051). Totals come from the videos' own counters. The series per day reads
 * the closed days from the daily tables (`channel_post_days`, `channel_follower_days`) once the roll-up has
 * written them (`channel_rolled_days`), and computes the others (today, a day the job has not reached) from those
 * days' rows of the caller's videos alone, through `(post_id, time)` indexes; never a scan of a whole table.
 * Pool payouts are the pools module's, per day.
 */
export function createChannelStats(deps: { db: Db; clock: Clock; posts: ChannelPosts; earnings: ChannelEarnings }) {
  const { db, clock, earnings } = deps;

  async function rolledSince(first: string): Promise<Set<string>> {
    const rows = await db
      .select({ day: channelRolledDays.day })
      .from(channelRolledDays)
      .where(gte(channelRolledDays.day, first));
    return new Set(rows.map((r) => r.day));
  }

  /** Whether the user ever had a video: the roll-up covers the follows of those who did. */
  async function everPosted(userId: number): Promise<boolean> {
    const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.authorId, userId)).limit(1);
    return row !== undefined;
  }

  async function totals(userId: number, postId?: number): Promise<ChannelTotals> {
    if (postId !== undefined) {
      const post = await deps.posts.own(userId, postId);
      const [paid, earned] = await Promise.all([earnings.paidByPost([postId]), earnings.earnedByPost([postId])]);
      return {
        videos: 1,
        published: post.status === POST_STATUS.published ? 1 : 0,
        views: post.viewNum,
        watch_seconds: Math.round(post.watchSeconds),
        likes: post.likeNum,
        comments: post.commentNum,
        shares: post.shareNum,
        followers: null,
        new_followers_today: null,
        earned: taice(earned.get(postId) ?? 0),
        pool_paid: taice(paid.get(postId) ?? 0),
      };
    }
    const mine = and(eq(posts.authorId, userId), ne(posts.status, POST_STATUS.deleted));
    const [[sums], [user], [today], paid, earned] = await Promise.all([
      db
        .select({
          videos: count(),
          published: sql<number>`count(*) filter (where ${posts.status} = ${POST_STATUS.published})::int`,
          views: sql<number>`coalesce(sum(${posts.viewNum}), 0)::float8`,
          watch: sql<number>`coalesce(sum(${posts.watchSeconds}), 0)::float8`,
          likes: sql<number>`coalesce(sum(${posts.likeNum}), 0)::float8`,
          comments: sql<number>`coalesce(sum(${posts.commentNum}), 0)::float8`,
          shares: sql<number>`coalesce(sum(${posts.shareNum}), 0)::float8`,
        })
        .from(posts)
        .where(mine),
      db.select({ followers: users.followerNum }).from(users).where(eq(users.id, userId)),
      db
        .select({ n: count() })
        .from(follows)
        .where(and(eq(follows.followeeId, userId), gte(follows.createdAt, startOf(businessDay(clock.now()))))),
      earnings.paidByCreator(userId),
      earnings.earnedByCreator(userId),
    ]);
    return {
      videos: sums?.videos ?? 0,
      published: sums?.published ?? 0,
      views: Number(sums?.views ?? 0),
      watch_seconds: Math.round(Number(sums?.watch ?? 0)),
      likes: Number(sums?.likes ?? 0),
      comments: Number(sums?.comments ?? 0),
      shares: Number(sums?.shares ?? 0),
      followers: user?.followers ?? 0,
      new_followers_today: today?.n ?? 0,
      earned: taice(earned),
      pool_paid: taice(paid),
    };
  }

  /** The figures per day of the caller's channel (or video) from the daily tables, for the rolled-up days. */
  async function stored(userId: number, first: string, postId?: number): Promise<Map<string, Figures>> {
    const sums = {
      day: channelPostDays.day,
      views: sql<number>`sum(${channelPostDays.views})::int`,
      watchSeconds: sql<number>`sum(${channelPostDays.watchSeconds})::float8`,
      likes: sql<number>`sum(${channelPostDays.likes})::int`,
      comments: sql<number>`sum(${channelPostDays.comments})::int`,
      shares: sql<number>`sum(${channelPostDays.shares})::int`,
    };
    const rows =
      postId !== undefined
        ? await db
            .select(sums)
            .from(channelPostDays)
            .where(and(eq(channelPostDays.postId, postId), gte(channelPostDays.day, first)))
            .groupBy(channelPostDays.day)
        : await db
            .select(sums)
            .from(channelPostDays)
            .innerJoin(posts, eq(posts.id, channelPostDays.postId))
            .where(
              and(
                eq(channelPostDays.authorId, userId),
                gte(channelPostDays.day, first),
                ne(posts.status, POST_STATUS.deleted),
              ),
            )
            .groupBy(channelPostDays.day);
    return new Map(rows.map(({ day, ...figures }) => [day, figures]));
  }

  async function report(
    userId: number,
    days: ChannelReportDays,
    postId?: number,
  ): Promise<{ days: ChannelDay[]; utc_offset: string }> {
    if (postId !== undefined) await deps.posts.own(userId, postId);
    const today = businessDay(clock.now());
    const first = plusDays(today, 1 - days);
    const range = daysBetween(first, today);
    const rolled = await rolledSince(first);
    const live = range.filter((day) => !rolled.has(day));
    const liveFirst = live[0] ?? today;
    const postIds = postId !== undefined ? [postId] : await deps.posts.ids(userId);
    const withFollowers = postId === undefined;
    const followersLiveFrom = withFollowers && !(await everPosted(userId)) ? first : liveFirst;

    const [fromTables, fromRows, followerRows, followersLive, paid] = await Promise.all([
      stored(userId, first, postId),
      postActivity(db, postIds, liveFirst, today),
      withFollowers
        ? db
            .select({ day: channelFollowerDays.day, n: channelFollowerDays.newFollowers })
            .from(channelFollowerDays)
            .where(and(eq(channelFollowerDays.authorId, userId), gte(channelFollowerDays.day, first)))
        : Promise.resolve([]),
      withFollowers ? followerActivity(db, [userId], followersLiveFrom, today) : Promise.resolve([]),
      earnings.paidByDay(userId, first, today, postId),
    ]);

    const figures = new Map<string, Figures>(range.map((day) => [day, zero()]));
    for (const [day, f] of fromTables) if (rolled.has(day)) add(figures.get(day)!, f);
    for (const row of fromRows) if (!rolled.has(row.day) && figures.has(row.day)) add(figures.get(row.day)!, row);
    const followers = new Map<string, number>();
    const followersRolled = followersLiveFrom === first ? new Set<string>() : rolled;
    for (const r of followerRows) if (followersRolled.has(r.day)) followers.set(r.day, r.n);
    for (const r of followersLive) if (!followersRolled.has(r.day)) followers.set(r.day, r.newFollowers);

    return {
      days: range.map((day) => {
        const f = figures.get(day)!;
        return {
          day,
          views: f.views,
          watch_seconds: Math.round(f.watchSeconds),
          likes: f.likes,
          comments: f.comments,
          shares: f.shares,
          new_followers: withFollowers ? (followers.get(day) ?? 0) : null,
          pool_paid: taice(paid.get(day) ?? 0),
        };
      }),
      utc_offset: '+08:00',
    };
  }

  /**
   * One batch of the roll-up: the figures of `days` of every video of `authorIds`, computed and written by one
   * statement each (the rows never leave the database), in one transaction; the rows written per day.
   */
  async function rollBatch(authorIds: number[], days: string[]): Promise<Map<string, number>> {
    const videos = (await db.select({ id: posts.id }).from(posts).where(inArray(posts.authorId, authorIds))).map(
      (v) => v.id,
    );
    const first = days[0]!;
    const last = days.at(-1)!;
    const wanted = sql`${sql.param(days)}::date[]`;
    return db.transaction(async (tx) => {
      const perDay = new Map<string, number>();
      if (videos.length > 0) {
        const { rows } = await tx.execute<{ day: string; n: number }>(sql`
          with figures as (${postActivityQuery(videos, first, last)}),
          written as (
            insert into ${channelPostDays} (post_id, day, author_id, views, watch_seconds, likes, comments, shares)
            select f.post_id, f.day::date, p.author_id, f.views, f.seconds, f.likes, f.comments, f.shares
            from figures f join ${posts} p on p.id = f.post_id
            where f.day::date = any(${wanted})
            on conflict (post_id, day) do update set views = excluded.views, watch_seconds = excluded.watch_seconds,
              likes = excluded.likes, comments = excluded.comments, shares = excluded.shares
            returning day)
          select day::text, count(*)::int as n from written group by day`);
        for (const r of rows) perDay.set(r.day, r.n);
      }
      await tx.execute(sql`
        with gained as (${followerActivityQuery(authorIds, first, last)})
        insert into ${channelFollowerDays} (author_id, day, new_followers)
        select author_id, day::date, n from gained where day::date = any(${wanted})
        on conflict (author_id, day) do update set new_followers = excluded.new_followers`);
      return perDay;
    });
  }

  return {
    totals,
    report,

    /**
     * Rolls up every closed day of the last 90 not rolled up yet (the daily job; after downtime, each missed
     * day), creators `BATCH_CREATORS` at a time, each batch its own transaction; the days are marked done after
     * the last batch. A run that stopped half-way leaves its days unmarked (read live) and is redone whole by the
     * next run; its rows are written again with the same figures, so running twice changes nothing.
     */
    async rollUp(): Promise<{ days: string[]; rows: number }> {
      const now = clock.now();
      const today = businessDay(now);
      const closedBefore = businessDay(new Date(now.getTime() - ROLL_UP_GRACE_MS));
      const first = plusDays(today, 1 - MAX_DAYS);
      const rolled = await rolledSince(first);
      const days = daysBetween(first, plusDays(closedBefore, -1)).filter((day) => !rolled.has(day));
      if (days.length === 0) return { days, rows: 0 };
      const rowsByDay = new Map(days.map((day) => [day, 0]));
      let after = 0;
      for (;;) {
        const batch = (
          await db
            .selectDistinct({ authorId: posts.authorId })
            .from(posts)
            .where(gt(posts.authorId, after))
            .orderBy(posts.authorId)
            .limit(BATCH_CREATORS)
        ).map((r) => r.authorId);
        if (batch.length === 0) break;
        for (const [day, n] of await rollBatch(batch, days)) rowsByDay.set(day, rowsByDay.get(day)! + n);
        after = batch.at(-1)!;
      }
      await db
        .insert(channelRolledDays)
        .values(days.map((day) => ({ day, postRows: rowsByDay.get(day)!, computedAt: now })))
        .onConflictDoNothing();
      const written = [...rowsByDay.values()].reduce((a, b) => a + b, 0);
      return { days, rows: written };
    },
  };
}

export type ChannelStats = ReturnType<typeof createChannelStats>;
