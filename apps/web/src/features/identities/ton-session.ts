/** Where TON Connect keeps a wallet session (its SDK's own local storage key). */
export const TON_SESSION_KEY = 'ton-connect-storage_bridge-connection';

/**
 * The TON Connect session kept from this or an earlier visit, or null. Small and loaded with the shell: logout
 * reads it before it clears local storage, while the TON code may still be loading.
 */
export function storedTonSession(): string | null {
  try {
    return localStorage.getItem(TON_SESSION_KEY);
  } catch {
    // No storage, no session.
    return null;
  }
}
