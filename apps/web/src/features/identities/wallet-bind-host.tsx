import { lazyHost } from '../../shared/ui/lazy-host';
import { useWalletBindDialog } from './wallet-bind-store';

/** The wallet choice for binding; its code loads when it first opens. */
export const WalletBindDialog = lazyHost(
  () => import('./wallet-bind-modal').then((m) => m.WalletBindDialog),
  () => useWalletBindDialog((s) => s.open),
);
