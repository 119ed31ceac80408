import type { FastifyInstance } from 'fastify';
import { videoCalls } from '@taice/contract';
import { currentUser } from '../../platform/http/auth';
import { registerCall } from '../../platform/http/call-routes';
import { createComments } from './comments.service';
import { createFollows } from './follows.service';
import { createInterests } from './interests.service';
import { createReactions } from './reactions.service';
import { createShares } from './shares.service';
import type { VideosDeps } from './videos.deps';
import { byIp, byUser, rateLimit } from '../../platform/http/rate-limit';

export const writeLimits = {
  perUser: { name: 'videos.write.user', points: 30, durationSeconds: 60 },
  perIp: { name: 'videos.write.ip', points: 120, durationSeconds: 60 },
};

/** Reactions, comments, shares, follows, creators and interests. */
export async function socialRoutes(app: FastifyInstance, deps: VideosDeps) {
  const reactions = createReactions(deps);
  const comments = createComments(deps);
  const shares = createShares(deps);
  const follows = createFollows(deps);
  const interests = createInterests(deps);
  const viewerOf = (request: { user: { id: number } | null }) => request.user?.id ?? null;

  // Reactions and Liked Videos
  registerCall(app, videoCalls.like, ({ body, request }) => reactions.like(currentUser(request).id, body.id));
  registerCall(app, videoCalls.dislike, ({ body, request }) => reactions.dislike(currentUser(request).id, body.id));
  registerCall(app, videoCalls.collect, ({ body, request }) => reactions.collect(currentUser(request).id, body.id));
  registerCall(app, videoCalls.collectLog, ({ query, request }) =>
    reactions.collectLog(currentUser(request).id, query),
  );

  // Comments
  registerCall(app, videoCalls.commentList, ({ query, request }) =>
    comments.commentList(query.id, viewerOf(request), query),
  );
  registerCall(app, videoCalls.commentReplyList, ({ query, request }) =>
    comments.commentReplyList(query.comment_id, viewerOf(request), query),
  );
  registerCall(app, videoCalls.commentLike, ({ body, request }) =>
    comments.commentLike(currentUser(request).id, body.id),
  );
  registerCall(app, videoCalls.commentDislike, ({ body, request }) =>
    comments.commentDislike(currentUser(request).id, body.id),
  );
  registerCall(app, videoCalls.commentDel, async ({ body, request }) => {
    await comments.commentDel(currentUser(request).id, body.id);
    return null;
  });

  // Writing comments and recording shares are limited per user and per IP, against spam and inflated counts.
  await app.register(async (limited) => {
    limited.addHook('preHandler', rateLimit(deps.limits, writeLimits.perUser, byUser));
    limited.addHook('preHandler', rateLimit(deps.limits, writeLimits.perIp, byIp));
    registerCall(limited, videoCalls.comment, ({ body, request }) =>
      comments.comment(currentUser(request).id, body.id, body.content, body.parent_id),
    );
    registerCall(limited, videoCalls.share, ({ body, request }) =>
      shares.share(body.id, viewerOf(request), body.channel),
    );
  });

  // Opening shared links
  registerCall(app, videoCalls.addShareReceiveLog, ({ body, request }) =>
    shares.receive(body.share_code, viewerOf(request), request.ctx.deviceId),
  );

  // Creators and follows
  registerCall(app, videoCalls.creatorList, ({ query, request }) => follows.creatorList(viewerOf(request), query));
  registerCall(app, videoCalls.creatorDetail, ({ query, request }) =>
    follows.creatorDetail(query.id, viewerOf(request)),
  );
  registerCall(app, videoCalls.follow, ({ body, request }) => follows.follow(currentUser(request).id, body.id));
  registerCall(app, videoCalls.followLog, ({ query, request }) =>
    follows.followLog(viewerOf(request), query.id, query.type, query),
  );

  // Interests
  registerCall(app, videoCalls.interestList, ({ request }) => interests.list(viewerOf(request), request.ctx.lang));
  registerCall(app, videoCalls.interestSubmit, ({ body, request }) =>
    interests.submit(currentUser(request).id, body.ids),
  );
}
