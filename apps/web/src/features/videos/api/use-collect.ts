import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { i18n } from '../../../shared/i18n/i18n';
import { notify } from '../../../shared/ui/toast';
import { collectionQueryKey } from './use-collect-log';
import { patchPostDetail } from './use-post-detail';

export function collectPost(id: number) {
  return call(videoCalls.collect, { body: { id } });
}

/** Add a video to Liked Videos or take it out: 'Collected' / 'Removed from Liked Videos'. */
export function useCollect(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => collectPost(id),
    onSuccess: (state) => {
      patchPostDetail(queryClient, id, state);
      void queryClient.invalidateQueries({ queryKey: collectionQueryKey });
      notify.success(i18n.t(state.is_collect ? 'video.collected' : 'video.uncollected'));
    },
  });
}
