import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { POST_STATUS, WATCH_HEARTBEAT_SECONDS, WATCH_MAX_CREDIT_SECONDS, WATCHED_AFTER_SECONDS } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { batchedWrites } from '../../platform/turn/batched-writes';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import { posts, watchHistory, watchSessions } from './videos.schema';
import type { Tx, WatchEarning } from './video-events';
import type { VideosDeps } from './videos.deps';

/** Views count once per viewer and video in this window. */
const VIEW_WINDOW_MS = 60 * 60 * 1000;
/** A session watched this share of the video counts as finished (left out of recommendations). */
const FINISHED_SHARE = 0.9;
/** Turns the batch's statement into text and values, for a statement prepared once per connection. */
const dialect = new PgDialect();

export interface Viewer {
  userId: number | null;
  deviceId: string | null;
}

function viewerKey({ userId, deviceId }: Viewer): string {
  if (userId) return `user:${userId}`;
  if (deviceId) return `device:${deviceId}`;
  throw new AppError('sign_missing');
}

interface BeatRow extends Record<string, unknown> {
  session_id: string;
  outcome: 'done' | 'full' | 'busy' | 'invalid' | 'unavailable';
  credit: number;
  watched: number;
  counted: boolean;
  newly_counted: boolean;
  view_added: boolean;
  /** The batch added the video's figures for this beat. */
  figures_added: boolean;
}

/** A heartbeat of an open session, waiting for its batch. */
interface Beat {
  postId: number;
  sessionId: string;
  key: string;
  member: boolean;
}

/** A beat its batch leaves to the full path. */
const FULL = { outcome: 'full' } as BeatRow;
/** A beat that waits for the next batch: its session's previous beat is in this one. */
const BUSY = { outcome: 'busy' } as BeatRow;

function result(sessionId: string, credited: number, watched: number, counted: boolean) {
  return {
    session_id: sessionId,
    credited: Math.round(credited * 10) / 10,
    watched: Math.round(watched * 10) / 10,
    counted: counted ? (1 as const) : (0 as const),
    heartbeat: WATCH_HEARTBEAT_SECONDS,
  };
}

/**
 * Watching, measured by the server. A viewer opens a session on a video and
 * sends heartbeats; each heartbeat credits the wall-clock time since the
 * previous one (at most WATCH_MAX_CREDIT_SECONDS), never past the video's
 * length. Opening a session ends the viewer's others (under a per-viewer
 * lock), so only one counts at a time; beats of one session wait on its row.
 */
