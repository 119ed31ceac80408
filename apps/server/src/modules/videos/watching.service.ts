import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { POST_STATUS, WATCH_HEARTBEAT_SECONDS, WATCH_MAX_CREDIT_SECONDS, WATCHED_AFTER_SECONDS } from '@taice/contract';
import { AppError } from '../../platform/app-error';
import { offsetOf, pageResult, type PageRequest } from '../../platform/paging';
import { posts, watchHistory, watchSessions } from './videos.schema';
import type { Tx, WatchTimeTasks } from './video-events';
import type { VideosDeps } from './videos.deps';

/** A visitor's beat advances no tasks (and the full path's session part needs none). */
const NO_TASKS: WatchTimeTasks = { day: '', maxGroups: 0, tasks: [], dailyTasks: [] };
/** Views count once per viewer and video in this window. */
const VIEW_WINDOW_MS = 60 * 60 * 1000;
/** A session watched this share of the video counts as finished (left out of recommendations). */
const FINISHED_SHARE = 0.9;

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
  outcome: 'done' | 'full' | 'invalid' | 'unavailable';
  credit: number;
  watched: number;
  counted: boolean;
  newly_counted: boolean;
  view_added: boolean;
}

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
export function createWatching({ db, pool, clock, views, events }: VideosDeps) {
  /** Serialises a viewer's openings (each ends the viewer's other sessions). */
  async function lockViewer(tx: Tx, key: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }

  async function open(tx: Tx, postId: number, viewer: Viewer, key: string) {
    const now = clock.now();
    await views.publishedPost(postId, tx);
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
   * One heartbeat through `taice_watch_beat` (migration 0007, decision 019), which holds the rules:
   * the credit since the previous beat, the watched mark, the view once per hour. `full` false: the
   * whole beat in one statement when it pays nothing, else nothing is written and the outcome is 'full'.
   */
  async function beatStatement(
    tx: Tx | null,
    beat: { postId: number; sessionId: string; key: string; at: Date; full: boolean },
    tasks: WatchTimeTasks,
  ): Promise<BeatRow> {
    const values = [
      beat.sessionId,
      beat.key,
      beat.postId,
      beat.at,
      beat.full,
      WATCH_MAX_CREDIT_SECONDS,
      WATCHED_AFTER_SECONDS,
      FINISHED_SHARE,
      VIEW_WINDOW_MS / 1000,
      POST_STATUS.published,
      tasks.day,
      tasks.tasks.map((t) => t.id),
      tasks.tasks.map((t) => t.period),
      tasks.tasks.map((t) => t.target),
      tasks.tasks.map((t) => t.group),
      tasks.dailyTasks.map((t) => t.id),
      tasks.dailyTasks.map((t) => t.group),
      tasks.maxGroups,
    ];
    // On its own: a statement prepared once per connection; in the full path's transaction: through it.
    const { rows } = tx
      ? await tx.execute<BeatRow>(
          sql`select * from taice_watch_beat(${sql.join(
            values.map((v) => sql.param(v)),
            sql`, `,
          )})`,
        )
      : await pool.query<BeatRow>({
          name: 'taice_watch_beat',
          text: `select * from taice_watch_beat(${values.map((_, i) => `$${i + 1}`).join(', ')})`,
          values,
        });
    const row = rows[0]!;
    if (row.outcome === 'invalid') throw new AppError('watch_session_invalid');
    if (row.outcome === 'unavailable') throw new AppError('post_unavailable');
    return row;
  }

  /**
   * The video's view and watch-time figures, for a beat that pays: after its transaction commits, in a
   * statement of their own, so the video's row is not held through the points work of the full path
   * (a beat on its own adds them in its one statement).
   */
  async function addStats(postId: number, stats: { seconds: number; views: number }) {
    if (stats.seconds <= 0 && stats.views === 0) return;
    await db
      .update(posts)
      .set({
        watchSeconds: sql`${posts.watchSeconds} + ${stats.seconds}`,
        viewNum: sql`${posts.viewNum} + ${stats.views}`,
      })
      .where(eq(posts.id, postId));
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
      const beat = { postId, sessionId, key, at: clock.now(), full: false };
      const { userId } = viewer;
      const tasks = userId ? await events.watchTimeTasks(beat.at) : NO_TASKS;
      if (tasks) {
        const done = await beatStatement(null, beat, tasks);
        if (done.outcome === 'done') return result(sessionId, done.credit, done.watched, done.counted);
      }
      // The beat pays (a counted watch, a finished task): in a transaction with the points rules.
      const row = await db.transaction(async (tx) => {
        const full = await beatStatement(tx, { ...beat, full: true }, NO_TASKS);
        if (userId && full.credit > 0) {
          await events.emit(tx, 'watchTimeCredited', { userId, postId, sessionId, seconds: full.credit, at: beat.at });
        }
        if (userId && full.newly_counted)
          await events.emit(tx, 'videoWatched', { userId, postId, sessionId, at: beat.at });
        return full;
      });
      await addStats(postId, { seconds: row.credit, views: row.view_added ? 1 : 0 });
      return result(sessionId, row.credit, row.watched, row.counted);
    },

    /** Watch history: each published video once, last watched first. */
    async history(userId: number, page: PageRequest) {
      const where = and(eq(watchHistory.userId, userId), eq(posts.status, POST_STATUS.published));
      const [rows, [total]] = await Promise.all([
        views
          .cards({ watchedAt: watchHistory.lastWatchedAt, watchedSeconds: watchHistory.watchedSeconds })
          .innerJoin(watchHistory, and(eq(watchHistory.postId, posts.id), eq(watchHistory.userId, userId)))
          .where(where)
          .orderBy(desc(watchHistory.lastWatchedAt), desc(posts.id))
          .limit(page.size)
          .offset(offsetOf(page)),
        db.select({ n: count() }).from(watchHistory).innerJoin(posts, eq(posts.id, watchHistory.postId)).where(where),
      ]);
      const list = rows.map((row) => ({
        ...views.toCard(row),
        watched_at: row.watchedAt.toISOString(),
        watched_seconds: Math.round(row.watchedSeconds),
      }));
      return pageResult(list, total?.n ?? 0, page);
    },
  };
}

export type Watching = ReturnType<typeof createWatching>;
