import { useEffect } from 'react';
import { API_BASE } from '../../shared/api/client';
import { notify } from '../../shared/ui/toast';
import { storedInvitationCode } from '../../shared/session/invitation';
import { googleEmailBind } from './api/google-email-bind';
import { googleLogin } from './api/google-login';
import { finishOutsideLogin, storeBoundUser, stripFromAddress, wordedErrorKey, type IdentityIntent } from './outcomes';

/** The server's browser route that sends the visitor to Google and back. */
const START_PATH = '/api/frontend/auth/google';

export type GoogleReturn = { ticket: string; intent: IdentityIntent } | { error: string };

/**
 * What the Google callback left in the address fragment:
 * `#google_ticket=<ticket>&intent=<intent>` or `#google_error=<error key>`;
 * null when the fragment is about something else.
 */
export function parseGoogleReturn(hash: string): GoogleReturn | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('google_error');
  if (error !== null) return { error: error.trim() };
  const ticket = params.get('google_ticket')?.trim();
  if (!ticket) return null;
  return { ticket, intent: params.get('intent') === 'bind' ? 'bind' : 'login' };
}

/** The address of the server route that starts Google sign-in and comes back to `returnTo`. */
export function googleStartUrl(intent: IdentityIntent, returnTo: string): string {
  const params = new URLSearchParams({ intent, return_to: returnTo });
  return `${API_BASE}${START_PATH}?${params}`;
}

/**
 * Leaves for Google; the server brings the browser back to this page with a
 * ticket (the invitation code stays in storage for the login call).
 */
export function startGoogle(intent: IdentityIntent): void {
  const { pathname, search } = window.location;
  window.location.assign(googleStartUrl(intent, pathname + search));
}

async function finishGoogle(result: GoogleReturn): Promise<void> {
  if ('error' in result) {
    notify.error(wordedErrorKey(result.error, { provider: 'Google' }));
    return;
  }
  try {
    if (result.intent === 'login') {
      const login = await googleLogin({ ticket: result.ticket, invite_code: storedInvitationCode() || undefined });
      await finishOutsideLogin(login);
    } else {
      const user = await googleEmailBind({ ticket: result.ticket });
      await storeBoundUser(user, 'bindSuccess');
    }
  } catch (error) {
    // The server's message was already shown as a toast.
    console.error(error);
  }
}

let handled = false;

/** Mounted once in the app shell: finishes a Google sign-in the page came back from. */
export function useGoogleReturn(): void {
  useEffect(() => {
    if (handled) return;
    handled = true;
    const result = parseGoogleReturn(window.location.hash);
    if (!result) return;
    // The ticket is single-use: out of the address (and history) at once.
    stripFromAddress();
    void finishGoogle(result);
  }, []);
}
