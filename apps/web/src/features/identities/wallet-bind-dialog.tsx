import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../shared/routing/paths';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../shared/session/session';
import { notify } from '../../shared/ui/toast';
import { i18n } from '../../shared/i18n/i18n';
import { RequireLogin } from '../../shared/session/require-login';
import { logout } from '../../shared/session/logout';
import { hadEvmConnection, useWalletBindDialog } from './wallet-bind-store';

/**
 * Spec section 4: while a wallet is connected, switching it to an address other
 * than the user's bound one logs the user out ('Account inconsistency!').
 */
export function useWalletAccountWatch(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useSession((s) => s.token);
  const bound = useSession((s) => (s.user as { chain_address?: string } | null)?.chain_address ?? '');
  useEffect(() => {
    if (!token || !bound || !hadEvmConnection()) return;
    // The wallet code (and wagmi) loads only for a member whose device connected a wallet before.
    void import('./evm-wallet')
      .then(({ watchEvmAccount }) =>
        watchEvmAccount(() => {
          notify.error(i18n.t('identities.accountInconsistency'));
          void logout(queryClient, () => void navigate(paths.home, { replace: true }));
        }),
      )
      .catch(() => {});
  }, [token, bound, navigate, queryClient]);
}

/**
 * Wallet pages (Transfer, Wallet, CoinTransfer, Chain, nftTransfer) need a
 * bound wallet: without one, 'please bind wallet!', the wallet choice opens
 * and the navigation is undone.
 */
export function RequireWallet({ children }: { children: ReactNode }) {
  const loggedIn = useSession((s) => s.token !== null);
  const hasWallet = useSession((s) => Boolean((s.user as { chain_address?: string } | null)?.chain_address));
  const navigate = useNavigate();
  useEffect(() => {
    if (!loggedIn || hasWallet) return;
    notify.warning(i18n.t('identities.pleaseBindWallet'));
    useWalletBindDialog.getState().show();
    if (window.history.state?.idx > 0) void navigate(-1);
    else void navigate(paths.home, { replace: true });
  }, [loggedIn, hasWallet, navigate]);
  if (!loggedIn) return <RequireLogin>{children}</RequireLogin>;
  return hasWallet ? children : null;
}
