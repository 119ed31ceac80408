import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoCalls, type Comment } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { i18n } from '../../../shared/i18n/i18n';
import { notify } from '../../../shared/ui/toast';
import { commentListRoot, replyListRoot, updateCachedComments, type CommentPages } from './comment-cache';

export function postComment(body: { id: number; content: string; parent_id?: number }) {
  return call(videoCalls.comment, { body });
}

/**
 * Comment on a video, or reply (`parentId`: the comment or reply answered).
 * The new comment shows at once: first among the comments, last in its thread.
 */
export function usePostComment(postId: number, onPosted?: (comment: Comment) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, parentId }: { content: string; parentId?: number }) =>
      postComment({ id: postId, content, ...(parentId ? { parent_id: parentId } : {}) }),
    onSuccess: (comment) => {
      if (comment.parent_id === 0) {
        queryClient.setQueriesData<CommentPages>({ queryKey: commentListRoot(postId) }, (old) =>
          old
            ? {
                ...old,
                pages: old.pages.map((page, i) =>
                  i === 0 ? { ...page, total: page.total + 1, list: [comment, ...page.list] } : page,
                ),
              }
            : old,
        );
      } else {
        updateCachedComments(queryClient, (list) =>
          list.map((c) => (c.id === comment.parent_id ? { ...c, reply_num: c.reply_num + 1 } : c)),
        );
        queryClient.setQueriesData<CommentPages>({ queryKey: replyListRoot(comment.parent_id) }, (old) => {
          if (!old) return old;
          const last = old.pages.length - 1;
          // Replies run oldest first: the new one belongs at the end, once every page is loaded.
          if (old.pages[last]?.has_more) return old;
          return {
            ...old,
            pages: old.pages.map((page, i) => (i === last ? { ...page, list: [...page.list, comment] } : page)),
          };
        });
      }
      onPosted?.(comment);
      notify.success(i18n.t('comment.posted'));
    },
  });
}
