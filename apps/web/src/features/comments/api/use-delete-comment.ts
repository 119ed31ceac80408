import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoCalls, type Comment } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { i18n } from '../../../shared/i18n/i18n';
import { notify } from '../../../shared/ui/toast';
import { updateCachedComments } from './comment-cache';

export function deleteComment(id: number) {
  return call(videoCalls.commentDel, { body: { id } });
}

/** Delete one of the viewer's comments (its replies go with it): 'Comment deleted'. */
export function useDeleteComment(onDeleted?: (comment: Comment) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: Comment) => deleteComment(comment.id),
    onSuccess: (_data, comment) => {
      updateCachedComments(queryClient, (list) =>
        list
          .filter((c) => c.id !== comment.id)
          .map((c) => (c.id === comment.parent_id ? { ...c, reply_num: Math.max(0, c.reply_num - 1) } : c)),
      );
      onDeleted?.(comment);
      notify.success(i18n.t('comment.deleted'));
    },
  });
}
