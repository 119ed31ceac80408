import { useEffect } from 'react';
import { onLogout } from '../../shared/session/logout';
import { disconnectEvmWallet } from './evm-wallet';
import { disconnectTon } from './ton';
import { useGoogleReturn } from './google';
import { setRouteReplacer } from './outcomes';
import { useTelegramMiniAppLogin, useTelegramWidgetReturn } from './telegram';

/**
 * Mounted once in the app shell: finishes what an outside sign-in brought
 * back in the address (a Google ticket, a Telegram login result) and logs a
 * Mini App visitor in. `replace` is the router's replacing navigation (a
 * login on /Started goes on to /Success).
 */
// Logout also disconnects the wallets (spec section 4).
onLogout(disconnectEvmWallet);
onLogout(disconnectTon);

export function IdentityReturns({ replace }: { replace: (path: string) => void }): null {
  useEffect(() => setRouteReplacer(replace), [replace]);
  useGoogleReturn();
  useTelegramWidgetReturn();
  useTelegramMiniAppLogin();
  return null;
}
