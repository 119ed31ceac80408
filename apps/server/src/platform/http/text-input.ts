import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { findUnsafeText, isSafeText } from '@taice/contract';
import { RequestValidationError } from './validation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A browser navigation that answers every failure with a redirect, not an envelope: it holds its own
     * query to the text rule (`isSafeText`).
     */
    checksOwnText?: boolean;
  }
}

type Part = 'headers' | 'params' | 'querystring' | 'body';

function schemaOf(request: FastifyRequest, part: Part): z.ZodType | undefined {
  const schema = (request.routeOptions.schema as Partial<Record<Part, unknown>> | undefined)?.[part];
  return schema && typeof schema === 'object' && '_zod' in schema ? (schema as z.ZodType) : undefined;
}

function refuse(part: Part, path: (string | number)[]): never {
  const issue = { code: 'custom', path, message: 'unsafe text', params: { reason: 'unsafe_text' } };
  throw new RequestValidationError([issue as unknown as z.core.$ZodIssue], part);
}

/**
 * Holds every text a request brings (headers, path, query, body) to the
 * contract's text rule before any route sees it, for every route at once:
 * a NUL or another control character gets a validation error in the
 * envelope, never a database error.
 */
export const textInput = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      for (const [name, value] of Object.entries(request.headers)) {
        // A header value may hold a tab; line breaks never get through the HTTP parser.
        const texts = Array.isArray(value) ? value : [value ?? ''];
        if (!texts.every((text) => isSafeText(text, true))) refuse('headers', [name]);
      }
      if (request.routeOptions.config.checksOwnText === true) return;
      const parts: [Part, unknown][] = [
        ['params', request.params],
        ['querystring', request.query],
        ['body', request.body],
      ];
      for (const [part, value] of parts) {
        const path = findUnsafeText(schemaOf(request, part), value);
        if (path) refuse(part, path);
      }
    });
  },
  { name: 'text-input' },
);
