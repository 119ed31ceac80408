import { useCallback } from 'react';
import { useSession } from './session';
import { useLoginDialog } from './login-dialog';

/**
 * For actions that need an account (like, comment, follow...): runs the
 * action for a member, opens the login dialog for a visitor.
 */
export function useLoginGate(): (action: () => void) => void {
  const loggedIn = useSession((s) => s.token !== null);
  const show = useLoginDialog((s) => s.show);
  return useCallback(
    (action: () => void) => {
      if (loggedIn) action();
      else show(0);
    },
    [loggedIn, show],
  );
}

/** The logged-in user's id, 0 for a visitor: part of the key of every query whose answer depends on the viewer. */
export function useViewerId(): number {
  return useSession((s) => s.user?.id ?? 0);
}
