import { useMutation, useQueryClient } from '@tanstack/react-query';
import { studioCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { ME_QUERY_KEY } from '../../../shared/session/api/use-me';
import type { PostInput } from '../post-form';
import { uploadDetailRoot } from './use-upload-detail';

/** Posts a ready upload (silent: the form shows a refusal on its field, or toasts it). */
export function storePost(input: PostInput) {
  return call(studioCalls.storePost, { body: input }, { silent: true });
}

/** Publishes the upload: the post is created processing; the creator's lists are fetched again. */
export function useStorePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: storePost,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: uploadDetailRoot, refetchType: 'none' });
      // The creator's own lists (my videos, statistics) have a new post: fetched again when next shown.
      void queryClient.invalidateQueries({ queryKey: ['me'], refetchType: 'none' });
      // The user's counts (videos posted) are on screen in the header's menu.
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
