import { useInfiniteQuery } from '@tanstack/react-query';
import { redemptionCalls, type PrizeType } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { EARNINGS_QUERY_ROOT } from '../../../shared/api/query-client';
import { useViewerId } from '../../../shared/session/login-gate';

const PAGE_SIZE = 12;

/**
 * The catalogue of one prize type. Affordability and the remaining limit are
 * the viewer's, so the key holds the viewer, and it sits under the earnings
 * root: any write that moves TAICE (an exchange too) marks it stale.
 */
export function usePrizes(type: PrizeType) {
  const viewer = useViewerId();
  return useInfiniteQuery({
    queryKey: [...EARNINGS_QUERY_ROOT, 'prizes', type, viewer],
    queryFn: ({ pageParam, signal }) =>
      call(redemptionCalls.prizeList, { query: { type, page: pageParam, size: PAGE_SIZE } }, { signal, silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}
