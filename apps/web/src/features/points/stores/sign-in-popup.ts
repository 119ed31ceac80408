import { create } from 'zustand';
import type { CallData, pointsCalls } from '@taice/contract';
import { haptics } from '../../../shared/telegram/haptics';

export type SignInResult = CallData<typeof pointsCalls.signIn>;

/** What the sign-in pop-up shows: today's reward to take, or the reward just taken. */
export type SignInPopupContent = { phase: 'offer' } | { phase: 'done'; result: SignInResult };

interface SignInPopupState {
  open: boolean;
  /** Set once it has opened: from then on the pop-up stays mounted (its code loads on first use). */
  used: boolean;
  content: SignInPopupContent;
  /** The business day on which the offer was closed unanswered: not offered again that day. */
  dismissedDay: string | null;
  offer(): void;
  celebrate(result: SignInResult): void;
  close(today: string): void;
}

export const useSignInPopup = create<SignInPopupState>((set, get) => ({
  open: false,
  used: false,
  content: { phase: 'offer' },
  dismissedDay: null,
  offer() {
    if (!get().open) set({ open: true, used: true, content: { phase: 'offer' } });
  },
  celebrate(result) {
    haptics.success();
    set({ open: true, used: true, content: { phase: 'done', result } });
  },
  close(today) {
    const { content } = get();
    set({ open: false, dismissedDay: content.phase === 'offer' ? today : get().dismissedDay });
  },
}));
