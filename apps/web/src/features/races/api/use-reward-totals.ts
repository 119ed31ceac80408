import { useQuery } from '@tanstack/react-query';
import { raceCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { usePreferences } from '../../../shared/stores/preferences';
import { REWARDS_QUERY_ROOT } from './races-query';

/** The caller's reward totals by currency: pending, approved (owed) and paid. */
export function useRewardTotals() {
  const lang = usePreferences((s) => s.lang);
  return useQuery({
    queryKey: [...REWARDS_QUERY_ROOT, 'totals', lang],
    queryFn: ({ signal }) => call(raceCalls.rewardDetail, {}, { signal, silent: true }),
  });
}
