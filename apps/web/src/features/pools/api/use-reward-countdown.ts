import { useQuery } from '@tanstack/react-query';
import { poolCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { countdownKey } from './keys';

/**
 * Seconds the member still has to watch before they can claim, as the server measured them. The player's
 * heartbeats refresh it (they invalidate the watch root) while it is enabled.
 */
export function useRewardCountdown(postId: number, enabled: boolean) {
  return useQuery({
    queryKey: countdownKey(postId),
    queryFn: ({ signal }) =>
      call(poolCalls.taskRewardCountdown, { query: { post_id: postId } }, { signal, silent: true }),
    enabled,
    staleTime: 0,
  });
}
