import { useSyncExternalStore } from 'react';

const TICK_MS = 1000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/**
 * The server's time, refreshed every second (one timer for every countdown on screen): the device's clock plus
 * `offsetMs`, the server's lead measured from an answer (race-model `clockOffset`).
 */
export function useServerNow(offsetMs: number): number {
  return useSyncExternalStore(subscribe, () => now) + offsetMs;
}
