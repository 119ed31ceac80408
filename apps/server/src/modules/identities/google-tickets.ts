import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import type { Db } from '../../platform/db/database';
import type { Challenges } from './challenges';

/** What the Google callback learnt from a verified ID token. */
export interface GoogleProfile {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/**
 * The browser that starts a Google sign-in gets a random value in an HttpOnly
 * cookie; the state, the callback and the ticket are only good with it. A
 * ticket (or a callback address) passed to somebody else's browser is worth
 * nothing there, so nobody can be logged into, or bound to, another's account.
 */
const FLOW_COOKIE = 'taice_google_flow';
const FLOW_MAX_AGE_SECONDS = 900;

const hashOf = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Starts a flow in this browser; returns what the state keeps to recognise it. */
export function startFlow(request: FastifyRequest, reply: FastifyReply): string {
  const flow = randomBytes(24).toString('base64url');
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${FLOW_COOKIE}=${flow}; Path=/api/frontend; HttpOnly; SameSite=Lax; Max-Age=${FLOW_MAX_AGE_SECONDS}${secure}`,
  );
  return hashOf(flow);
}

/** Whether this request comes from the browser that started the flow. */
export function isSameFlow(request: FastifyRequest, flowHash: unknown): boolean {
  const cookies = request.headers.cookie ?? '';
  const flow = cookies
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${FLOW_COOKIE}=`))
    ?.slice(FLOW_COOKIE.length + 1);
  return Boolean(flow) && typeof flowHash === 'string' && hashOf(flow!) === flowHash;
}

const REFUSE = {
  unknown: 'google_ticket_invalid',
  used: 'google_ticket_invalid',
  expired: 'google_ticket_invalid',
} as const;

/**
 * The callback cannot hand a session to the page (the token lives in the
 * page's storage), so it leaves a short-lived single-use ticket instead; the
 * page then logs in or binds with it.
 */
export function createGoogleTickets(challenges: Challenges) {
  return {
    async issue(profile: GoogleProfile, flowHash: string): Promise<string> {
      return (await challenges.issue('google_ticket', { data: { ...profile, flowHash } })).value;
    },

    /** The profile behind a ticket that is still usable (not yet taken), in the browser that asked for it. */
    async read(ticket: string, request: FastifyRequest): Promise<GoogleProfile> {
      const found = await challenges.peek('google_ticket', ticket);
      if (!found?.data || !isSameFlow(request, found.data.flowHash)) throw new AppError('google_ticket_invalid');
      return found.data as unknown as GoogleProfile;
    },

    async take(tx: Db, ticket: string): Promise<void> {
      await challenges.take(tx, 'google_ticket', ticket, REFUSE);
    },
  };
}

export type GoogleTickets = ReturnType<typeof createGoogleTickets>;
