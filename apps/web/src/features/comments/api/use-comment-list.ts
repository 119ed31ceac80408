import { useInfiniteQuery } from '@tanstack/react-query';
import { videoCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { useViewerId } from '../../../shared/session/login-gate';
import { commentListRoot } from './comment-cache';

const PAGE_SIZE = 20;

export function fetchCommentList(postId: number, page: number, signal?: AbortSignal) {
  return call(videoCalls.commentList, { query: { id: postId, page, size: PAGE_SIZE } }, { signal, silent: true });
}

/** Top-level comments of a video, newest first; asked for once `enabled`. */
export function useCommentList(postId: number, enabled = true) {
  const viewer = useViewerId();
  return useInfiniteQuery({
    queryKey: [...commentListRoot(postId), viewer],
    queryFn: ({ pageParam, signal }) => fetchCommentList(postId, pageParam, signal),
    enabled,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}
