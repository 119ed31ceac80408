import { useQuery } from '@tanstack/react-query';
import { channelCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { CHANNEL_QUERY_ROOT } from './keys';

/** All-time totals of the caller's channel, or of one of their videos. */
export function useChannelTotals(postId: number | undefined) {
  return useQuery({
    queryKey: [...CHANNEL_QUERY_ROOT, 'totals', postId ?? 'all'],
    queryFn: ({ signal }) =>
      call(channelCalls.dataCount, { query: postId ? { post_id: postId } : {} }, { signal, silent: true }),
  });
}
