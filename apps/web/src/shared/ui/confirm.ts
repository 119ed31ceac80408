import { create } from 'zustand';

export type ConfirmIcon = 'success' | 'warning' | 'error';

interface ConfirmRequest {
  message: string;
  title?: string;
  icon?: ConfirmIcon;
  confirmText?: string;
  cancelText?: string;
}

interface ConfirmState {
  open: boolean;
  request: ConfirmRequest | null;
  resolve: ((confirmed: boolean) => void) | null;
  ask(request: ConfirmRequest): Promise<boolean>;
  answer(confirmed: boolean): void;
}

export const useConfirmStore = create<ConfirmState>((set, get) => ({
  open: false,
  request: null,
  resolve: null,
  ask(request) {
    get().resolve?.(false);
    return new Promise<boolean>((resolve) => set({ open: true, request, resolve }));
  },
  answer(confirmed) {
    get().resolve?.(confirmed);
    // The request stays until the 350 ms fade has run (spec section 9).
    set({ open: false, resolve: null });
  },
}));

/** Asks the user to confirm; resolves true for Confirm, false for Cancel or dismissal. */
export function confirm(request: ConfirmRequest): Promise<boolean> {
  return useConfirmStore.getState().ask(request);
}
