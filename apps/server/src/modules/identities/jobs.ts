import type { JobSet } from '../../platform/jobs/jobs';
import type { Challenges } from './challenges';

/** The identities module's jobs: used-up sign-in nonces, proof payloads and tickets cleared away hourly. */
export function identitiesJobs(challenges: Challenges): JobSet {
  return {
    tasks: { 'identities.prune_challenges': () => challenges.prune() },
    schedule: [{ task: 'identities.prune_challenges', cron: '17 * * * *' }],
  };
}
