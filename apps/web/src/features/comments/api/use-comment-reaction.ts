import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { patchCachedComment } from './comment-cache';

export function likeComment(id: number) {
  return call(videoCalls.commentLike, { body: { id } });
}

export function dislikeComment(id: number) {
  return call(videoCalls.commentDislike, { body: { id } });
}

/** Like or dislike a comment (each a toggle; one replaces the other). */
export function useCommentReaction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: 'like' | 'dislike') => (kind === 'like' ? likeComment(id) : dislikeComment(id)),
    onSuccess: (state) => patchCachedComment(queryClient, id, state),
  });
}
