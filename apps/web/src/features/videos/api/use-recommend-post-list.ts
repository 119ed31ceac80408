import { useInfiniteQuery } from '@tanstack/react-query';
import { videoCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { useViewerId } from '../../../shared/session/login-gate';

const PAGE_SIZE = 12;

export function fetchRecommendPostList(page: number, signal?: AbortSignal) {
  return call(videoCalls.recommendPostList, { query: { page, size: PAGE_SIZE } }, { signal, silent: true });
}

/** The recommended feed (Home), page after page; it depends on who watches. */
export function useRecommendPostList() {
  const viewer = useViewerId();
  return useInfiniteQuery({
    queryKey: ['videos', 'recommended', viewer],
    queryFn: ({ pageParam, signal }) => fetchRecommendPostList(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}
