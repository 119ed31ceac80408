import type { QueryClient } from '@tanstack/react-query';
import { clearStorageForLogout } from '../lib/storage';
import { endServerSession } from './api/logout';
import { useSession } from './session';

/** Every query about the logged-in user has a key starting with this, so logout can drop them all. */
export const PERSONAL_QUERY_ROOT = ['me'] as const;

const logoutListeners = new Set<() => void | Promise<void>>();

/**
 * Runs on every logout: connected wallets are disconnected this way (spec section 4). A listener starts
 * before local storage is cleared, so its synchronous part can still read a wallet session kept there.
 */
export function onLogout(listener: () => void | Promise<void>): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

interface LogoutOptions {
  /** After a 401 the login dialog asks the user to log in again. */
  loginRequired?: boolean;
  queryClient: QueryClient;
  goHome: () => void;
}

/**
 * Logout on the client (spec section 4): forget the user, token and points,
 * clear local storage except the device id (and display preferences), drop
 * cached server data, and leave the current page for Home.
 */
export function logoutLocally({ loginRequired = false, queryClient, goHome }: LogoutOptions): void {
  for (const listener of logoutListeners) {
    // A wallet that fails to disconnect must not keep the user logged in. Called now, not in a later
    // microtask: TON Connect's session, when its SDK is not loaded yet, is only in the storage cleared below.
    try {
      void Promise.resolve(listener()).catch(() => {});
    } catch {
      // As above.
    }
  }
  useSession.getState().clear({ loginRequired });
  clearStorageForLogout();
  queryClient.removeQueries({ queryKey: PERSONAL_QUERY_ROOT });
  goHome();
}

/** The logout button: end the session on the server (best effort), then on this device. */
export async function logout(queryClient: QueryClient, goHome: () => void): Promise<void> {
  try {
    await endServerSession();
  } catch {
    // Offline or already ended: the device still logs out.
  }
  logoutLocally({ queryClient, goHome });
}
