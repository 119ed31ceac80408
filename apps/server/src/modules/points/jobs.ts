import type { JobSet } from '../../platform/jobs/jobs';
import type { Issuance } from './issuance';

/**
 * The points module's jobs: every minute, the daily-task TAICE of the days now due. A run that finds nothing
 * is one indexed query, and a run after downtime catches up every missed day by itself, so none is made up.
 */
export function pointsJobs(issuance: Issuance): JobSet {
  return {
    tasks: {
      'points.issue_daily': async () => {
        await issuance.issueDue();
      },
    },
    schedule: [{ task: 'points.issue_daily', cron: '* * * * *' }],
  };
}
