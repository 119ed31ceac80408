import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { LoginType } from '@taice/contract';
import { AppError } from './app-error';

export interface AuthUser {
  id: number;
  sessionId: number;
  loginType: LoginType;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, on routes whose call has auth `required` or `optional`. */
    user: AuthUser | null;
  }
}

export type SessionResolver = (token: string) => Promise<AuthUser | null>;

/**
 * Checks the bearer token of calls that need or accept a login. A missing,
 * unknown, expired or revoked token on a `required` call is code 401; on an
 * `optional` call the request simply continues logged out.
 */
export const auth = fp<{ resolve: SessionResolver }>(
  async (app, { resolve }) => {
    app.decorateRequest('user', null);
    // Before validation: a call that needs login answers 401 whatever its input.
    app.addHook('preValidation', async (request) => {
      const mode = request.routeOptions.config.auth;
      if (mode !== 'required' && mode !== 'optional') return;
      const token = request.ctx.bearerToken;
      request.user = token ? await resolve(token) : null;
      if (mode === 'required' && !request.user) throw new AppError('unauthorized');
    });
  },
  { name: 'auth', dependencies: ['request-context', 'request-signing'] },
);

/** The logged-in user of a `required` call (the hook has already refused anonymous requests). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}
