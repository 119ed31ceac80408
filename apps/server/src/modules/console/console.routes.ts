import type { FastifyInstance } from 'fastify';
import { opsAuditCalls, opsDashboardCalls, opsUserCalls as ops } from '@taice/contract';
import { registerCall } from '../../platform/http/call-routes';
import type { Operators } from '../operators/operators.module';
import type { Redemption } from '../redemption/redemption.module';
import type { Console } from './console';

/**
 * The operator console's reads of members, the balance adjustment, the audit log and the dashboard
 * (decision 045). Who may make each call is its contract `roles`, checked before the input is read.
 */
export async function consoleRoutes(
  app: FastifyInstance,
  deps: { operators: Operators; console: Console; orderAdmin: Redemption['orderAdmin'] },
) {
  const { operators, orderAdmin } = deps;
  const { userReads, balances, auditList, dashboard } = deps.console;
  type Request = Parameters<Operators['requireRole']>[0];
  const staff = (request: Request) => operators.requireRole(request);

  registerCall(app, ops.opsUserSearch, async ({ query, request }) => {
    await staff(request);
    return userReads.search(query);
  });
  registerCall(app, ops.opsUserDetail, async ({ query, request }) => {
    await staff(request);
    return userReads.detail(query.user_id);
  });
  registerCall(app, ops.opsUserLedger, async ({ query, request }) => {
    await staff(request);
    await userReads.userOf(query.user_id);
    return balances.page(query.user_id, query);
  });
  registerCall(app, ops.opsUserLedgerVerify, async ({ body, request }) => {
    await staff(request);
    await userReads.userOf(body.user_id);
    return balances.verify(body.user_id);
  });
  registerCall(app, ops.opsUserOrders, async ({ query, request }) => {
    await staff(request);
    await userReads.userOf(query.user_id);
    return orderAdmin.list(query, request.ctx.lang);
  });
  registerCall(app, ops.opsUserReferrals, async ({ query, request }) => {
    await staff(request);
    return userReads.referrals(query);
  });
  registerCall(app, ops.opsBalanceAdjust, async ({ body, request }) =>
    balances.adjust(await operators.requireRole(request), body),
  );
  registerCall(app, opsAuditCalls.opsAuditList, async ({ query, request }) => {
    await staff(request);
    return auditList(query);
  });
  registerCall(app, opsDashboardCalls.opsDashboard, async ({ query, request }) => {
    await staff(request);
    return dashboard.get(query.days);
  });
}
