import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorCode, errorMessage, parseApiLang, type ApiLang, type Envelope } from '@taice/contract';
import { AppError } from './app-error';
import { describeValidation, RequestValidationError } from './validation';
import { isDatabaseUnavailable } from '../db/unavailable';

function langOf(request: FastifyRequest): ApiLang {
  return request.ctx?.lang ?? parseApiLang(request.headers.lang as string | undefined);
}

/** Envelopes bypass the route's response schema: an error's `data` is not the route's data. */
export function sendEnvelope(reply: FastifyReply, body: Envelope<unknown>, httpStatus = 200) {
  return reply.status(httpStatus).serializer(JSON.stringify).type('application/json; charset=utf-8').send(body);
}

/**
 * The one error path. Business errors, validation failures, auth and rate
 * limits are answered with HTTP 200 and their own envelope code (decision 002);
 * anything unexpected is logged with its stack and answered with a generic
 * message and HTTP 500.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const lang = langOf(request);

    if (err instanceof AppError) {
      request.log.info({ code: errorCode(err.key), key: err.key }, 'request refused');
      return sendEnvelope(reply, {
        code: errorCode(err.key),
        msg: errorMessage(err.key, lang, err.params),
        data: err.data,
      });
    }

    if (err instanceof RequestValidationError) {
      const outcome = describeValidation(err, lang);
      request.log.info({ code: outcome.code, field: outcome.data.field }, 'request invalid');
      return sendEnvelope(reply, outcome);
    }

    // The database is down or overloaded: a fast 503 the client may retry, not a 500 (decision 032).
    if (isDatabaseUnavailable(err)) {
      request.log.warn(
        { err: { code: (err as { code?: unknown }).code, message: err.message } },
        'database unavailable',
      );
      reply.header('retry-after', '2');
      return sendEnvelope(
        reply,
        { code: errorCode('service_unavailable'), msg: errorMessage('service_unavailable', lang), data: null },
        503,
      );
    }

    const status = err.statusCode ?? 500;
    if (status === 413) {
      return sendEnvelope(reply, {
        code: errorCode('payload_too_large'),
        msg: errorMessage('payload_too_large', lang),
        data: null,
      });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, not ours.
      request.log.info({ err: { code: err.code, message: err.message } }, 'bad request');
      return sendEnvelope(reply, {
        code: errorCode('bad_request'),
        msg: errorMessage('bad_request', lang),
        data: null,
      });
    }

    request.log.error({ err }, 'unhandled error');
    return sendEnvelope(reply, { code: errorCode('internal'), msg: errorMessage('internal', lang), data: null }, 500);
  });
}
