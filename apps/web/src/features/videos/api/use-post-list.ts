import { useInfiniteQuery } from '@tanstack/react-query';
import { videoCalls, type CallQuery } from '@taice/contract';
import { call } from '../../../shared/api/client';

const PAGE_SIZE = 12;

export interface PostListFilter {
  category_id?: number;
  author_id?: number;
  sort?: 'new' | 'hot';
}

export function fetchPostList(filter: PostListFilter, page: number, signal?: AbortSignal) {
  const query: CallQuery<typeof videoCalls.postList> = { ...filter, page, size: PAGE_SIZE };
  return call(videoCalls.postList, { query }, { signal, silent: true });
}

/** Published videos of a category or an author, newest first, page after page. */
export function usePostList(filter: PostListFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: ['videos', 'list', filter],
    queryFn: ({ pageParam, signal }) => fetchPostList(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled,
  });
}
