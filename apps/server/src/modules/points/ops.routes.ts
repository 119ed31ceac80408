import type { FastifyInstance } from 'fastify';
import { opsEarningCalls as ops } from '@taice/contract';
import { registerCall } from '../../platform/http/call-routes';
import type { Operators } from '../operators/operators.module';
import type { EarningOps } from './earning-ops';

/** The operator API of the earning configuration (decision 046): read by admins and support, changed by admins. */
export async function pointsOpsRoutes(app: FastifyInstance, deps: { operators: Operators; earningOps: EarningOps }) {
  const { operators, earningOps: earning } = deps;
  // Each call's roles (the contract) are checked by the operators' gate and again here, which names the actor.
  const actor = (request: Parameters<Operators['requireRole']>[0]) => operators.requireRole(request);

  registerCall(app, ops.opsEarningConfig, async ({ query, request }) => {
    await actor(request);
    return earning.view(query.at === undefined ? undefined : new Date(query.at));
  });
  registerCall(app, ops.opsEarningChanges, async ({ query, request }) => {
    await actor(request);
    return earning.changes(query);
  });
  registerCall(app, ops.opsEarningAmountsSet, async ({ body, request }) =>
    earning.setAmounts(await actor(request), body),
  );
  registerCall(app, ops.opsEarningSignInSet, async ({ body, request }) =>
    earning.setSignIn(await actor(request), body),
  );
  registerCall(app, ops.opsEarningTaskSet, async ({ body, request }) => earning.setTask(await actor(request), body));
  registerCall(app, ops.opsEarningTaskCreate, async ({ body, request }) =>
    earning.createTask(await actor(request), body),
  );
  registerCall(app, ops.opsEarningInviteTasksSet, async ({ body, request }) =>
    earning.setInviteTasks(await actor(request), body),
  );
  registerCall(app, ops.opsEarningLevelsSet, async ({ body, request }) =>
    earning.setLevels(await actor(request), body),
  );
  registerCall(app, ops.opsEarningChangeCancel, async ({ body, request }) =>
    earning.cancel(await actor(request), body.id),
  );
}
