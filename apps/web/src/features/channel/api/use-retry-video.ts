import { useMutation, useQueryClient } from '@tanstack/react-query';
import { studioCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { CHANNEL_QUERY_ROOT } from './keys';

export function retryVideo(id: number) {
  return call(studioCalls.retryPost, { body: { id } });
}

/** Processes a failed video again (the studio's call): it shows processing, and the list polls until it is ready. */
export function useRetryVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHANNEL_QUERY_ROOT }),
  });
}
