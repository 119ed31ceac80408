import type { FastifyInstance } from 'fastify';
import {
  errorMessage,
  opsRedemptionCalls as ops,
  PRIZE_IMAGE_MAX_BYTES,
  PRIZE_IMAGE_UPLOAD_PATH,
  rowId,
} from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { registerCall } from '../../platform/http/call-routes';
import type { Operators } from '../operators/operators.module';
import type { OrderAdmin } from './order-admin';
import type { PrizeAdmin } from './prize-admin';

/** The operator API of the redemption center: the catalogue for admins, orders for admins and support. */
export async function redemptionOpsRoutes(
  app: FastifyInstance,
  deps: { operators: Operators; prizeAdmin: PrizeAdmin; orderAdmin: OrderAdmin },
) {
  const { operators, prizeAdmin, orderAdmin } = deps;
  const admin = (request: Parameters<Operators['requireRole']>[0]) => operators.requireRole(request, ['admin']);
  const staff = (request: Parameters<Operators['requireRole']>[0]) =>
    operators.requireRole(request, ['admin', 'support']);

  registerCall(app, ops.opsPrizes, async ({ query, request }) => {
    await admin(request);
    return prizeAdmin.list(query);
  });
  registerCall(app, ops.opsPrizeCreate, async ({ body, request }) => prizeAdmin.create(await admin(request), body));
  registerCall(app, ops.opsPrizeUpdate, async ({ body, request }) => {
    const { id, ...change } = body;
    return prizeAdmin.update(await admin(request), id, change);
  });
  registerCall(app, ops.opsPrizeStock, async ({ body, request }) =>
    prizeAdmin.setStock(await admin(request), body.id, body.stock),
  );
  registerCall(app, ops.opsCodesImport, async ({ body, request }) =>
    prizeAdmin.importCodes(await admin(request), body.prize_id, body.csv),
  );

  // The image itself, as raw bytes (like avatars): the content decides the format.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: PRIZE_IMAGE_MAX_BYTES + 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.put<{ Params: { id: string } }>(
      PRIZE_IMAGE_UPLOAD_PATH,
      { schema: { hide: true }, bodyLimit: PRIZE_IMAGE_MAX_BYTES + 1024, config: { auth: 'required' } },
      async (request) => {
        const actor = await admin(request);
        const id = rowId.safeParse(request.params.id);
        if (!id.success) throw new AppError('prize_not_found');
        const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const prize = await prizeAdmin.addImage(actor, id.data, data);
        return { code: 0, msg: errorMessage('ok', request.ctx.lang), data: prize };
      },
    );
  });

  registerCall(app, ops.opsOrders, async ({ query, request }) => {
    await staff(request);
    return orderAdmin.list(query, request.ctx.lang);
  });
  registerCall(app, ops.opsOrderShip, async ({ body, request }) =>
    orderAdmin.ship(
      await staff(request),
      body.order_no,
      { carrier: body.carrier, trackingNo: body.tracking_no },
      request.ctx.lang,
    ),
  );
  registerCall(app, ops.opsOrderComplete, async ({ body, request }) =>
    orderAdmin.complete(await staff(request), body.order_no, request.ctx.lang),
  );
  registerCall(app, ops.opsOrderCancel, async ({ body, request }) =>
    orderAdmin.cancel(await staff(request), body.order_no, request.ctx.lang),
  );
}
