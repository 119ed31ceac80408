import { useInfiniteQuery } from '@tanstack/react-query';
import { videoCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { useViewerId } from '../../../shared/session/login-gate';
import { replyListRoot } from './comment-cache';

const PAGE_SIZE = 10;

export function fetchCommentReplies(commentId: number, page: number, signal?: AbortSignal) {
  return call(
    videoCalls.commentReplyList,
    { query: { comment_id: commentId, page, size: PAGE_SIZE } },
    { signal, silent: true },
  );
}

/** Replies to one comment, oldest first; fetched once the thread is opened. */
export function useCommentReplies(commentId: number, enabled: boolean) {
  const viewer = useViewerId();
  return useInfiniteQuery({
    queryKey: [...replyListRoot(commentId), viewer],
    queryFn: ({ pageParam, signal }) => fetchCommentReplies(commentId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled,
  });
}
