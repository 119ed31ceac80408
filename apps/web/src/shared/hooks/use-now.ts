import { useSyncExternalStore } from 'react';

/** A time that ticks: one timer for every component on screen that reads it, stopped when none does. */
function createClock(tickMs: number) {
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
      }, tickMs);
      // The first reader rendered with the time the clock last had: it is told of the fresh one.
      listener();
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && timer !== null) {
        clearInterval(timer);
        timer = null;
      }
    };
  }

  return { subscribe, read: () => now };
}

const clocks = { minute: createClock(60_000), second: createClock(1000) };

interface NowOptions {
  /** How often it refreshes: every minute for "3 minutes ago" texts, every second for a countdown. */
  every?: keyof typeof clocks;
  /** The server's lead over this device's clock, measured from an answer: the time on the server's clock. */
  offsetMs?: number;
}

/** The current time, refreshed every minute unless asked otherwise. */
export function useNow({ every = 'minute', offsetMs = 0 }: NowOptions = {}): number {
  const clock = clocks[every];
  return useSyncExternalStore(clock.subscribe, clock.read) + offsetMs;
}
