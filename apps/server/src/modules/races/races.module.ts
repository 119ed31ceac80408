import type { Db } from '../../platform/db/database';
import type { Clock } from '../../platform/time/clock';
import type { Messages } from '../messages/messages.module';
import type { Ledger } from '../points/points.module';
import { createRaceAdmin } from './race-admin';
import { createRaceClose } from './race-close';
import { scoreRacesFrom } from './race-scoring';
import { createRaceStore } from './race-store';
import { createRanking } from './ranking';
import { createRewardNotices } from './reward-notices';
import { createRewards } from './rewards';

/**
 * Weekly leaderboard races and the rewards of races and campaigns, assembled: the standings follow the
 * ledger's earnings, the jobs make and close races, operators decide each reward once.
 */
export function createRaces(deps: { db: Db; clock: Clock; ledger: Ledger; messages: Messages }) {
  const { db, clock, ledger, messages } = deps;
  const store = createRaceStore({ db, clock });
  scoreRacesFrom(ledger, store);
  const notices = createRewardNotices(messages);
  const raceClose = createRaceClose({ db, clock, store, notices });
  return {
    store,
    raceClose,
    notices,
    ranking: createRanking({ db, clock, store }),
    rewards: createRewards({ db, clock, ledger, notices }),
    raceAdmin: createRaceAdmin({ db, clock, store, raceClose }),
  };
}

export type Races = ReturnType<typeof createRaces>;
export type { RewardNotices } from './reward-notices';

export { racesJobs } from './jobs';
export { racesRoutes } from './races.routes';
export { racesOpsRoutes } from './ops.routes';
