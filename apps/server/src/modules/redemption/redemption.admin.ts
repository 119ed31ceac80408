import type { Db } from '../../platform/db/database';
import type { Storage } from '../../platform/media/storage';
import { systemClock } from '../../platform/time/clock';
import { createMessages } from '../messages/messages.module';
import { cliActor } from '../operators/operators.admin';
import { createLedger } from '../points/points.module';
import { createOrderNotices } from './notices';
import { createOrderAdmin } from './order-admin';
import { createPrizeAdmin } from './prize-admin';

/**
 * The redemption center's operator tools for the command line (CLI `prizes`, `codes`, `orders`): the
 * same implementation as the operator API, audited as `cli:<os user>`.
 */
export function redemptionAdmin(db: Db, storage: Storage) {
  const clock = systemClock;
  const notices = createOrderNotices(createMessages({ db, clock }));
  return {
    actor: cliActor(),
    prizes: createPrizeAdmin({ db, clock, storage }),
    orders: createOrderAdmin({
      db,
      clock,
      ledger: createLedger(db),
      notices,
      mediaUrl: (key) => storage.publicUrl(key),
    }),
  };
}
