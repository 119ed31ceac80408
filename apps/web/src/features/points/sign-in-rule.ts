import type { WalletDetail } from '@taice/contract';

const BUSINESS_OFFSET_MS = 8 * 3600 * 1000;

/** Today's business day (UTC+8, product decisions) as `YYYY-MM-DD`. */
export function businessDay(now: number = Date.now()): string {
  return new Date(now + BUSINESS_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * Spec section 4: after login and after every navigation, the sign-in pop-up
 * shows when today's reward is pending (is_sign_in_reward = 1) and the app
 * runs inside the messenger webview; once closed unanswered, not again the
 * same business day.
 */
export function shouldOfferSignIn(
  detail: Pick<WalletDetail, 'is_sign_in_reward'> | undefined,
  context: { inWebview: boolean; dismissedDay: string | null; today: string },
): boolean {
  return Boolean(
    detail && detail.is_sign_in_reward === 1 && context.inWebview && context.dismissedDay !== context.today,
  );
}
