import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SIGN_IN_POPUP_DELAY_MS } from '@taice/contract';
import { appType } from '../../../shared/lib/platform';
import { useSession } from '../../../shared/session/session';
import { ME_QUERY_KEY } from '../../../shared/session/api/use-me';
import { useWalletDetail, WALLET_QUERY_KEY } from '../api/use-wallet-detail';
import { businessDay, shouldOfferSignIn } from '../sign-in-rule';
import { useSignInPopup } from '../stores/sign-in-popup';

/**
 * Keeps the TAICE wallet detail fresh (spec section 4): it loads after login,
 * is fetched again after every navigation while logged in, and each answer
 * may open the sign-in pop-up inside the messenger webview after 1 s. When the
 * balance grows the user info (level) is reloaded too.
 */
export function WalletSync() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const loggedIn = useSession((s) => s.token !== null);
  const wallet = useWalletDetail();
  const lastValue = useRef<number | null>(null);

  useEffect(() => {
    if (!loggedIn) return;
    void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }, { cancelRefetch: false });
  }, [location.key, loggedIn, queryClient]);

  const detail = wallet.data;
  const answeredAt = wallet.dataUpdatedAt;
  useEffect(() => {
    if (!detail) return;
    if (lastValue.current !== null && detail.value > lastValue.current) {
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    }
    lastValue.current = detail.value;
    const { dismissedDay } = useSignInPopup.getState();
    if (!shouldOfferSignIn(detail, { inWebview: appType() === 'tg_mini', dismissedDay, today: businessDay() })) return;
    const timer = setTimeout(() => useSignInPopup.getState().offer(), SIGN_IN_POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [detail, answeredAt, queryClient]);

  useEffect(() => {
    if (!loggedIn) lastValue.current = null;
  }, [loggedIn]);

  return null;
}
