import { useGoogleReturn } from './google';
import { useTelegramMiniAppLogin, useTelegramWidgetReturn } from './telegram';

/**
 * Finishes what an outside sign-in brought back in the address (a Google ticket, a Telegram login result) and
 * logs a Mini App visitor in. Loaded by identity-returns.tsx only when there is such a thing to finish.
 */
export function FinishReturns(): null {
  useGoogleReturn();
  useTelegramWidgetReturn();
  useTelegramMiniAppLogin();
  return null;
}
