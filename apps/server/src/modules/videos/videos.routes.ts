import type { FastifyInstance } from 'fastify';
import { videoCalls } from '@taice/contract';
import { registerCall } from '../../platform/http/call-routes';
import { currentUser } from '../../platform/http/auth';
import type { Feeds } from './feeds.service';
import { createWatching } from './watching.service';
import type { VideosDeps } from './videos.deps';
import { byIp, rateLimit } from '../../platform/http/rate-limit';

const heartbeatLimit = { name: 'videos.heartbeat.ip', points: 600, durationSeconds: 60 };

/** Feeds, the video page, search, platform figures and server-measured watching. */
export async function videosRoutes(app: FastifyInstance, deps: VideosDeps & { feeds: Feeds }) {
  const { feeds } = deps;
  deps.events.on('publishedChanged', async () => feeds.forgetPublished());
  const watching = createWatching(deps);
  const viewerId = (request: { user: { id: number } | null }) => request.user?.id ?? null;

  registerCall(app, videoCalls.postDetail, ({ query, request }) =>
    feeds.detail(query.id, viewerId(request), request.ctx.lang),
  );

  registerCall(app, videoCalls.recommendPost, async ({ query, request }) => {
    const first = await feeds.recommended(viewerId(request), { page: 1, size: query.size });
    return first.list;
  });

  registerCall(app, videoCalls.recommendPostList, ({ query, request }) => feeds.recommended(viewerId(request), query));

  registerCall(app, videoCalls.recommendList, ({ query }) => feeds.related(query.id, query.size));

  registerCall(app, videoCalls.postList, ({ query }) =>
    feeds.list({ categoryId: query.category_id, authorId: query.author_id, sort: query.sort }, query),
  );

  registerCall(app, videoCalls.categoryList, ({ request }) => feeds.categories(request.ctx.lang));

  registerCall(app, videoCalls.globalSearchV2, ({ query, request }) =>
    feeds.search(query.keyword, viewerId(request), query),
  );

  registerCall(app, videoCalls.homeDataCount, () => feeds.figures());

  // A player sends one heartbeat every 5 s; far more from one address is a script minting sessions.
  await app.register(async (limited) => {
    limited.addHook('preHandler', rateLimit(deps.limits, heartbeatLimit, byIp));
    registerCall(limited, videoCalls.addViewLog, ({ body, request }) =>
      watching.heartbeat(body.id, body.session_id, { userId: viewerId(request), deviceId: request.ctx.deviceId }),
    );
  });

  registerCall(app, videoCalls.viewLog, ({ query, request }) => watching.history(currentUser(request).id, query));
}
