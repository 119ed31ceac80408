import { useInfiniteQuery } from '@tanstack/react-query';
import { poolCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { poolsRoot } from './keys';

const PAGE_SIZE = 10;

/** The caller's pools, newest first: of one video, or of all of them. */
export function usePools(postId: number | undefined) {
  return useInfiniteQuery({
    queryKey: [...poolsRoot, 'mine', postId ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      call(
        poolCalls.list,
        { query: { page: pageParam, size: PAGE_SIZE, ...(postId ? { post_id: postId } : {}) } },
        { signal, silent: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}
