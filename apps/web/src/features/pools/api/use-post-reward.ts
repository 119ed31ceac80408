import { useQuery } from '@tanstack/react-query';
import { poolCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { useViewerId } from '../../../shared/session/login-gate';
import { postRewardKey } from './keys';

/** The pool on a video (null when it never had one), as this viewer sees it. */
export function usePostReward(postId: number) {
  const viewer = useViewerId();
  return useQuery({
    queryKey: postRewardKey(postId, viewer),
    queryFn: ({ signal }) => call(poolCalls.postRewardDetail, { query: { post_id: postId } }, { signal, silent: true }),
    staleTime: 10_000,
  });
}
