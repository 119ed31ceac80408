import { useInfiniteQuery } from '@tanstack/react-query';
import { SEARCH_KEYWORD_MAX_LENGTH, videoCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { useViewerId } from '../../../shared/session/login-gate';

const PAGE_SIZE = 12;

export function fetchGlobalSearch(keyword: string, page: number, signal?: AbortSignal) {
  return call(
    videoCalls.globalSearchV2,
    { query: { keyword: keyword.slice(0, SEARCH_KEYWORD_MAX_LENGTH), page, size: PAGE_SIZE } },
    { signal, silent: true },
  );
}

/** Videos (paged) and creators matching a keyword. */
export function useGlobalSearch(keyword: string) {
  const viewer = useViewerId();
  return useInfiniteQuery({
    queryKey: ['search', keyword, viewer],
    queryFn: ({ pageParam, signal }) => fetchGlobalSearch(keyword, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.posts.has_more ? last.posts.page + 1 : undefined),
    enabled: keyword.length > 0,
  });
}
