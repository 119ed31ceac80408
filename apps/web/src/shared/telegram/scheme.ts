import { useSyncExternalStore } from 'react';

/** Inside Telegram: whether its theme is light or dark (the app follows it instead of the saved choice). */
let scheme: 'light' | 'dark' | null = null;
const listeners = new Set<() => void>();

export function setTelegramScheme(value: 'light' | 'dark' | null): void {
  if (value === scheme) return;
  scheme = value;
  listeners.forEach((listener) => listener());
}

export function useTelegramScheme(): 'light' | 'dark' | null {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => scheme,
  );
}
