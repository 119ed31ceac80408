import type { FastifyInstance } from 'fastify';
import { channelCalls, POST_STATUS, type UpDownAction } from '@taice/contract';
import { registerCall } from '../../platform/http/call-routes';
import { currentUser } from '../../platform/http/auth';
import type { Channel } from './channel';

/** The creator's own videos and statistics (`userPost/*`, decision 051); every call is the caller's channel. */
export async function channelRoutes(app: FastifyInstance, deps: { channel: Channel }) {
  const { posts, stats } = deps.channel;

  registerCall(app, channelCalls.userPostList, ({ query, request }) =>
    posts.list(currentUser(request).id, query, request.ctx.lang),
  );

  registerCall(app, channelCalls.userPostDetail, ({ query, request }) =>
    posts.detail(currentUser(request).id, query.id, request.ctx.lang),
  );

  registerCall(app, channelCalls.delPost, ({ body, request }) => posts.remove(currentUser(request).id, body.id));

  registerCall(app, channelCalls.upDown, ({ body, request }) => {
    const action: UpDownAction = body.action ?? (body.status === POST_STATUS.published ? 'put_up' : 'take_down');
    return posts.upDown(currentUser(request).id, body.id, action, request.ctx.lang);
  });

  registerCall(app, channelCalls.dataCount, ({ query, request }) =>
    stats.totals(currentUser(request).id, query.post_id),
  );

  registerCall(app, channelCalls.dataReport, ({ query, request }) =>
    stats.report(currentUser(request).id, query.days, query.post_id),
  );
}
