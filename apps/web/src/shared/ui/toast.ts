import { toast } from 'sonner';
import { TOAST_DURATION_MS } from '@taice/contract';
import { haptics } from '../telegram/haptics';

/** Toasts of spec section 8: success, warning and error, 5 s each. */
export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_DURATION_MS }),
  warning: (message: string) => toast.warning(message, { duration: TOAST_DURATION_MS }),
  error: (message: string) => {
    haptics.error();
    return toast.error(message, { duration: TOAST_DURATION_MS });
  },
};
