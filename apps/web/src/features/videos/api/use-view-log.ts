import { useInfiniteQuery } from '@tanstack/react-query';
import { videoCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { PERSONAL_QUERY_ROOT } from '../../../shared/session/logout';

const PAGE_SIZE = 12;

export const historyQueryKey = [...PERSONAL_QUERY_ROOT, 'history'] as const;

export function fetchViewLog(page: number, signal?: AbortSignal) {
  return call(videoCalls.viewLog, { query: { page, size: PAGE_SIZE } }, { signal, silent: true });
}

/** Watch history, last watched first. */
export function useViewLog() {
  return useInfiniteQuery({
    queryKey: historyQueryKey,
    queryFn: ({ pageParam, signal }) => fetchViewLog(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    staleTime: 0,
  });
}
