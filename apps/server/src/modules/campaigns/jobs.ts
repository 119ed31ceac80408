import type { JobSet } from '../../platform/jobs/jobs';
import type { Settlement } from './settlement';

/**
 * The campaigns' job: every two minutes the ended campaigns are settled (all missed ones after downtime, oldest
 * first) and the running ones' participants and progress refreshed.
 */
export function campaignsJobs(settlement: Settlement): JobSet {
  return {
    tasks: {
      'campaigns.tick': async () => {
        await settlement.tick();
      },
    },
    schedule: [{ task: 'campaigns.tick', cron: '*/2 * * * *' }],
  };
}
