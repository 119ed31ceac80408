import type { JobSet } from '../../platform/jobs/jobs';
import { BROADCAST_TASK, type Broadcasts } from './broadcasts';

/** The messages module's jobs: one batch of a broadcast per run, each run queueing the next. */
export function messagesJobs(broadcasts: Broadcasts): JobSet {
  return {
    tasks: {
      [BROADCAST_TASK]: async (payload) => {
        await broadcasts.runBatch((payload as { broadcastId: number }).broadcastId);
      },
    },
  };
}
