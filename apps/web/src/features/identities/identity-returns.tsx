import { lazy, Suspense, useEffect, useState } from 'react';
import { withAllTexts } from '../../shared/i18n/i18n';
import { hasMiniAppLaunchParams } from '../../shared/lib/platform';
import { onLogout } from '../../shared/session/logout';
import { setRouteReplacer } from './route-replacer';
import { storedTonSession } from './ton-session';

// Logout also disconnects the wallets (spec section 4). Their code is loaded already when a wallet was
// connected in this tab; otherwise it loads now. A TON session from an earlier visit is only in the local
// storage logout clears as soon as the listeners have started: it is read now, before the TON code loads.
onLogout(() => import('./evm-wallet').then((m) => m.disconnectEvmWallet()));
onLogout(() => {
  const stored = storedTonSession();
  return import('./ton').then((m) => m.disconnectTon(stored));
});

const FinishReturns = lazy(withAllTexts(() => import('./finish-returns').then((m) => ({ default: m.FinishReturns }))));

/**
 * Whether the page came back from an outside sign-in (`#google_ticket=`, `#google_error=`, Telegram's
 * `#tgAuthResult=`) or runs in the Telegram Mini App: only then is the code that finishes it loaded.
 */
export function hasReturnToFinish(): boolean {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return (
    fragment.has('google_ticket') ||
    fragment.has('google_error') ||
    fragment.has('tgAuthResult') ||
    hasMiniAppLaunchParams()
  );
}

/**
 * Mounted once in the app shell: finishes what an outside sign-in brought back in the address (a Google
 * ticket, a Telegram login result) and logs a Mini App visitor in. `replace` is the router's replacing
 * navigation (a login on /Started goes on to /Success).
 */
export function IdentityReturns({ replace }: { replace: (path: string) => void }) {
  useEffect(() => setRouteReplacer(replace), [replace]);
  const [finish] = useState(hasReturnToFinish);
  return finish ? (
    <Suspense fallback={null}>
      <FinishReturns />
    </Suspense>
  ) : null;
}
