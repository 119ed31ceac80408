import { useInfiniteQuery } from '@tanstack/react-query';
import { pointsCalls, type LedgerReason } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { EARNINGS_QUERY_ROOT } from '../../../shared/api/query-client';

const PAGE_SIZE = 20;

export function fetchWalletLog(page: number, reason: LedgerReason | undefined, signal?: AbortSignal) {
  return call(
    pointsCalls.walletLog,
    { query: { page, size: PAGE_SIZE, currency_key: 'taice', ...(reason ? { reason } : {}) } },
    { signal, silent: true },
  );
}

/** The TAICE ledger, newest first, of every reason or of one. */
export function useWalletLog(reason: LedgerReason | undefined) {
  return useInfiniteQuery({
    queryKey: [...EARNINGS_QUERY_ROOT, 'wallet-log', reason ?? 'all'],
    queryFn: ({ pageParam, signal }) => fetchWalletLog(pageParam, reason, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}
