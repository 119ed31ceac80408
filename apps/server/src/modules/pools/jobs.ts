import type { JobSet } from '../../platform/jobs/jobs';
import { POOL_END_TASK, type Funding } from './funding';

/** The pools' jobs: a pool's end, queued with the pool (safe to run twice, and racing a cancel). */
export function poolsJobs(funding: Funding): JobSet {
  return {
    tasks: {
      [POOL_END_TASK]: async (payload) => {
        const { poolId } = payload as { poolId: number };
        await funding.end(poolId);
      },
    },
  };
}
