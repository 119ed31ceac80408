import { useInfiniteQuery } from '@tanstack/react-query';
import { raceCalls, type RewardSource } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { usePreferences } from '../../../shared/stores/preferences';
import { REWARDS_QUERY_ROOT } from './races-query';

const PAGE_SIZE = 20;

/** The caller's rewards, newest first, from races and campaigns or from one of them. */
export function useRewardLog(source: RewardSource | undefined) {
  const lang = usePreferences((s) => s.lang);
  return useInfiniteQuery({
    queryKey: [...REWARDS_QUERY_ROOT, 'log', source ?? 'all', lang],
    queryFn: ({ pageParam, signal }) =>
      call(
        raceCalls.rewardLog,
        { query: { page: pageParam, size: PAGE_SIZE, ...(source ? { source } : {}) } },
        { signal, silent: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}
