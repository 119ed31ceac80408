import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, raceCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { usePreferences } from '../../../shared/stores/preferences';
import { RACES_QUERY_ROOT } from './races-query';

/** The races to pick from, newest first (the running one, then past ones): the last year's worth, one page. */
export function useRaceList() {
  const lang = usePreferences((s) => s.lang);
  return useQuery({
    queryKey: [...RACES_QUERY_ROOT, 'list', lang],
    queryFn: ({ signal }) =>
      call(raceCalls.raceList, { query: { page: 1, size: MAX_PAGE_SIZE } }, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
}
