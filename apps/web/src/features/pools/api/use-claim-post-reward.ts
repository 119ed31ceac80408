import { useMutation } from '@tanstack/react-query';
import { poolCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { haptics } from '../../../shared/telegram/haptics';

/** Claims the video's pool reward; a refusal (empty, ended, not watched yet) shows as the server's toast. */
export function useClaimPostReward() {
  return useMutation({
    mutationFn: (postId: number) => call(poolCalls.claimPostReward, { body: { post_id: postId } }),
    onSuccess: () => haptics.success(),
  });
}
