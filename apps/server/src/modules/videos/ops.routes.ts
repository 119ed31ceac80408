import type { FastifyInstance } from 'fastify';
import { opsContentCalls, opsVideoCalls } from '@taice/contract';
import { registerCall } from '../../platform/http/call-routes';
import type { Operators } from '../operators/operators.module';
import { createCategoryAdmin } from './category-admin';
import { createModeration } from './moderation';
import type { VideosDeps } from './videos.deps';

/** The operator API of videos: moderation and categories (who may: each call's `roles`). */
export async function videosOpsRoutes(app: FastifyInstance, deps: VideosDeps & { operators: Operators }) {
  const { operators } = deps;
  const moderation = createModeration(deps);
  const categoryAdmin = createCategoryAdmin(deps);
  const actor = (request: Parameters<Operators['requireRole']>[0]) => operators.requireRole(request);

  registerCall(app, opsVideoCalls.opsVideos, async ({ query, request }) => {
    await actor(request);
    return moderation.list(query, request.ctx.lang);
  });
  registerCall(app, opsVideoCalls.opsVideoTakeDown, async ({ body, request }) =>
    moderation.takeDown(await actor(request), body.id, body.reason, request.ctx.lang),
  );
  registerCall(app, opsVideoCalls.opsVideoPutUp, async ({ body, request }) =>
    moderation.putUp(await actor(request), body.id, body.reason, request.ctx.lang),
  );

  registerCall(app, opsContentCalls.opsCategories, async ({ request }) => {
    await actor(request);
    return categoryAdmin.list();
  });
  registerCall(app, opsContentCalls.opsCategoryCreate, async ({ body, request }) =>
    categoryAdmin.create(await actor(request), body),
  );
  registerCall(app, opsContentCalls.opsCategoryUpdate, async ({ body, request }) => {
    const { id, ...input } = body;
    return categoryAdmin.update(await actor(request), id, input);
  });
  registerCall(app, opsContentCalls.opsCategoryDelete, async ({ body, request }) =>
    categoryAdmin.delete(await actor(request), body.id),
  );
}
