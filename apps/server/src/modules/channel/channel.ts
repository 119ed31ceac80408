import type { Clock } from '../../platform/time/clock';
import type { Db, Tx } from '../../platform/db/database';
import type { JobSet } from '../../platform/jobs/jobs';
import type { VideoEvents } from '../videos/video-events';
import { createChannelEarnings } from './earnings';
import { createChannelPosts } from './channel-posts';
import { createChannelStats, type ChannelStats } from './channel-stats';

/** The creator's channel (decision 051): their videos, their take-downs and deletions, their statistics. */
export function createChannel(deps: {
  db: Db;
  clock: Clock;
  events: VideoEvents;
  mediaUrl: (key: string) => string;
  closePools: (tx: Tx, postId: number) => Promise<unknown>;
}) {
  const { db, clock } = deps;
  const earnings = createChannelEarnings(db);
  const posts = createChannelPosts({ ...deps, earnings });
  const stats = createChannelStats({ db, clock, posts, earnings });
  return { posts, stats };
}

export type Channel = ReturnType<typeof createChannel>;

/**
 * Rolls up the closed days of the channels' statistics at 01:10 UTC+8 (an hour after midnight, when no
 * session of the day before is still crediting), making up the days missed while no process was up.
 */
export function channelJobs(stats: ChannelStats): JobSet {
  return {
    tasks: {
      'channel.stats_rollup': async () => {
        await stats.rollUp();
      },
    },
    schedule: [{ task: 'channel.stats_rollup', cron: '10 17 * * *' }],
  };
}
