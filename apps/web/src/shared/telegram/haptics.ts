/** Telegram's haptic feedback (issue 19): set by the Mini App's SDK once it is loaded, a no-op elsewhere. */
type Notification = 'success' | 'error' | 'warning';

let notifyHaptic: ((type: Notification) => void) | null = null;

export function setHapticImplementation(fn: ((type: Notification) => void) | null): void {
  notifyHaptic = fn;
}

export const haptics = {
  /** A reward landed (sign-in reward, a task's or a pool's claim). */
  success: () => notifyHaptic?.('success'),
  /** An error toast. */
  error: () => notifyHaptic?.('error'),
};
