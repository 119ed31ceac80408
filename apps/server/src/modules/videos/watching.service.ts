import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { POST_STATUS, WATCH_HEARTBEAT_SECONDS, WATCH_MAX_CREDIT_SECONDS, WATCHED_AFTER_SECONDS } from '@taice/contract';
import { AppError } from '../../platform/app-error';
import { offsetOf, pageResult, type PageRequest } from '../../platform/paging';
import { posts, watchHistory, watchSessions } from './videos.schema';
import type { Tx } from './video-events';
import type { VideosDeps } from './videos.deps';

const NO_STATS = { seconds: 0, views: 0 };
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

/** Seconds after which a session counts as a watch: 10 s or half the video, whichever is less. */
export function watchedMark(duration: number): number {
  return Math.min(WATCHED_AFTER_SECONDS, duration / 2);
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
 * length. Opening a session ends the viewer's others, so only one counts at a
 * time. Every change for one viewer runs under a per-viewer lock.
 */
export function createWatching({ db, clock, views, events }: VideosDeps) {
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
    return { answer: result(session!.id, 0, 0, false), stats: NO_STATS };
  }

  /** A counted watch is a view, once per viewer and video per hour. */
  async function firstViewThisHour(tx: Tx, key: string, postId: number, now: Date): Promise<boolean> {
    const [recent] = await tx
      .select({ id: watchSessions.id })
      .from(watchSessions)
      .where(
        and(
          eq(watchSessions.viewerKey, key),
          eq(watchSessions.postId, postId),
          eq(watchSessions.viewCounted, true),
          gt(watchSessions.countedAt, new Date(now.getTime() - VIEW_WINDOW_MS)),
        ),
      )
      .limit(1);
    return !recent;
  }

  /**
   * The session with its video's length, the session's row locked: beats of one session wait on each
   * other, and on an opening (which ends the viewer's other sessions under the viewer lock and so
   * updates this row) — then read the session as that transaction left it.
   */
  async function lockedSession(tx: Tx, sessionId: string, key: string, postId: number) {
    const [row] = await tx
      .select({ session: watchSessions, duration: posts.duration, status: posts.status })
      .from(watchSessions)
      .innerJoin(posts, eq(posts.id, watchSessions.postId))
      .where(
        and(
          eq(watchSessions.id, sql.placeholder('id')),
          eq(watchSessions.viewerKey, sql.placeholder('key')),
          eq(watchSessions.postId, sql.placeholder('post')),
        ),
      )
      .for('no key update', { of: watchSessions })
      .prepare('watch_session_for_beat')
      .execute({ id: sessionId, key, post: postId });
    return row;
  }

  async function beat(tx: Tx, postId: number, sessionId: string, viewer: Viewer, key: string) {
    const now = clock.now();
    const found = await lockedSession(tx, sessionId, key, postId);
    const session = found?.session;
    if (!session || session.endedAt) throw new AppError('watch_session_invalid');
    const post = found;
    if (post.status !== POST_STATUS.published) throw new AppError('post_unavailable');

    const elapsed = Math.max(0, (now.getTime() - session.lastBeatAt.getTime()) / 1000);
    const credit = Math.max(0, Math.min(elapsed, WATCH_MAX_CREDIT_SECONDS, post.duration - session.credited));
    const watched = session.credited + credit;
    const becomesCounted = !session.countedAt && watched >= watchedMark(post.duration);
    const countView = becomesCounted && (await firstViewThisHour(tx, key, postId, now));
    const { userId } = viewer;
    const finished = watched >= post.duration * FINISHED_SHARE;
    // The session and the member's history in one statement.
    await tx.execute(sql`
      with beat as (
        update ${watchSessions} set last_beat_at = ${now}, credited = ${watched},
          counted_at = case when ${becomesCounted} then ${now}::timestamptz else counted_at end,
          view_counted = view_counted or ${countView}
        where id = ${sessionId}
      )
      update ${watchHistory} set watched_seconds = watched_seconds + ${credit}, last_watched_at = ${now},
        finished = finished or ${finished}
      where user_id = ${userId ?? 0} and post_id = ${postId}`);
    if (userId) {
      if (credit > 0)
        await events.emit(tx, 'watchTimeCredited', { userId, postId, sessionId, seconds: credit, at: now });
      if (becomesCounted) await events.emit(tx, 'videoWatched', { userId, postId, sessionId, at: now });
    }
    return {
      answer: result(sessionId, credit, watched, Boolean(session.countedAt) || becomesCounted),
      stats: { seconds: credit, views: countView ? 1 : 0 },
    };
  }

  /**
   * The video's view and watch-time figures change after the viewer's
   * transaction commits, in one statement of their own: they are statistics,
   * and holding the video's row through the viewer's points work would make
   * every viewer of a popular video wait on each other.
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
      const { answer, stats } = await db.transaction(async (tx) => {
        if (sessionId) return beat(tx, postId, sessionId, viewer, key);
        await lockViewer(tx, key);
        return open(tx, postId, viewer, key);
      });
      await addStats(postId, stats);
      return answer;
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
