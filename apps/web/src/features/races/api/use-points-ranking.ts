import { useQuery } from '@tanstack/react-query';
import { raceCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { useViewerId } from '../../../shared/session/login-gate';
import { usePreferences } from '../../../shared/stores/preferences';
import { clockOffset } from '../race-model';
import { RACES_QUERY_ROOT } from './races-query';

export const RANKING_PAGE_SIZE = 20;
/** A running race's board is read again this often while it is on screen. */
const LIVE_REFRESH_MS = 60_000;

/**
 * One page of a race's ranking (the running race without `raceId`), with the race, the caller's row and
 * `clockOffset`: how far the server's clock is ahead of this device's, for the countdown. The race's label comes
 * in the request language and the caller's row is the viewer's, so the key holds both. Paging within a race keeps
 * the page on screen until the next one arrives; another race starts from its skeleton.
 */
export function usePointsRanking(raceId: number | undefined, page: number) {
  const lang = usePreferences((s) => s.lang);
  const viewer = useViewerId();
  const race = raceId ?? 'current';
  return useQuery({
    queryKey: [...RACES_QUERY_ROOT, 'ranking', race, lang, viewer, page],
    queryFn: async ({ signal }) => {
      const data = await call(
        raceCalls.pointsRanking,
        { query: { page, size: RANKING_PAGE_SIZE, ...(raceId ? { race_id: raceId } : {}) } },
        { signal, silent: true },
      );
      return { ...data, clockOffset: clockOffset(data.server_time, Date.now()) };
    },
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[RACES_QUERY_ROOT.length + 1] === race ? previous : undefined,
    refetchInterval: (query) => (query.state.data?.race.status === 'running' ? LIVE_REFRESH_MS : false),
  });
}
