import type { FastifyInstance } from 'fastify';
import { studioCalls, TUS_ENDPOINT } from '@taice/contract';
import { currentUser } from '../../platform/http/auth';
import { registerCall } from '../../platform/http/call-routes';
import type { StudioPosts } from './posts';
import type { UploadLimits, Uploads } from './uploads';

/** Video types a file picker may offer; the server judges the bytes (decision 049). */
const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska', 'video/*'];

/** The studio's calls: where to upload, an upload's state, posting it and retrying a failed post. */
export async function studioRoutes(
  app: FastifyInstance,
  deps: { uploads: Uploads; posts: StudioPosts; limits: UploadLimits },
) {
  const { uploads, posts, limits } = deps;

  registerCall(app, studioCalls.uploadConfig, () => ({
    tus_endpoint: TUS_ENDPOINT,
    max_bytes: limits.maxBytes,
    chunk_bytes: limits.chunkBytes,
    min_seconds: limits.minSeconds,
    max_seconds: limits.maxSeconds,
    expires_seconds: Math.round(limits.expiresMs / 1000),
    content_types: VIDEO_TYPES,
  }));
  registerCall(app, studioCalls.uploadDetail, ({ query, request }) =>
    uploads.detail(currentUser(request).id, query.upload_id, request.ctx.lang),
  );
  registerCall(app, studioCalls.storePost, ({ body, request }) =>
    posts.store(currentUser(request).id, body, request.ctx.lang),
  );
  registerCall(app, studioCalls.retryPost, ({ body, request }) => posts.retry(currentUser(request).id, body.id));
}
