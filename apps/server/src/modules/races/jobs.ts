import type { JobSet } from '../../platform/jobs/jobs';
import type { RaceClose } from './race-close';
import type { RaceStore } from './race-store';
import type { RankingIndex } from './ranking-index';

/**
 * The races' jobs: every hour the coming races are made (with the prize table then in force); every minute the
 * ended ones are closed. A close run after downtime closes every race missed, oldest first.
 */
export function racesJobs(store: RaceStore, raceClose: RaceClose, index: RankingIndex | null): JobSet {
  return {
    tasks: {
      // With Redis: each open race's sorted set built if missing, and the last minute's scores confirmed.
      'races.sync_index': async () => {
        if (!index) return;
        for (const race of await store.open()) await index.sync(race.id);
      },
      'races.create_ahead': async () => {
        await store.createAhead();
      },
      'races.close_due': async () => {
        await raceClose.closeDue();
      },
    },
    schedule: [
      { task: 'races.create_ahead', cron: '7 * * * *', catchUpMs: 3_600_000 },
      { task: 'races.close_due', cron: '* * * * *' },
      { task: 'races.sync_index', cron: '* * * * *' },
    ],
  };
}
