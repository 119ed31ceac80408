import type { FastifyInstance } from 'fastify';
import { studioCalls, TUS_ENDPOINT, type UploadTransport } from '@taice/contract';
import { currentUser } from '../../platform/http/auth';
import { registerCall } from '../../platform/http/call-routes';
import type { DirectUploads } from './direct-uploads';
import type { StudioPosts } from './posts';
import type { UploadLimits, Uploads } from './uploads';

/** Video types a file picker may offer; the server judges the bytes (decision 049). */
const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska', 'video/*'];

/**
 * The studio's calls: where to upload, a direct upload's parts (decision 055), an upload's state, posting it and
 * retrying a failed post.
 */
export async function studioRoutes(
  app: FastifyInstance,
  deps: {
    uploads: Uploads;
    direct: DirectUploads;
    posts: StudioPosts;
    limits: UploadLimits;
    transport: UploadTransport;
  },
) {
  const { uploads, direct, posts, limits } = deps;

  registerCall(app, studioCalls.uploadConfig, () => ({
    transport: deps.transport,
    tus_endpoint: TUS_ENDPOINT,
    max_bytes: limits.maxBytes,
    chunk_bytes: limits.chunkBytes,
    min_seconds: limits.minSeconds,
    max_seconds: limits.maxSeconds,
    expires_seconds: Math.round(limits.expiresMs / 1000),
    content_types: VIDEO_TYPES,
  }));
  registerCall(app, studioCalls.createDirectUpload, ({ body, request }) =>
    direct.create(currentUser(request).id, body),
  );
  registerCall(app, studioCalls.directUploadParts, ({ query, request }) =>
    direct.parts(currentUser(request).id, query.upload_id),
  );
  registerCall(app, studioCalls.signUploadPart, ({ body, request }) =>
    direct.signPart(currentUser(request).id, body.upload_id, body.part_number),
  );
  registerCall(app, studioCalls.confirmUploadPart, ({ body, request }) =>
    direct.confirmPart(currentUser(request).id, body.upload_id, body.part_number, body.etag),
  );
  registerCall(app, studioCalls.completeDirectUpload, ({ body, request }) =>
    direct.complete(currentUser(request).id, body.upload_id),
  );
  registerCall(app, studioCalls.abortDirectUpload, ({ body, request }) =>
    direct.abort(currentUser(request).id, body.upload_id),
  );
  registerCall(app, studioCalls.uploadDetail, ({ query, request }) =>
    uploads.detail(currentUser(request).id, query.upload_id, request.ctx.lang),
  );
  registerCall(app, studioCalls.storePost, ({ body, request }) =>
    posts.store(currentUser(request).id, body, request.ctx.lang),
  );
  registerCall(app, studioCalls.retryPost, ({ body, request }) => posts.retry(currentUser(request).id, body.id));
}
