import { useQuery } from '@tanstack/react-query';
import { raceCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { usePreferences } from '../../../shared/stores/preferences';
import { REWARDS_QUERY_ROOT } from './races-query';

/** One of the caller's rewards with its eligibility checks (a message links to it by id); idle without an id. */
export function useRewardLogDetail(id: number | undefined) {
  const lang = usePreferences((s) => s.lang);
  return useQuery({
    queryKey: [...REWARDS_QUERY_ROOT, 'one', id, lang],
    queryFn: ({ signal }) => call(raceCalls.rewardLogDetail, { query: { id: id ?? 0 } }, { signal, silent: true }),
    enabled: id !== undefined,
  });
}
