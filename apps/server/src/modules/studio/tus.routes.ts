import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FileStore } from '@tus/file-store';
import { EVENTS, Server, type ServerOptions } from '@tus/server';
import { errorCode, errorMessage, TUS_ENDPOINT, type ApiLang, type ErrorKey } from '@taice/contract';
import { sendEnvelope } from '../../platform/http/error-handler';
import type { PgLocker } from './tus-locker';
import type { UploadLimits, Uploads } from './uploads';

type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0];

/** Who sent a tus request: read from the bearer token by the route before tus sees the request. */
interface Caller {
  userId: number;
  lang: ApiLang;
}

/** A refusal tus answers with the status the protocol needs and the envelope as its body. */
interface TusRefusal {
  status_code: number;
  body: string;
  envelope: true;
}

const ID = /^[A-Za-z0-9_-]{8,64}$/;
/** The tus status of a refusal at creation (an empty upload is a plain 400). */
const CREATION_STATUS: Partial<Record<ErrorKey, number>> = {
  studio_upload_too_large: 413,
  studio_upload_too_many: 429,
};
const MB = 1024 * 1024;

function envelope(key: ErrorKey, lang: ApiLang, params: Record<string, string | number> = {}, data: unknown = null) {
  return JSON.stringify({ code: errorCode(key), msg: errorMessage(key, lang, params), data });
}

/**
 * The resumable upload endpoint (tus 1.0: creation, creation-with-upload, termination, expiration; decision 049)
 * at `TUS_ENDPOINT`, served by @tus/server with its file store in `DATA_DIR/uploads`. Fastify routes the request,
 * checks the bearer token, then hands the raw request to tus (`reply.hijack()`); a content-type parser in this
 * plugin's own scope leaves the body unread for tus. An upload belongs to its creator: every HEAD, PATCH and
 * DELETE names its upload in the path only (a query string is ignored), and another user's upload is not found.
 * Each refusal keeps its tus status and carries the envelope, in the request's language.
 */
