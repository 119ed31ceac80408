import type { Clock } from '../../platform/time/clock';
import type { Db, Tx } from '../../platform/db/database';
import type { Storage } from '../../platform/media/storage';
import type { Messages } from '../messages/messages.module';
import type { Ledger } from '../points/points.module';
import { createCatalogue } from './catalogue';
import { createExchange } from './exchange';
import { createOrderNotices } from './notices';
import { createOrderAdmin } from './order-admin';
import { createOrders } from './orders';
import { createPrizeAdmin } from './prize-admin';
import type { AddressSnapshot } from './redemption.schema';

export interface RedemptionDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  storage: Storage;
  messages: Messages;
  /** One of the user's own saved addresses, as the order keeps it. */
  findAddress: (tx: Tx, userId: number, addressId: number) => Promise<AddressSnapshot>;
}

/** The redemption center, assembled: catalogue, exchanges, the users' orders, and the operators' tools. */
export function createRedemption(deps: RedemptionDeps) {
  const { db, clock, ledger, storage, messages, findAddress } = deps;
  const mediaUrl = (key: string) => storage.publicUrl(key);
  const notices = createOrderNotices(messages);
  return {
    catalogue: createCatalogue({ db, clock, mediaUrl }),
    orders: createOrders({ db, mediaUrl }),
    exchange: createExchange({ db, clock, ledger, mediaUrl, findAddress, notices }),
    prizeAdmin: createPrizeAdmin({ db, clock, storage }),
    orderAdmin: createOrderAdmin({ db, clock, ledger, notices, mediaUrl }),
  };
}

export type Redemption = ReturnType<typeof createRedemption>;

export { redemptionRoutes } from './redemption.routes';
export { redemptionOpsRoutes } from './ops.routes';
