import type { FastifyInstance } from 'fastify';
import { campaignCalls } from '@taice/contract';
import { currentUser } from '../../platform/http/auth';
import { registerCall } from '../../platform/http/call-routes';
import type { CampaignReads } from './campaign-reads';

/** The campaigns' calls (the spec's activity/list and activity/detail, plus join and participants). */
export async function campaignsRoutes(app: FastifyInstance, deps: { reads: CampaignReads }) {
  const { reads } = deps;

  registerCall(app, campaignCalls.campaignList, ({ query, request }) => reads.list(query, request.ctx.lang));
  registerCall(app, campaignCalls.campaignDetail, ({ query, request }) =>
    reads.detail(query.id, request.user?.id ?? null, request.ctx.lang),
  );
  registerCall(app, campaignCalls.campaignJoin, ({ body, request }) =>
    reads.join(body.id, currentUser(request).id, request.ctx.lang),
  );
  registerCall(app, campaignCalls.campaignParticipants, ({ query }) => {
    const { id, ...page } = query;
    return reads.participants(id, page);
  });
}
