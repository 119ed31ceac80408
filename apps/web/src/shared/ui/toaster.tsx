import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@taice/contract';
import { usePreferences } from '../stores/preferences';

/** Sonner's toaster in the chosen theme; loaded with the first toast (toast.ts), not with the page. */
export function ThemedToaster() {
  const theme = usePreferences((s) => s.theme);
  return <Toaster position="top-center" duration={TOAST_DURATION_MS} theme={theme} richColors closeButton />;
}
