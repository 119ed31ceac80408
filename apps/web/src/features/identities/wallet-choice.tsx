import { useEffect, useState } from 'react';
import { Wallet } from 'lucide-react';
import { EVM_WALLETS, type EvmWalletOption } from './evm-wallets';
import { prepareEvmWallets } from './evm-wallet';
import { useAuthProviders } from '../../shared/api/auth-providers';

const tints: Record<EvmWalletOption['id'], string> = {
  metamask: 'bg-[#f6851b]/15 text-[#f6851b]',
  okx: 'bg-fg/10 text-fg',
  bitget: 'bg-[#00f0ff]/15 text-[#00a3b0]',
  walletconnect: 'bg-[#3b99fc]/15 text-[#3b99fc]',
};

/**
 * The EVM wallets to pick from (spec section 9). WalletConnect shows only
 * where a WalletConnect project is configured; `onPick` does the rest.
 */
export function WalletChoice({ onPick }: { onPick: (option: EvmWalletOption) => Promise<unknown> }) {
  const providers = useAuthProviders();
  const [busy, setBusy] = useState<EvmWalletOption['id'] | null>(null);
  // Browser extensions announce themselves once asked: ask as soon as the choice is on screen.
  useEffect(() => {
    void prepareEvmWallets().catch(() => {});
  }, []);
  const options = EVM_WALLETS.filter((o) => o.id !== 'walletconnect' || providers.data?.wallet_connect_project_id);

  const pick = async (option: EvmWalletOption) => {
    if (busy) return;
    setBusy(option.id);
    try {
      await onPick(option);
    } finally {
      setBusy(null);
    }
  };

  return (
    <ul className="grid grid-cols-2 gap-2">
      {options.map((option) => (
        <li key={option.id}>
          <button
            type="button"
            onClick={() => void pick(option)}
            disabled={busy !== null}
            aria-busy={busy === option.id}
            className="flex min-h-14 w-full items-center gap-2 rounded-lg border border-border bg-surface-2 px-3 py-2 text-left font-semibold transition hover:border-accent disabled:opacity-60"
          >
            <span className={`grid size-8 shrink-0 place-items-center rounded-full ${tints[option.id]}`}>
              <Wallet className={`size-5 ${busy === option.id ? 'animate-pulse' : ''}`} aria-hidden />
            </span>
            <span className="min-w-0 leading-tight">{option.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
