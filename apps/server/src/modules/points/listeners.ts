import { sql } from 'drizzle-orm';
import { businessDay } from '../../platform/business-day';
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

async function addActivity(
  tx: Tx,
  userId: number,
  change: { watchSeconds?: number; watchedVideos?: number; shares?: number },
) {
  const [row] = await tx
    .insert(userActivity)
    .values({ userId, ...change })
    .onConflictDoUpdate({
      target: userActivity.userId,
      set: {
        watchSeconds: sql`${userActivity.watchSeconds} + ${change.watchSeconds ?? 0}`,
        watchedVideos: sql`${userActivity.watchedVideos} + ${change.watchedVideos ?? 0}`,
        shares: sql`${userActivity.shares} + ${change.shares ?? 0}`,
      },
    })
    .returning({ watchedVideos: userActivity.watchedVideos });
  return row!;
}

async function addDaily(tx: Tx, userId: number, at: Date, change: { watchSeconds?: number; watchedVideos?: number }) {
  await tx
    .insert(userDailyStats)
    .values({ userId, day: businessDay(at), ...change })
    .onConflictDoUpdate({
      target: [userDailyStats.userId, userDailyStats.day],
      set: {
        watchSeconds: sql`${userDailyStats.watchSeconds} + ${change.watchSeconds ?? 0}`,
        watchedVideos: sql`${userDailyStats.watchedVideos} + ${change.watchedVideos ?? 0}`,
      },
    });
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

  events.on('watchTimeCredited', async (tx, e) => {
    await lockUserPoints(tx, e.userId);
    await addActivity(tx, e.userId, { watchSeconds: e.seconds });
    await addDaily(tx, e.userId, e.at, { watchSeconds: e.seconds });
    await tasks.advance(tx, e.userId, 'watch_video', 'time', e.seconds, e.at);
  });

  events.on('videoWatched', async (tx, e) => {
    await lockUserPoints(tx, e.userId);
    // Watching the same clip again counts once a day toward "videos watched".
    if (!(await firstToday(tx, e.userId, 'watch', e.postId, e.at))) return;
    const activity = await addActivity(tx, e.userId, { watchedVideos: 1 });
    await addDaily(tx, e.userId, e.at, { watchedVideos: 1 });
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
    await addActivity(tx, e.userId, { shares: 1 });
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
