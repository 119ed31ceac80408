import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelCalls, type UpDownAction } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { CHANNEL_QUERY_ROOT } from './keys';

export function upDown(input: { id: number; action: UpDownAction }) {
  return call(channelCalls.upDown, { body: input });
}

/** Takes one of the caller's videos down or puts it back up; the channel's lists and figures are read again. */
export function useUpDown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upDown,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHANNEL_QUERY_ROOT }),
  });
}