export async function tusRoutes(
  app: FastifyInstance,
  deps: {
    uploads: Uploads;
    limits: UploadLimits;
    locker: PgLocker;
    resolveUser: (token: string) => Promise<number | null>;
    corsOrigins: string[];
  },
) {
  const { uploads, limits, locker, resolveUser } = deps;
  const callers = new WeakMap<IncomingMessage, Caller>();
  const callerOf = (req: TusRequest): Caller => {
    const node = (req as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;
    const caller = node && callers.get(node);
    if (!caller) throw refusal(401, 'unauthorized', 'en_US');
    return caller;
  };
  const refusal = (
    status: number,
    key: ErrorKey,
    lang: ApiLang,
    params: Record<string, string | number> = {},
  ): TusRefusal => ({ status_code: status, body: envelope(key, lang, params), envelope: true });

  const tus = new Server({
    path: TUS_ENDPOINT,
    datastore: new FileStore({ directory: uploads.dir, expirationPeriodInMilliseconds: limits.expiresMs }),
    locker,
    maxSize: limits.maxBytes,
    relativeLocation: true,
    respectForwardedHeaders: false,
    allowedOrigins: deps.corsOrigins,
    allowedHeaders: ['lang', 'timezone', 'app-type'],
    disableTerminationForFinishedUploads: true,
    // The id is the path's last segment and nothing else: never a query string or a second segment.
    getFileIdFromRequest(req) {
      const { pathname } = new URL(req.url);
      const id = pathname.startsWith(`${TUS_ENDPOINT}/`) ? pathname.slice(TUS_ENDPOINT.length + 1) : '';
      return ID.test(id) ? id : undefined;
    },
    async onIncomingRequest(req, id) {
      const caller = callerOf(req);
      if (req.method === 'POST') return;
      const row = await uploads.find(id);
      if (!row || row.userId !== caller.userId) throw refusal(404, 'studio_upload_not_found', caller.lang);
      if (row.removedAt) throw refusal(410, 'studio_upload_not_found', caller.lang);
      if (req.method === 'DELETE' && row.postId !== null) throw refusal(400, 'studio_upload_refused', caller.lang);
    },
    async onUploadCreate(req, upload) {
      const caller = callerOf(req);
      if (upload.size === undefined) throw refusal(400, 'studio_upload_length_required', caller.lang);
      const refused = await uploads.creationRefusal(caller.userId, upload.size);
      if (refused) throw refusal(CREATION_STATUS[refused[0]] ?? 400, refused[0], caller.lang, refused[1]);
      const name = upload.metadata?.filename ?? upload.metadata?.name ?? '';
      await uploads.created({ id: upload.id, userId: caller.userId, size: upload.size, fileName: name.slice(0, 200) });
      return {};
    },
    async onUploadFinish(_req, upload) {
      await uploads.finished(upload.id);
      return {};
    },
    onResponseError(req, err) {
      if ((err as Partial<TusRefusal>).envelope) return err as TusRefusal;
      const lang = ((): ApiLang => {
        try {
          return callerOf(req).lang;
        } catch {
          return 'en_US';
        }
      })();
      const status = 'status_code' in err ? err.status_code : 500;
      switch (status) {
        case 404:
        case 410:
          return refusal(status, 'studio_upload_not_found', lang);
        case 409:
          return refusal(409, 'studio_upload_offset_mismatch', lang);
        case 413:
          return refusal(413, 'studio_upload_too_large', lang, { mb: Math.floor(limits.maxBytes / MB) });
        case 500:
          if ('body' in err && err.body.startsWith('failed to acquire lock')) {
            return refusal(423, 'studio_upload_busy', lang);
          }
          app.log.error({ err }, 'tus upload failed');
          return refusal(500, 'internal', lang);
        default:
          return refusal(status, 'bad_request', lang);
      }
    },
  });
  tus.on(EVENTS.POST_TERMINATE, (_req, _res, id) => {
    void uploads.terminated(id).catch((err: unknown) => app.log.error({ err }, 'tus termination not recorded'));
  });

  /** Error bodies are the envelope: say so (tus answers them as text). */
  function typeErrors(res: ServerResponse) {
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      if (status >= 400) {
        const headers = rest.find((arg): arg is string[] => Array.isArray(arg));
        if (headers) {
          for (let i = 0; i < headers.length; i += 2) {
            if (headers[i]?.toLowerCase() === 'content-type') headers[i + 1] = 'application/json; charset=utf-8';
          }
        }
        res.setHeader('content-type', 'application/json; charset=utf-8');
      }
      return writeHead(status, ...rest);
    }) as typeof res.writeHead;
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const { lang } = request.ctx;
    if (request.method !== 'OPTIONS') {
      const token = request.ctx.bearerToken;
      const userId = token ? await resolveUser(token) : null;
      if (userId === null) {
        reply.header('tus-resumable', '1.0.0');
        return sendEnvelope(
          reply,
          { code: errorCode('unauthorized'), msg: errorMessage('unauthorized', lang), data: null },
          401,
        );
      }
      callers.set(request.raw, { userId, lang });
    }
    reply.hijack();
    typeErrors(reply.raw);
    await tus.handle(request.raw, reply.raw);
  }

  await app.register(async (scope) => {
    // tus reads the body itself: no parser here consumes it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;
    scope.route({ method: [...methods], url: TUS_ENDPOINT, schema: { hide: true }, handler: handle });
    scope.route({ method: [...methods], url: `${TUS_ENDPOINT}/:id`, schema: { hide: true }, handler: handle });
    // tus could serve a finished upload's bytes on GET: the original stays private.
    scope.get(`${TUS_ENDPOINT}/:id`, { schema: { hide: true } }, (request, reply) =>
      sendEnvelope(
        reply,
        { code: errorCode('not_found'), msg: errorMessage('not_found', request.ctx.lang), data: null },
        404,
      ),
    );
  });

  app.addHook('onClose', async () => locker.close());
}
