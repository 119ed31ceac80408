import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import type { Challenges } from './challenges';

/** What the Google callback learnt from a verified ID token. */
export interface GoogleProfile {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
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
    async issue(profile: GoogleProfile): Promise<string> {
      return (await challenges.issue('google_ticket', { data: { ...profile } })).value;
    },

    /** The profile behind a ticket that is still usable (not yet taken). */
    async read(ticket: string): Promise<GoogleProfile> {
      const found = await challenges.peek('google_ticket', ticket);
      if (!found?.data) throw new AppError('google_ticket_invalid');
      return found.data as unknown as GoogleProfile;
    },

    async take(tx: Db, ticket: string): Promise<void> {
      await challenges.take(tx, 'google_ticket', ticket, REFUSE);
    },
  };
}

export type GoogleTickets = ReturnType<typeof createGoogleTickets>;
