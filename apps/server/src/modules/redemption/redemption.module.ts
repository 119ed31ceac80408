import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import type { Storage } from '../../platform/media/storage';
import type { Messages } from '../messages/messages.module';
import type { Ledger } from '../points/points.module';
import { createCatalogue } from './catalogue';
import { createExchange } from './exchange';
import { createOrderNotices } from './notices';
import { createOrderAdmin } from './order-admin';
import { createOrders } from './orders';
import { createPrizeAdmin } from './prize-admin';

export interface RedemptionDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  storage: Storage;
  messages: Messages;
}

/** The redemption center, assembled: catalogue, exchanges, the users' orders, and the operators' tools. */
export function createRedemption(deps: RedemptionDeps) {
  const { db, clock, ledger, storage, messages } = deps;
  const mediaUrl = (key: string) => storage.publicUrl(key);
  const notices = createOrderNotices(messages);
  const catalogue = createCatalogue({ db, clock, mediaUrl });
  const changed = () => catalogue.changed();
  return {
    catalogue,
    orders: createOrders({ db, mediaUrl }),
    exchange: createExchange({ db, clock, ledger, mediaUrl, notices, changed }),
    prizeAdmin: createPrizeAdmin({ db, clock, storage, changed }),
    orderAdmin: createOrderAdmin({ db, clock, ledger, notices, mediaUrl, changed }),
  };
}

export type Redemption = ReturnType<typeof createRedemption>;

export { redemptionRoutes } from './redemption.routes';
export { redemptionOpsRoutes } from './ops.routes';
