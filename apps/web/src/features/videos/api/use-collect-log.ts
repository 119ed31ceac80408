import { useInfiniteQuery } from '@tanstack/react-query';
import { videoCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { PERSONAL_QUERY_ROOT } from '../../../shared/session/logout';

const PAGE_SIZE = 12;

export const collectionQueryKey = [...PERSONAL_QUERY_ROOT, 'collection'] as const;

export function fetchCollectLog(page: number, signal?: AbortSignal) {
  return call(videoCalls.collectLog, { query: { page, size: PAGE_SIZE } }, { signal, silent: true });
}

/** Liked Videos (the collection), last added first. */
export function useCollectLog() {
  return useInfiniteQuery({
    queryKey: collectionQueryKey,
    queryFn: ({ pageParam, signal }) => fetchCollectLog(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    staleTime: 0,
  });
}
