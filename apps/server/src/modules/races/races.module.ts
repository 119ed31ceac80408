import type { Redis } from 'ioredis';
import type { Db } from '../../platform/db/database';
import type { Clock } from '../../platform/time/clock';
import type { Messages } from '../messages/messages.module';
import type { Ledger } from '../points/points.module';
import { createRaceAdmin } from './race-admin';
import { createRaceClose } from './race-close';
import { scoreRacesFrom } from './race-scoring';
import { createRaceStore } from './race-store';
import { createRanking } from './ranking';
import { createRankingIndex } from './ranking-index';
import { createRewardNotices } from './reward-notices';
import { createRewards } from './rewards';

/**
 * Weekly leaderboard races and the rewards of races and campaigns, assembled: the standings follow the
 * ledger's earnings, the jobs make and close races, operators decide each reward once.
 */
export function createRaces(deps: {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  messages: Messages;
  /** With Redis, running races rank through its sorted sets (decision 042). */
  redis: { client: Redis; prefix: string } | null;
}) {
  const { db, clock, ledger, messages } = deps;
  const store = createRaceStore({ db, clock });
  const index = deps.redis
    ? createRankingIndex({ db, clock, redis: deps.redis.client, prefix: deps.redis.prefix })
    : null;
  scoreRacesFrom(ledger, store, index);
  const notices = createRewardNotices(messages);
  const raceClose = createRaceClose({ db, clock, store, notices, index });
  return {
    store,
    index,
    raceClose,
    notices,
    ranking: createRanking({ db, clock, store, index }),
    rewards: createRewards({ db, clock, ledger, notices }),
    raceAdmin: createRaceAdmin({ db, store, raceClose }),
  };
}

export type Races = ReturnType<typeof createRaces>;
export type { RewardNotices } from './reward-notices';
export { createRankingIndex, type RankingIndex } from './ranking-index';
export { RANKING_PAGE_MS } from './ranking';
export { scoreRacesFrom } from './race-scoring';
export { createRaceStore } from './race-store';

export { racesJobs } from './jobs';
export { racesRoutes } from './races.routes';
export { racesOpsRoutes } from './ops.routes';
