import type { FastifyInstance } from 'fastify';
import { opsAccessCalls as ops } from '@taice/contract';
import { currentUser } from '../../platform/http/auth';
import { registerCall } from '../../platform/http/call-routes';
import type { OperatorAccess } from './access';
import type { Operators } from './operators';
import type { SecondFactor } from './second-factor';

/** The console's access calls: the second factor, bans, sessions and roles (decision 044). */
export async function operatorsRoutes(
  app: FastifyInstance,
  deps: { operators: Operators; access: OperatorAccess; secondFactor: SecondFactor },
) {
  const { operators, access, secondFactor } = deps;

  registerCall(app, ops.opsAuthStatus, async ({ request }) => {
    await operators.requireRole(request);
    return secondFactor.status(currentUser(request));
  });
  registerCall(app, ops.opsTotpEnrol, async ({ request }) => {
    await operators.requireRole(request);
    return secondFactor.enrol(currentUser(request).id);
  });
  registerCall(app, ops.opsTotpVerify, async ({ body, request }) => {
    const actor = await operators.requireRole(request);
    const user = currentUser(request);
    return secondFactor.verify({ ...actor, userId: user.id }, user.sessionId, body.code);
  });

  registerCall(app, ops.opsUserBan, async ({ body, request }) =>
    access.ban(await operators.requireRole(request), body.user_id, body.reason),
  );
  registerCall(app, ops.opsUserUnban, async ({ body, request }) =>
    access.unban(await operators.requireRole(request), body.user_id),
  );
  registerCall(app, ops.opsUserSessions, async ({ query, request }) => {
    await operators.requireRole(request);
    return access.sessionsOf(query.user_id, query);
  });
  registerCall(app, ops.opsUserSessionRevoke, async ({ body, request }) =>
    access.revokeSession(await operators.requireRole(request), body.user_id, body.session_id),
  );
  registerCall(app, ops.opsRoleGrant, async ({ body, request }) =>
    access.setRole(await operators.requireRole(request), { userId: body.user_id, role: body.role, give: true }),
  );
  registerCall(app, ops.opsRoleRevoke, async ({ body, request }) =>
    access.setRole(await operators.requireRole(request), { userId: body.user_id, role: body.role, give: false }),
  );
}
