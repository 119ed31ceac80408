import { useEffect } from 'react';

/**
 * Telegram's closing confirmation (issue 19): asked for while some work runs (a video upload) that closing
 * the Mini App would lose. Each `useClosingConfirmation(true)` holds it on; the SDK applies it when loaded.
 */
let holders = 0;
let apply: ((enabled: boolean) => void) | null = null;

export function setClosingImplementation(fn: ((enabled: boolean) => void) | null): void {
  apply = fn;
  apply?.(holders > 0);
}

export function useClosingConfirmation(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    holders += 1;
    if (holders === 1) apply?.(true);
    return () => {
      holders -= 1;
      if (holders === 0) apply?.(false);
    };
  }, [active]);
}
