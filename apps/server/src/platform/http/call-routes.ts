import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelopeOf, errorMessage, type AuthMode, type CallDef, type OperatorRole } from '@taice/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; read by the session check. */
    auth?: AuthMode;
    /** The operator roles that may call the route (operator calls); read by the operators' gate. */
    roles?: readonly OperatorRole[];
  }
}

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface CallInput<Q, B> {
  query: Parsed<Q>;
  body: Parsed<B>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers one call of the contract: its schemas validate the input, shape
 * the output and describe it in the OpenAPI document; the handler returns the
 * `data` of a successful envelope.
 */
export function registerCall<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, D extends z.ZodType>(
  app: FastifyInstance,
  def: CallDef<Q, B, D>,
  handler: (input: CallInput<Q, B>) => Promise<z.output<D>> | z.output<D>,
): void {
  app.route({
    method: def.method,
    url: def.path,
    schema: {
      summary: def.summary,
      tags: [def.tag],
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.auth === 'none' ? {} : { security: [{ bearer: [] }] }),
      response: { 200: envelopeOf(def.data) },
    },
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    config: { signed: true, auth: def.auth, roles: def.roles },
    handler: async (request, reply) => {
      const data = await handler({
        query: request.query as Parsed<Q>,
        body: request.body as Parsed<B>,
        request,
        reply,
      });
      return { code: 0, msg: errorMessage('ok', request.ctx.lang), data };
    },
  });
}
