import type { FastifyInstance } from 'fastify';
import { redemptionCalls } from '@taice/contract';
import { currentUser } from '../../platform/http/auth';
import { registerCall } from '../../platform/http/call-routes';
import { addressView, type Addresses } from './addresses';

export async function addressesRoutes(app: FastifyInstance, deps: { addresses: Addresses }) {
  const { addresses } = deps;
  registerCall(app, redemptionCalls.addressList, async ({ request }) =>
    (await addresses.list(currentUser(request).id)).map(addressView),
  );
  registerCall(app, redemptionCalls.addressStore, async ({ body, request }) =>
    addressView(await addresses.store(currentUser(request).id, body)),
  );
  registerCall(app, redemptionCalls.addressDelete, ({ body, request }) =>
    addresses.remove(currentUser(request).id, body.id),
  );
}
