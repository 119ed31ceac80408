import type { FastifyInstance } from 'fastify';
import { redemptionCalls } from '@taice/contract';
import { currentUser } from '../../platform/http/auth';
import { registerCall } from '../../platform/http/call-routes';
import type { Catalogue } from './catalogue';
import type { Exchange } from './exchange';
import type { createOrders } from './orders';

/** The redemption center's calls: the catalogue, the caller's orders and the three exchanges. */
export async function redemptionRoutes(
  app: FastifyInstance,
  deps: { catalogue: Catalogue; orders: ReturnType<typeof createOrders>; exchange: Exchange },
) {
  const { catalogue, orders, exchange } = deps;

  registerCall(app, redemptionCalls.prizeList, ({ query, request }) =>
    catalogue.list(query, request.ctx.lang, request.user?.id ?? null),
  );
  registerCall(app, redemptionCalls.prizeOrders, ({ query, request }) =>
    orders.list(currentUser(request).id, query, request.ctx.lang),
  );
  registerCall(app, redemptionCalls.exchangePhysical, ({ body, request }) =>
    exchange.exchange(
      {
        userId: currentUser(request).id,
        prizeId: body.prize_id,
        idempotencyKey: body.idempotency_key,
        type: 'physical',
        addressId: body.address_id,
      },
      request.ctx.lang,
    ),
  );
  registerCall(app, redemptionCalls.exchangeVirtualProducts, ({ body, request }) =>
    exchange.exchange(
      {
        userId: currentUser(request).id,
        prizeId: body.prize_id,
        idempotencyKey: body.idempotency_key,
        type: 'virtual',
      },
      request.ctx.lang,
    ),
  );
  registerCall(app, redemptionCalls.exchangeMember, ({ body, request }) =>
    exchange.exchange(
      {
        userId: currentUser(request).id,
        prizeId: body.prize_id,
        idempotencyKey: body.idempotency_key,
        type: 'membership',
      },
      request.ctx.lang,
    ),
  );
}
