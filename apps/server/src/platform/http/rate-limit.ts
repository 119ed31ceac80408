import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimitRule, RateLimits } from '../state/shared-state';

export type RateLimitKey = (request: FastifyRequest) => string | null;

/** Per client IP (the proxy's X-Forwarded-For when TRUST_PROXY is on). */
export const byIp: RateLimitKey = (request) => `ip:${request.ip}`;

/** Per logged-in user (not counted for visitors; pair it with `byIp`). */
export const byUser: RateLimitKey = (request) => (request.user ? `user:${request.user.id}` : null);

/**
 * A route hook counting each request against one or more keys; the first
 * limit reached refuses the request with `too_many_requests` and the wait.
 * A key function returning null does not count (for example "per user" on a
 * logged-out request).
 */
export function rateLimit(
  limits: RateLimits,
  rule: RateLimitRule,
  ...keys: RateLimitKey[]
): preHandlerAsyncHookHandler {
  return async (request) => {
    for (const keyOf of keys) {
      const key = keyOf(request);
      if (key !== null) await limits.consume(rule, key);
    }
  };
}
