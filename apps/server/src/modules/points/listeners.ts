import { sql } from 'drizzle-orm';
import { businessDay } from '../../platform/time/business-day';
import type { Tx, VideoEvents } from '../videos/video-events';
import { lockUserPoints } from './points-locks';
import { countedActions, userActivity } from './points.schema';
import type { Referrals } from './referrals';
import type { Tasks } from './tasks';
import type { WatchEarnings } from './watch-earnings';

/** True the first time this user does `action` on `refId` this business day. */
async function firstToday(tx: Tx, userId: number, action: string, refId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .insert(countedActions)
    .values({ userId, action, refId, day: businessDay(at) })
    .onConflictDoNothing()
    .returning({ userId: countedActions.userId });
  return rows.length > 0;
}

/** Adds a share to the user's lifetime activity. */
async function addShare(tx: Tx, userId: number): Promise<void> {
  await tx
    .insert(userActivity)
    .values({ userId, shares: 1 })
    .onConflictDoUpdate({ target: userActivity.userId, set: { shares: sql`${userActivity.shares} + 1` } });
}

/**
 * How the points economy earns from the videos module's events. Each
 * handler runs in the transaction of the action (see video-events.ts) under
 * the user's points lock.
 */
export function listenToVideos(
  events: VideoEvents,
  deps: { tasks: Tasks; referrals: Referrals; watching: WatchEarnings },
) {
  const { tasks, referrals, watching } = deps;

  // One rule for watching (decision 027): the heartbeats' batch applies it to the beats that pay
  // nothing, these two handlers to the others.
  events.earnFromWatching((at) => watching.forBatch(at));
  events.on('watchTimeCredited', (tx, e) =>
    watching.apply(tx, { userId: e.userId, postId: e.postId, seconds: e.seconds, counted: false, at: e.at }),
  );
  events.on('videoWatched', (tx, e) =>
    watching.apply(tx, { userId: e.userId, postId: e.postId, seconds: 0, counted: true, at: e.at }),
  );

  events.on('videoShared', async (tx, e) => {
    await lockUserPoints(tx, e.userId);
    await addShare(tx, e.userId);
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
