import { create } from 'zustand';
import type * as Sonner from 'sonner';
import { TOAST_DURATION_MS } from '@taice/contract';
import { haptics } from '../telegram/haptics';

type ToastKind = 'success' | 'warning' | 'error';

/** True from the first toast on: the app mounts sonner's Toaster then (toaster.tsx), so sonner loads with it. */
export const useToasterWanted = create<boolean>(() => false);

let sonner: Promise<typeof Sonner> | undefined;

function show(kind: ToastKind, message: string): void {
  sonner ??= import('sonner');
  useToasterWanted.setState(true, true);
  // A toast made before the Toaster subscribed is shown when it does (sonner replays the active ones).
  void sonner.then(({ toast }) => toast[kind](message, { duration: TOAST_DURATION_MS }));
}

/** Toasts of spec section 8: success, warning and error, 5 s each. */
export const notify = {
  success: (message: string): void => show('success', message),
  warning: (message: string): void => show('warning', message),
  error: (message: string): void => {
    haptics.error();
    show('error', message);
  },
};
