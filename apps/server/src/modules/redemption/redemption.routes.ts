import type { FastifyInstance, FastifyRequest } from 'fastify';
import { redemptionCalls, type PrizeType } from '@taice/contract';
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
  /** The exchange of one call: each takes prizes of its own type only. */
  const exchangeOf =
    (type: PrizeType) =>
    ({
      body,
      request,
    }: {
      body: { prize_id: number; idempotency_key: string; address_id?: number };
      request: FastifyRequest;
    }) =>
      exchange.exchange(
        {
          userId: currentUser(request).id,
          prizeId: body.prize_id,
          idempotencyKey: body.idempotency_key,
          type,
          addressId: body.address_id,
        },
        request.ctx.lang,
      );
  registerCall(app, redemptionCalls.exchangePhysical, exchangeOf('physical'));
  registerCall(app, redemptionCalls.exchangeVirtualProducts, exchangeOf('virtual'));
  registerCall(app, redemptionCalls.exchangeMember, exchangeOf('membership'));
}