export function createWatching({ db, pool, clock, postCards, events }: VideosDeps) {
  /** Serialises a viewer's openings (each ends the viewer's other sessions). */
  async function lockViewer(tx: Tx, key: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }

  async function open(tx: Tx, postId: number, viewer: Viewer, key: string) {
    const now = clock.now();
    await postCards.publishedPost(postId, tx);
    await tx
      .update(watchSessions)
      .set({ endedAt: now })
      .where(and(eq(watchSessions.viewerKey, key), isNull(watchSessions.endedAt)));
    const [session] = await tx
      .insert(watchSessions)
      .values({ postId, userId: viewer.userId, viewerKey: key, startedAt: now, lastBeatAt: now })
      .returning({ id: watchSessions.id });
    if (viewer.userId) {
      await tx
        .insert(watchHistory)
        .values({ userId: viewer.userId, postId, lastWatchedAt: now })
        .onConflictDoUpdate({ target: [watchHistory.userId, watchHistory.postId], set: { lastWatchedAt: now } });
    }
    return result(session!.id, 0, 0, false);
  }

  /**
   * Beats through `taice_watch_take` and `taice_watch_settle` (migration 0010, decisions 019, 024, 027),
   * which hold the rules: the credit since the previous beat, the watched mark, the view once per hour.
   * `tx` null: a batch in autocommit that applies whole the beats that pay nothing, with what members
   * earn (`earning`, the points module's rule, between the two), and leaves the others ('full'); in
   * the full path's transaction: one beat's session part.
   */
  async function beatStatement(
    tx: Tx | null,
    beats: Beat[],
    at: Date,
    earning: WatchEarning | null,
  ): Promise<BeatRow[]> {
    const p = (value: unknown) => sql.param(value);
    const take = sql.join(
      [
        beats.map((b) => b.sessionId),
        beats.map((b) => b.key),
        beats.map((b) => b.postId),
        at,
        tx !== null,
        WATCH_MAX_CREDIT_SECONDS,
        WATCHED_AFTER_SECONDS,
        VIEW_WINDOW_MS / 1000,
        POST_STATUS.published,
      ].map(p),
      sql`, `,
    );
    // The beats in order, one array a column, as the earnings function takes them.
    const column = (expr: SQL) => sql`(select array_agg(${expr} order by ord) from beat)`;
    const earned = earning
      ? sql`, earned as materialized (
          select array_agg(e.verdict <> 'applied' order by e.ord) as to_full
          from ${sql.identifier(earning.fn)}(${sql.join(
            [
              column(sql`case when outcome = 'done' then user_id end`),
              column(sql`post_id`),
              column(sql`credit`),
              column(sql`newly_counted`),
              ...earning.params.map(p),
            ],
            sql`, `,
          )}) e)`
      : sql``;
    const query = sql`
      with beat as materialized (select * from taice_watch_take(${take}))${earned}
      select * from taice_watch_settle(
        (select array_agg(row(b.*)::taice_beat order by b.ord) from beat b),
        ${earning ? sql`(select to_full from earned)` : sql`null`}, ${p(at)}, ${p(tx !== null)}, ${p(FINISHED_SHARE)})`;
    if (tx) return (await tx.execute<BeatRow>(query)).rows;
    // A batch: a statement prepared once per connection (one with members' earnings, one without).
    const { sql: text, params } = dialect.sqlToQuery(query);
    const name = earning ? 'taice_watch_beats' : 'taice_watch_beats_visitors';
    return (await pool.query<BeatRow>({ name, text, values: params })).rows;
  }

  /**
   * One batch of beats. A viewer's (or session's) second beat in the batch is 'busy'; without the
   * points module's rule for a batch (`events.watchEarning`), members' beats take the full path.
   */
  async function applyBeats(queued: Beat[]): Promise<BeatRow[]> {
    const at = clock.now();
    const earning = queued.some((b) => b.member) ? await events.watchEarning(at) : null;
    const taken = new Set<string>();
    const left = new Map<Beat, BeatRow>();
    const batch = queued.filter((b) => {
      if (b.member && !earning) left.set(b, FULL);
      else if (taken.has(b.key) || taken.has(b.sessionId)) left.set(b, BUSY);
      else taken.add(b.key).add(b.sessionId);
      return !left.has(b);
    });
    if (batch.length === 0) return queued.map((b) => left.get(b)!);
    const members = batch.some((b) => b.member);
    const rows = new Map(
      (await beatStatement(null, batch, at, members ? earning : null)).map((r) => [r.session_id, r]),
    );
    return queued.map((b) => left.get(b) ?? rows.get(b.sessionId)!);
  }

  /**
   * The videos' view and watch-time figures that the beats' batch could not add (another transaction
   * held the video; the full path), after the beats' commits, for many beats at once (one batch at a
   * time, so two never wait on each other's videos).
   */
  async function addStats(stats: { postId: number; seconds: number; views: number }[]): Promise<void[]> {
    const byPost = new Map<number, { seconds: number; views: number }>();
    for (const { postId, seconds, views } of stats) {
      const sum = byPost.get(postId) ?? { seconds: 0, views: 0 };
      byPost.set(postId, { seconds: sum.seconds + seconds, views: sum.views + views });
    }
    const ids = [...byPost.keys()].sort((a, b) => a - b);
    await pool.query({
      name: 'taice_post_watch_stats',
      text: `update posts p set watch_seconds = p.watch_seconds + s.seconds, view_num = p.view_num + s.views
             from unnest($1::int[], $2::float8[], $3::int[]) as s(id, seconds, views) where p.id = s.id`,
      values: [ids, ids.map((id) => byPost.get(id)!.seconds), ids.map((id) => byPost.get(id)!.views)],
    });
    return stats.map(() => undefined);
  }

  const beats = batchedWrites(applyBeats, { maxInFlight: 4, maxBatch: 100 });
  const postStats = batchedWrites(addStats, { maxInFlight: 1, maxBatch: 1_000 });

  async function addPostStats(postId: number, row: BeatRow) {
    if (row.figures_added || (row.credit <= 0 && !row.view_added)) return;
    await postStats.submit({ postId, seconds: row.credit, views: row.view_added ? 1 : 0 });
  }

  function check(row: BeatRow) {
    if (row.outcome === 'invalid') throw new AppError('watch_session_invalid');
    if (row.outcome === 'unavailable') throw new AppError('post_unavailable');
  }

  return {
    /** Opens a session (no `sessionId`) or credits a heartbeat of one. */
    async heartbeat(postId: number, sessionId: string | undefined, viewer: Viewer) {
      const key = viewerKey(viewer);
      if (!sessionId) {
        return db.transaction(async (tx) => {
          await lockViewer(tx, key);
          return open(tx, postId, viewer, key);
        });
      }
      const { userId } = viewer;
      const beat: Beat = { postId, sessionId, key, member: userId !== null };
      let done = await beats.submit(beat);
      // A session's beats one after another: once more in the next batch, then in the full path.
      if (done.outcome === 'busy') done = await beats.submit(beat);
      check(done);
      if (done.outcome === 'done') {
        await addPostStats(postId, done);
        return result(sessionId, done.credit, done.watched, done.counted);
      }
      // The beat pays (new-user reward, a finished task, a referral) or had to wait: in a transaction
      // with the points rules.
      const at = clock.now();
      const row = await db.transaction(async (tx) => {
        const full = (await beatStatement(tx, [beat], at, null))[0]!;
        check(full);
        if (userId && full.credit > 0) {
          await events.emit(tx, 'watchTimeCredited', { userId, postId, sessionId, seconds: full.credit, at });
        }
        if (userId && full.newly_counted) await events.emit(tx, 'videoWatched', { userId, postId, sessionId, at });
        return full;
      });
      await addPostStats(postId, row);
      return result(sessionId, row.credit, row.watched, row.counted);
    },

    /** Watch history: each published video once, last watched first. */
    async history(userId: number, page: PageRequest) {
      const where = and(eq(watchHistory.userId, userId), eq(posts.status, POST_STATUS.published));
      const [rows, [total]] = await Promise.all([
        postCards
          .cards({ watchedAt: watchHistory.lastWatchedAt, watchedSeconds: watchHistory.watchedSeconds })
          .innerJoin(watchHistory, and(eq(watchHistory.postId, posts.id), eq(watchHistory.userId, userId)))
          .where(where)
          .orderBy(desc(watchHistory.lastWatchedAt), desc(posts.id))
          .limit(page.size)
          .offset(offsetOf(page)),
        db.select({ n: count() }).from(watchHistory).innerJoin(posts, eq(posts.id, watchHistory.postId)).where(where),
      ]);
      const list = rows.map((row) => ({
        ...postCards.toCard(row),
        watched_at: row.watchedAt.toISOString(),
        watched_seconds: Math.round(row.watchedSeconds),
      }));
      return pageResult(list, total?.n ?? 0, page);
    },
  };
}

export type Watching = ReturnType<typeof createWatching>;
