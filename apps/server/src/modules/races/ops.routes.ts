import type { FastifyInstance } from 'fastify';
import { opsRaceCalls as ops } from '@taice/contract';
import { registerCall } from '../../platform/http/call-routes';
import type { Operators } from '../operators/operators.module';
import type { RaceAdmin } from './race-admin';
import type { Rewards } from './rewards';

/** The operator API of races and rewards: results for admins and support, decisions for admins. */
export async function racesOpsRoutes(
  app: FastifyInstance,
  deps: { operators: Operators; raceAdmin: RaceAdmin; rewards: Rewards },
) {
  const { operators, raceAdmin, rewards } = deps;
  type Request = Parameters<Operators['requireRole']>[0];
  const admin = (request: Request) => operators.requireRole(request, ['admin']);
  const staff = (request: Request) => operators.requireRole(request, ['admin', 'support']);

  registerCall(app, ops.opsRaces, async ({ query, request }) => {
    await staff(request);
    return raceAdmin.list(query, request.ctx.lang);
  });
  registerCall(app, ops.opsRewards, async ({ query, request }) => {
    await staff(request);
    return rewards.opsList(query, request.ctx.lang);
  });
  registerCall(app, ops.opsRewardApprove, async ({ body, request }) =>
    rewards.approve(await admin(request), body.id, request.ctx.lang),
  );
  registerCall(app, ops.opsRewardReject, async ({ body, request }) =>
    rewards.reject(await admin(request), body.id, body.reason, request.ctx.lang),
  );
  registerCall(app, ops.opsRaceClose, async ({ body, request }) =>
    raceAdmin.close(await admin(request), body.id, request.ctx.lang),
  );
}
