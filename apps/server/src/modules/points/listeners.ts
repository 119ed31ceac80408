import { sql } from 'drizzle-orm';
import { businessDay } from '../../platform/time/business-day';
import type { Tx, VideoEvents } from '../videos/video-events';
import type { Ledger } from './ledger';
import { lockUserPoints } from './points-locks';
import { countedActions, userActivity, userDailyStats } from './points.schema';
import type { Referrals } from './referrals';
import type { PointsSetting } from './settings';
import type { Tasks } from './tasks';

/** True the first time this user does `action` on `refId` this business day. */
async function firstToday(tx: Tx, userId: number, action: string, refId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .insert(countedActions)
    .values({ userId, action, refId, day: businessDay(at) })
    .onConflictDoNothing()
    .returning({ userId: countedActions.userId });
  return rows.length > 0;
}

/** Adds to the user's lifetime activity and to today's figures in one statement; the lifetime count of watched videos after it. */
async function addActivity(
  tx: Tx,
  userId: number,
  at: Date,
  change: { watchSeconds?: number; watchedVideos?: number; shares?: number },
  daily: boolean,
): Promise<{ watchedVideos: number }> {
  const seconds = change.watchSeconds ?? 0;
  const videos = change.watchedVideos ?? 0;
  const shares = change.shares ?? 0;
  const today = sql`
    , today as (
      insert into ${userDailyStats} (user_id, day, watch_seconds, watched_videos)
      values (${userId}, ${businessDay(at)}, ${seconds}, ${videos})
      on conflict (user_id, day) do update set
        watch_seconds = ${userDailyStats}.watch_seconds + excluded.watch_seconds,
        watched_videos = ${userDailyStats}.watched_videos + excluded.watched_videos
    )`;
  const { rows } = await tx.execute<{ watched_videos: number }>(sql`
    with lifetime as (
      insert into ${userActivity} (user_id, watch_seconds, watched_videos, shares)
      values (${userId}, ${seconds}, ${videos}, ${shares})
      on conflict (user_id) do update set
        watch_seconds = ${userActivity}.watch_seconds + excluded.watch_seconds,
        watched_videos = ${userActivity}.watched_videos + excluded.watched_videos,
        shares = ${userActivity}.shares + excluded.shares
      returning watched_videos
    )${daily ? today : sql``}
    select watched_videos from lifetime`);
  return { watchedVideos: Number(rows[0]!.watched_videos) };
}

/**
 * How the points economy earns from the videos module's events. Each
 * handler runs in the transaction of the action (see video-events.ts) under
 * the user's points lock.
 */
export function listenToVideos(
  events: VideoEvents,
  deps: { ledger: Ledger; tasks: Tasks; referrals: Referrals; setting: PointsSetting },
) {
  const { ledger, tasks, referrals, setting } = deps;

  // A beat that pays nothing is applied by the heartbeats' batch statement (taice_watch_beats, decision
  // 025) exactly as these two handlers would: keep them in step (see describeWatching).
  events.on('watchTimeCredited', async (tx, e) => {
    await lockUserPoints(tx, e.userId);
    await addActivity(tx, e.userId, e.at, { watchSeconds: e.seconds }, true);
    await tasks.advance(tx, e.userId, 'watch_video', 'time', e.seconds, e.at);
  });
  events.describeWatching((at) => tasks.watchTasks(at));

  events.on('videoWatched', async (tx, e) => {
    await lockUserPoints(tx, e.userId);
    // Watching the same clip again counts once a day toward "videos watched".
    if (!(await firstToday(tx, e.userId, 'watch', e.postId, e.at))) return;
    const activity = await addActivity(tx, e.userId, e.at, { watchedVideos: 1 }, true);
    if (activity.watchedVideos === 1) {
      await ledger.credit(tx, {
        userId: e.userId,
        amount: await setting('new_user_reward', tx),
        reason: 'new_user_reward',
        eventKey: `newuser:${e.userId}`,
        bucket: 'spendable',
        at: e.at,
      });
    }
    await tasks.advance(tx, e.userId, 'watch_video', 'other', 1, e.at);
    await referrals.confirmIfDue(tx, e.userId, e.at);
  });

  events.on('videoShared', async (tx, e) => {
    await lockUserPoints(tx, e.userId);
    await addActivity(tx, e.userId, e.at, { shares: 1 }, false);
    if (await firstToday(tx, e.userId, 'share', e.postId, e.at)) {
      await tasks.advance(tx, e.userId, 'share_post', 'other', 1, e.at);
    }
    await referrals.confirmIfDue(tx, e.userId, e.at);
  });

  events.on('videoLiked', async (tx, e) => {
    await lockUserPoints(tx, e.userId);
    if (await firstToday(tx, e.userId, 'like', e.postId, e.at)) {
      await tasks.advance(tx, e.userId, 'like', 'other', 1, e.at);
    }
  });

  events.on('commentPosted', async (tx, e) => {
    await lockUserPoints(tx, e.userId);
    await tasks.advance(tx, e.userId, 'comment', 'other', 1, e.at);
  });
}
