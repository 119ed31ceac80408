import { useQuery } from '@tanstack/react-query';
import { pointsCalls, type WalletDetail } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { EARNINGS_QUERY_ROOT } from '../../../shared/api/query-client';
import { readStorage, storageKeys, writeStorage } from '../../../shared/lib/storage';
import { useSession } from '../../../shared/session/session';

export const WALLET_QUERY_KEY = [...EARNINGS_QUERY_ROOT, 'wallet', 'taice'] as const;

export function fetchWalletDetail(signal?: AbortSignal): Promise<WalletDetail> {
  return call(pointsCalls.walletDetail, { query: { currency_key: 'taice' } }, { signal, silent: true });
}

/** The balance last seen (kept in local storage, spec section 3), for the header before the wallet answers. */
export function storedPoints(): number | null {
  const raw = readStorage(storageKeys.points);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

/**
 * The TAICE wallet detail: balance with its spendable and locked parts,
 * today's earnings and the sign-in state. Each answer saves the balance.
 */
export function useWalletDetail() {
  const loggedIn = useSession((s) => s.token !== null);
  return useQuery({
    queryKey: WALLET_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const detail = await fetchWalletDetail(signal);
      writeStorage(storageKeys.points, String(detail.value));
      return detail;
    },
    enabled: loggedIn,
    staleTime: 10_000,
  });
}
