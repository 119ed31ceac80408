import type { FastifyInstance } from 'fastify';
import { poolCalls } from '@taice/contract';
import { currentUser } from '../../platform/http/auth';
import { registerCall } from '../../platform/http/call-routes';
import type { Claims } from './claims';
import type { Funding } from './funding';
import { poolTypes } from './pool-types';

/** The reward pools' calls: the creator's (`postReward/*`) and the viewer's (`post/*`). */
export async function poolsRoutes(app: FastifyInstance, deps: { funding: Funding; claims: Claims }) {
  const { funding, claims } = deps;

  registerCall(app, poolCalls.typeList, ({ request }) => ({ list: poolTypes(request.ctx.lang) }));
  registerCall(app, poolCalls.addReward, ({ body, request }) =>
    funding.fund({
      creatorId: currentUser(request).id,
      postId: body.post_id,
      type: body.type,
      total: body.total,
      amount: body.amount,
      watchSeconds: body.watch_seconds,
      endAt: body.end_at,
      idempotencyKey: body.idempotency_key,
    }),
  );
  registerCall(app, poolCalls.list, ({ query, request }) => funding.list(currentUser(request).id, query));
  registerCall(app, poolCalls.cancel, ({ body, request }) => funding.cancel(currentUser(request).id, body.id));
  registerCall(app, poolCalls.postRewardDetail, ({ query, request }) =>
    claims.detail(query.post_id, request.user?.id ?? null),
  );
  registerCall(app, poolCalls.taskRewardCountdown, ({ query, request }) =>
    claims.countdown(query.post_id, currentUser(request).id),
  );
  registerCall(app, poolCalls.claimPostReward, ({ body, request }) =>
    claims.claim(body.post_id, currentUser(request).id),
  );
}
