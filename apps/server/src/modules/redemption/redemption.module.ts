import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import type { Ledger } from '../points/points.module';
import type { Tx } from '../videos/video-events';
import { createCatalogue } from './catalogue';
import { createExchange } from './exchange';
import { createFulfilment } from './fulfilment';
import { createOrders } from './orders';
import type { AddressSnapshot } from './redemption.schema';

/** The redemption center, assembled: catalogue, exchanges, the users' orders and their fulfilment. */
export function createRedemption(deps: {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  mediaUrl: (key: string) => string;
  findAddress: (tx: Tx, userId: number, addressId: number) => Promise<AddressSnapshot>;
}) {
  const { db, clock, ledger, mediaUrl, findAddress } = deps;
  return {
    catalogue: createCatalogue({ db, clock, mediaUrl }),
    orders: createOrders({ db, mediaUrl }),
    exchange: createExchange({ db, clock, ledger, mediaUrl, findAddress }),
    fulfilment: createFulfilment({ clock, ledger }),
  };
}

export type Redemption = ReturnType<typeof createRedemption>;

export { redemptionRoutes } from './redemption.routes';
