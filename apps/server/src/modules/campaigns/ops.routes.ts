import type { FastifyInstance, FastifyRequest } from 'fastify';
import { opsCampaignCalls as ops } from '@taice/contract';
import { registerCall } from '../../platform/http/call-routes';
import type { Operators } from '../operators/operators.module';
import type { CampaignAdmin } from './campaign-admin';

/** The operator API of campaigns: the list for admins and support, changes and settle-now for admins. */
export async function campaignsOpsRoutes(app: FastifyInstance, deps: { operators: Operators; admin: CampaignAdmin }) {
  const { operators, admin } = deps;
  const adminRole = (request: FastifyRequest) => operators.requireRole(request, ['admin']);

  registerCall(app, ops.opsCampaigns, async ({ query, request }) => {
    await operators.requireRole(request, ['admin', 'support']);
    return admin.list(query);
  });
  registerCall(app, ops.opsCampaignCreate, async ({ body, request }) => admin.create(await adminRole(request), body));
  registerCall(app, ops.opsCampaignUpdate, async ({ body, request }) => {
    const { id, ...input } = body;
    return admin.update(await adminRole(request), id, input);
  });
  registerCall(app, ops.opsCampaignSettle, async ({ body, request }) =>
    admin.settle(await adminRole(request), body.id),
  );
}
