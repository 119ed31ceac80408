import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { i18n } from '../../../shared/i18n/i18n';
import { notify } from '../../../shared/ui/toast';
import { patchPostDetail } from './use-post-detail';

export function likePost(id: number) {
  return call(videoCalls.like, { body: { id } });
}

/** Like or unlike a video: 'Liked' / 'Unliked'. */
export function useLike(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => likePost(id),
    onSuccess: (state) => {
      patchPostDetail(queryClient, id, state);
      notify.success(i18n.t(state.is_like ? 'video.liked' : 'video.unliked'));
    },
  });
}
