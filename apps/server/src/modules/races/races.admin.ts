import type { Db } from '../../platform/db/database';
import { systemClock } from '../../platform/time/clock';
import { createMessages } from '../messages/messages.module';
import { cliActor } from '../operators/operators.admin';
import { createLedger } from '../points/points.module';
import { createRaceAdmin } from './race-admin';
import { createRaceClose } from './race-close';
import { createRaceStore } from './race-store';
import { createRewardNotices } from './reward-notices';
import { createRewards } from './rewards';

/**
 * Races and rewards for the command line (CLI `races`, `rewards`): the same implementation as the operator API,
 * audited as `cli:<os user>`. Without the Redis index: a closed race reads from PostgreSQL alone, and the job
 * confirms a running race's set on its next run.
 */
export function racesAdmin(db: Db) {
  const clock = systemClock;
  const store = createRaceStore({ db, clock });
  const notices = createRewardNotices(createMessages({ db, clock }));
  const raceClose = createRaceClose({ db, clock, store, notices, index: null });
  return {
    actor: cliActor(),
    races: createRaceAdmin({ db, store, raceClose }),
    rewards: createRewards({ db, clock, ledger: createLedger(db), notices }),
  };
}
