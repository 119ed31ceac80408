/**
 * Local storage keys in one place. Logging out clears local storage except the
 * keys kept here: the device id (spec section 4) and the user's own display
 * preferences (decision 005).
 */
export const storageKeys = {
  deviceId: 'device_id',
  lang: 'lang',
  theme: 'theme',
  token: 'token',
  user: 'userInfo',
  /** The last TAICE balance seen, shown in the header before the wallet answers. */
  points: 'points',
  /** The wallet-terms dialog was accepted on this device. */
  walletTerms: 'walletTermsAccepted',
} as const;

const keptAcrossLogout: string[] = [storageKeys.deviceId, storageKeys.lang, storageKeys.theme, storageKeys.walletTerms];

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the app keeps working for this visit.
  }
}

export function clearStorageForLogout(): void {
  try {
    const kept = keptAcrossLogout.map((k) => [k, localStorage.getItem(k)] as const);
    localStorage.clear();
    for (const [k, v] of kept) if (v !== null) localStorage.setItem(k, v);
  } catch {
    // ignore
  }
}
