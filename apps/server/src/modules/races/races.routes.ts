import type { FastifyInstance } from 'fastify';
import { raceCalls } from '@taice/contract';
import { currentUser } from '../../platform/http/auth';
import { registerCall } from '../../platform/http/call-routes';
import type { Ranking } from './ranking';
import type { RaceStore } from './race-store';
import type { Rewards } from './rewards';

/** The races' calls (the ranking, past races, the promoters) and the member's rewards. */
export async function racesRoutes(
  app: FastifyInstance,
  deps: { store: RaceStore; ranking: Ranking; rewards: Rewards },
) {
  const { store, ranking, rewards } = deps;

  /** The race a call names, or the running one. */
  const raceOf = (id: number | undefined) => (id === undefined ? store.current() : store.begun(id));

  registerCall(app, raceCalls.pointsRanking, async ({ query, request }) =>
    ranking.page(await raceOf(query.race_id), query, request.user?.id ?? null, request.ctx.lang),
  );
  registerCall(app, raceCalls.raceList, ({ query, request }) => store.list(query, request.ctx.lang));
  registerCall(app, raceCalls.promoterRanking, async ({ query, request }) =>
    ranking.promoters(await store.current(), query, request.user?.id ?? null, request.ctx.lang),
  );

  registerCall(app, raceCalls.rewardDetail, ({ request }) => rewards.totals(currentUser(request).id));
  registerCall(app, raceCalls.rewardLog, ({ query, request }) =>
    rewards.log(currentUser(request).id, query, request.ctx.lang),
  );
  registerCall(app, raceCalls.rewardLogDetail, ({ query, request }) =>
    rewards.one(currentUser(request).id, query.id, request.ctx.lang),
  );
}
