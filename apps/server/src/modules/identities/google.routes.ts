import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSafeText, type ErrorKey } from '@taice/contract';
import type { Config } from '../../config';
import { AppError } from '../../platform/http/app-error';
import type { Db } from '../../platform/db/database';
import type { RateLimitRule, RateLimits } from '../../platform/state/shared-state';
import type { Challenges } from './challenges';
import type { GoogleOidc } from './google-oidc';
import { isSameFlow, startFlow, type GoogleTickets } from './google-tickets';
import { siteOrigin } from './identities.routes';

const START_PATH = '/api/frontend/auth/google';
const CALLBACK_PATH = '/api/frontend/auth/google/callback';
const FALLBACK_RETURN = '/Home';
/** Long enough to type a password and pass a second factor at Google. */
const STATE_TTL_SECONDS = 600;
/** Each start stores a state row: enough for people, not for filling the table. */
const startRule: RateLimitRule = { name: 'auth.google', points: 30, durationSeconds: 60 };
const STATE_REFUSALS = {
  unknown: 'google_ticket_invalid',
  used: 'google_ticket_invalid',
  expired: 'google_ticket_invalid',
} as const;

type Intent = 'login' | 'bind';

/** Kept under the state until the callback: what proves the callback answers this start. */
interface SavedState {
  codeVerifier: string;
  nonce: string;
  intent: Intent;
  returnTo: string;
  /** The hash of this browser's flow cookie. */
  flowHash: string;
}

interface Deps {
  config: Config;
  db: Db;
  limits: RateLimits;
  challenges: Challenges;
  googleTickets: GoogleTickets;
  google: GoogleOidc;
}

/** A path on this site to come back to; another origin, `//host` or a full URL becomes /Home. */
function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 500) return FALLBACK_RETURN;
  const base = 'http://site.invalid';
  try {
    // Parsed as a browser would, so `/\host` and tabs inside `//` are caught too.
    const url = new URL(value, base);
    // `/.//host` normalises to the path `//host`, which a browser would read as another site.
    if (url.origin !== base || url.pathname.startsWith('//')) return FALLBACK_RETURN;
    return url.pathname + url.search;
  } catch {
    return FALLBACK_RETURN;
  }
}

/**
 * The browser side of Google sign-in: a redirect to the provider, and the
 * callback that leaves a single-use ticket in the return page's fragment
 * (the page then calls google/login or googleEmailBind with it). Failures
 * come back as `#google_error=<error key>`, never as an error page.
 */
export async function googleRoutes(app: FastifyInstance, deps: Deps) {
  const { config, db, limits, challenges, googleTickets, google } = deps;

  function fail(request: FastifyRequest, reply: FastifyReply, returnTo: string, err: unknown) {
    const key: ErrorKey = err instanceof AppError ? err.key : 'google_ticket_invalid';
    if (err instanceof AppError) request.log.info({ key }, 'google sign-in refused');
    else request.log.warn({ err }, 'google sign-in failed');
    return reply.redirect(`${returnTo}#google_error=${key}`);
  }

  app.get(
    START_PATH,
    {
      schema: {
        tags: ['identity'],
        summary: 'Browser redirect to Google sign-in (?intent=login|bind&return_to=/path)',
      },
      // return_to is read as a browser reads a URL, which drops or escapes control characters.
      config: { checksOwnText: true },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const query = request.query as Record<string, unknown>;
      const returnTo = safeReturnTo(query.return_to);
      const intent: Intent = query.intent === 'bind' ? 'bind' : 'login';
      try {
        if (!google.enabled) throw new AppError('provider_not_configured', { provider: 'Google' });
        await limits.consume(startRule, request.ip);
        const secrets = google.newSecrets();
        const saved: SavedState = { ...secrets, intent, returnTo, flowHash: startFlow(request, reply) };
        const { value: state } = await challenges.issue('google_state', {
          data: { ...saved },
          ttlSeconds: STATE_TTL_SECONDS,
        });
        const redirectUri = siteOrigin(config, request) + CALLBACK_PATH;
        return reply.redirect(await google.authorizationUrl(redirectUri, { state, ...secrets }));
      } catch (err) {
        return fail(request, reply, returnTo, err);
      }
    },
  );

  app.get(
    CALLBACK_PATH,
    {
      schema: { tags: ['identity'], summary: 'Where Google returns to; redirects on with a ticket or an error' },
      config: { checksOwnText: true },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const query = request.query as Record<string, unknown>;
      const state = query.state;
      let returnTo = FALLBACK_RETURN;
      try {
        if (typeof state !== 'string' || !isSafeText(state)) throw new AppError('google_ticket_invalid');
        // Spent in a short transaction of its own: no connection is held while the provider
        // answers, and a failed exchange leaves nothing to retry with.
        const taken = await db.transaction((tx) => challenges.take(tx, 'google_state', state, STATE_REFUSALS));
        const saved = taken.data as unknown as SavedState;
        returnTo = saved.returnTo;
        if (!isSameFlow(request, saved.flowHash)) throw new AppError('google_ticket_invalid');
        if (query.error !== undefined) {
          request.log.info({ error: query.error, description: query.error_description }, 'google sign-in declined');
          return reply.redirect(`${returnTo}#google_error=google_ticket_invalid`);
        }
        const profile = await google.finish(new URL(request.url, siteOrigin(config, request)), {
          state,
          codeVerifier: saved.codeVerifier,
          nonce: saved.nonce,
        });
        const ticket = await googleTickets.issue(profile, saved.flowHash);
        return reply.redirect(`${returnTo}#google_ticket=${ticket}&intent=${saved.intent}`);
      } catch (err) {
        return fail(request, reply, returnTo, err);
      }
    },
  );
}
