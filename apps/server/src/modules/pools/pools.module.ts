import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import type { Ledger } from '../points/points.module';
import { createClaims } from './claims';
import { createFunding } from './funding';

/** Reward pools on videos (decision 050), assembled: the creators' funding and the viewers' claims. */
export function createPools(deps: { db: Db; clock: Clock; ledger: Ledger }) {
  const funding = createFunding(deps);
  const claims = createClaims(deps);
  return { funding, claims };
}

export type Pools = ReturnType<typeof createPools>;

export { poolsRoutes } from './pools.routes';
export { poolsJobs } from './jobs';
export { verifyPools } from './verify';
/** What a creator's pools paid per day and video, for the channel's statistics. */
export { poolPayoutsByDay, type PoolPayoutsQuery, type PoolPayoutRow } from './payouts';
