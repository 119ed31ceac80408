import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { CHANNEL_QUERY_ROOT } from './keys';

export function deleteVideo(id: number) {
  return call(channelCalls.delPost, { body: { id } });
}

/** Deletes one of the caller's videos; the channel's lists and figures are read again. */
export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHANNEL_QUERY_ROOT }),
  });
}
