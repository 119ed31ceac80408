import { create } from 'zustand';
import { readStorage, storageKeys, writeStorage } from '../lib/storage';

/**
 * Who is logged in: the bearer token and the user's info, kept in local
 * storage (spec section 3). The user's shape is owned by the accounts feature;
 * here it is only stored and handed back.
 */
export interface SessionUser {
  id: number;
  [field: string]: unknown;
}

function readUser(): SessionUser | null {
  try {
    const raw = readStorage(storageKeys.user);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

interface Session {
  token: string | null;
  user: SessionUser | null;
  /** Set when the server said 401: the login dialog should open. */
  loginRequired: boolean;
  signIn(token: string, user: SessionUser): void;
  setUser(user: SessionUser): void;
  clear(options?: { loginRequired?: boolean }): void;
  setLoginRequired(required: boolean): void;
}

export const useSession = create<Session>((set) => ({
  token: readStorage(storageKeys.token),
  user: readUser(),
  loginRequired: false,
  signIn(token, user) {
    writeStorage(storageKeys.token, token);
    writeStorage(storageKeys.user, JSON.stringify(user));
    set({ token, user, loginRequired: false });
  },
  setUser(user) {
    writeStorage(storageKeys.user, JSON.stringify(user));
    set({ user });
  },
  clear(options = {}) {
    writeStorage(storageKeys.token, null);
    writeStorage(storageKeys.user, null);
    set({ token: null, user: null, loginRequired: options.loginRequired ?? false });
  },
  setLoginRequired(loginRequired) {
    set({ loginRequired });
  },
}));
