import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { redemptionCalls, type OrderStatus } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { EARNINGS_QUERY_ROOT } from '../../../shared/api/query-client';
import { usePreferences } from '../../../shared/stores/preferences';

const PAGE_SIZE = 10;

/**
 * Orders sit under the earnings root: an exchange (any write that moves TAICE)
 * marks them stale. Prize names come in the request language, so the key holds it.
 */
const ordersRoot = [...EARNINGS_QUERY_ROOT, 'orders'] as const;

/** The caller's orders, newest first, of every status or of one. */
export function useOrders(status: OrderStatus | undefined) {
  const lang = usePreferences((s) => s.lang);
  return useInfiniteQuery({
    queryKey: [...ordersRoot, 'list', status ?? 'all', lang],
    queryFn: ({ pageParam, signal }) =>
      call(
        redemptionCalls.prizeOrders,
        { query: { page: pageParam, size: PAGE_SIZE, ...(status ? { status } : {}) } },
        { signal, silent: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}

/** One of the caller's orders by id (a message links to it); null when it is not theirs or does not exist. */
export function useOrder(id: number) {
  const lang = usePreferences((s) => s.lang);
  return useQuery({
    queryKey: [...ordersRoot, 'one', id, lang],
    queryFn: async ({ signal }) => {
      const page = await call(
        redemptionCalls.prizeOrders,
        { query: { id, page: 1, size: 1 } },
        { signal, silent: true },
      );
      return page.list[0] ?? null;
    },
  });
}
