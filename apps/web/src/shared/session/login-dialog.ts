import { create } from 'zustand';

/** Login dialog modes (spec section 4): 0 wallet choice, 1 e-mail registration, 2 e-mail login, 3 forgot password. */
export type LoginMode = 0 | 1 | 2 | 3;

interface LoginDialogState {
  open: boolean;
  mode: LoginMode;
  show(mode?: LoginMode): void;
  setMode(mode: LoginMode): void;
  close(): void;
}

export const useLoginDialog = create<LoginDialogState>((set) => ({
  open: false,
  mode: 0,
  show(mode = 0) {
    set({ open: true, mode });
  },
  setMode(mode) {
    set({ mode });
  },
  close() {
    set({ open: false });
  },
}));
