import { useInfiniteQuery } from '@tanstack/react-query';
import { youtubeCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { useViewerId } from '../../../shared/session/login-gate';
import { PERSONAL_QUERY_ROOT } from '../../../shared/session/logout';

/** Everything YouTube sync reads: the caller's own, dropped at logout. */
export const YOUTUBE_QUERY_ROOT = [...PERSONAL_QUERY_ROOT, 'youtube'] as const;

const PAGE_SIZE = 20;

/**
 * The connected channel and its uploads, page after page (YouTube's page tokens). A refusal
 * (`youtube_not_connected` and the like) is left to the page, which offers to connect.
 */
export function useYoutubeVideos() {
  const viewer = useViewerId();
  return useInfiniteQuery({
    queryKey: [...YOUTUBE_QUERY_ROOT, 'videos', viewer],
    queryFn: ({ pageParam, signal }) =>
      call(
        youtubeCalls.getYoutubeVideo,
        { query: { size: PAGE_SIZE, ...(pageParam ? { page_token: pageParam } : {}) } },
        { signal, silent: true },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_page_token ?? undefined,
  });
}
