import { useInfiniteQuery } from '@tanstack/react-query';
import { videoCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { useViewerId } from '../../../shared/session/login-gate';

const PAGE_SIZE = 20;

export function fetchCreatorList(page: number, signal?: AbortSignal) {
  return call(videoCalls.creatorList, { query: { page, size: PAGE_SIZE } }, { signal, silent: true });
}

/** Creators with published videos, most followed first. */
export function useCreatorList() {
  const viewer = useViewerId();
  return useInfiniteQuery({
    queryKey: ['creators', 'list', viewer],
    queryFn: ({ pageParam, signal }) => fetchCreatorList(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}
