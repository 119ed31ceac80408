import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { channelCalls, MAX_PAGE_SIZE, POST_STATUS } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { usePreferences } from '../../../shared/stores/preferences';
import { CHANNEL_QUERY_ROOT } from './keys';

const PAGE_SIZE = 12;
/** While a video of the list is processing, the list is read again this often, so it turns ready in place. */
export const PROCESSING_POLL_MS = 4_000;

export type StatusFilter = 1 | 2 | 4 | 5 | undefined;

/** The caller's videos, newest first, of every status but deleted or of one; polled while one is processing. */
export function useMyVideos(status: StatusFilter) {
  const lang = usePreferences((s) => s.lang);
  return useInfiniteQuery({
    queryKey: [...CHANNEL_QUERY_ROOT, 'list', status ?? 'all', lang],
    queryFn: ({ pageParam, signal }) =>
      call(
        channelCalls.userPostList,
        { query: { page: pageParam, size: PAGE_SIZE, ...(status ? { status } : {}) } },
        { signal, silent: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.list.some((post) => post.status === POST_STATUS.processing))
        ? PROCESSING_POLL_MS
        : false,
  });
}

/** The caller's latest videos (one page of the largest size), to choose one on the statistics page. */
export function useMyVideoChoices() {
  const lang = usePreferences((s) => s.lang);
  return useQuery({
    queryKey: [...CHANNEL_QUERY_ROOT, 'choices', lang],
    queryFn: ({ signal }) =>
      call(channelCalls.userPostList, { query: { page: 1, size: MAX_PAGE_SIZE } }, { signal, silent: true }),
  });
}
