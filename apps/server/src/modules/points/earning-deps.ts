import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import type { Messages } from '../messages/messages.module';
import type { EarningConfig } from './earning-config';
import type { Ledger } from './ledger';
import type { PointsSetting } from './settings';
import type { Tasks } from './tasks';

/** What the earning rules that pay on their own (sign-in, referrals) work with. */
export interface EarningDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  setting: PointsSetting;
  /** The configuration in force at each event's time (decision 046). */
  config: EarningConfig;
  tasks: Tasks;
  /** Each payment's message is written in the payment's transaction. */
  messages: Pick<Messages, 'send'>;
}
