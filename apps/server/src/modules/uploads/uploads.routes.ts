import type { FastifyInstance } from 'fastify';
import { AVATAR_MAX_BYTES, errorMessage, userCalls } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { currentUser } from '../../platform/http/auth';
import { registerCall } from '../../platform/http/call-routes';
import type { Clock } from '../../platform/time/clock';
import { AVATAR_TYPES, type Avatars } from './avatars';
import type { UploadGrants } from './upload-grants';

const GRANT_TTL_MS = 10 * 60_000;

export async function uploadsRoutes(
  app: FastifyInstance,
  { grants, avatars, clock }: { grants: UploadGrants; avatars: Avatars; clock: Clock },
) {
  registerCall(app, userCalls.uploadToken, ({ query, request }) => {
    const user = currentUser(request);
    const expiresAt = clock.now().getTime() + GRANT_TTL_MS;
    const token = grants.issue({ userId: user.id, kind: query.type, expiresAt });
    return {
      upload_url: `/api/common/upload/${token}`,
      method: 'PUT' as const,
      max_bytes: AVATAR_MAX_BYTES,
      content_types: AVATAR_TYPES,
      expires_at: new Date(expiresAt).toISOString(),
    };
  });

  // The raw file: any declared type is read as bytes; the content decides.
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES + 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.put<{ Params: { token: string } }>(
      '/api/common/upload/:token',
      { schema: { hide: true }, bodyLimit: AVATAR_MAX_BYTES + 1024 },
      async (request) => {
        const grant = grants.verify(request.params.token, clock.now());
        if (!grant) throw new AppError('upload_token_invalid');
        const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const url =
          grant.kind === 'cover'
            ? await avatars.storeCover(grant.userId, data)
            : await avatars.store(grant.userId, data);
        return { code: 0, msg: errorMessage('ok', request.ctx.lang), data: { url } };
      },
    );
  });
}
