import { create } from 'zustand';

/** The wallet choice opened outside the login dialog: to bind, or when a wallet page needs one. */
export const useWalletBindDialog = create<{ open: boolean; show(): void; close(): void }>((set) => ({
  open: false,
  show: () => set({ open: true }),
  close: () => set({ open: false }),
}));

/** Whether this device connected an EVM wallet before (wagmi keeps its state in local storage). */
export function hadEvmConnection(): boolean {
  return Object.keys(window.localStorage).some((key) => key.startsWith('wagmi.'));
}
