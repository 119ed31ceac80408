import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { i18n } from '../../../shared/i18n/i18n';
import { notify } from '../../../shared/ui/toast';
import { patchPostDetail } from './use-post-detail';

export function dislikePost(id: number) {
  return call(videoCalls.dislike, { body: { id } });
}

/** Dislike a video or take the dislike back. */
export function useDislike(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dislikePost(id),
    onSuccess: (state) => {
      patchPostDetail(queryClient, id, state);
      notify.success(i18n.t(state.is_dislike ? 'video.disliked' : 'video.undisliked'));
    },
  });
}
