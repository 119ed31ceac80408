import type { ConfigVersions } from '../../platform/config/config-versions';
import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import type { LevelsService } from '../levels/levels.module';
import type { VideoEvents } from '../videos/video-events';
import type { Messages } from '../messages/messages.module';
import { createEarningConfig } from './earning-config';
import { createEarningOps } from './earning-ops';
import { createIssuance } from './issuance';
import { createLedger } from './ledger';
import { listenToVideos } from './listeners';
import { createReferrals } from './referrals';
import { createPointsSettings } from './settings';
import { createSignIn } from './sign-in';
import { createTasks } from './tasks';
import { createWallet } from './wallet';
import { createWatchEarnings } from './watch-earnings';

/** The points economy, assembled: its services, listening to the videos module's events. */
export function createPoints(deps: {
  db: Db;
  clock: Clock;
  events: VideoEvents;
  messages: Pick<Messages, 'send'>;
  /** Operators' configuration over time (decision 046), shared with the levels. */
  versions: ConfigVersions;
  levels: LevelsService;
}) {
  const { db, clock, events, messages, versions, levels } = deps;
  const ledger = createLedger(db);
  const config = createEarningConfig({ db, clock, versions });
  const setting = createPointsSettings(config, clock);
  const tasks = createTasks({ db, clock, ledger, setting, config });
  const referrals = createReferrals({ db, clock, ledger, setting, config, tasks, messages });
  const signIn = createSignIn({ db, clock, ledger, setting, config, tasks, messages });
  const wallet = createWallet({ db, clock, ledger });
  const issuance = createIssuance({ db, clock, ledger });
  const watching = createWatchEarnings({ ledger, tasks, referrals, setting, messages });
  listenToVideos(events, { tasks, referrals, watching });
  const earningOps = createEarningOps({ db, clock, versions, config, levels });
  return { ledger, setting, tasks, referrals, signIn, wallet, issuance, earningOps };
}

export type Points = ReturnType<typeof createPoints>;

export { pointsJobs } from './jobs';
export { pointsRoutes } from './points.routes';
export { pointsOpsRoutes } from './ops.routes';
export type { Ledger, Movement } from './ledger';
export { createLedger } from './ledger';
