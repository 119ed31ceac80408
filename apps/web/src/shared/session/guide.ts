import { create } from 'zustand';

/** The three-step new-user guide (spec section 4). */
export const useGuide = create<{ open: boolean; show(): void; close(): void }>((set) => ({
  open: false,
  show: () => set({ open: true }),
  close: () => set({ open: false }),
}));
