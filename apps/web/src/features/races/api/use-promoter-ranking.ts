import { useInfiniteQuery } from '@tanstack/react-query';
import { raceCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { useViewerId } from '../../../shared/session/login-gate';
import { usePreferences } from '../../../shared/stores/preferences';
import { RACES_QUERY_ROOT } from './races-query';

const PAGE_SIZE = 20;

/** The running race's promoters by friends confirmed in it, page by page, with the caller's place. */
export function usePromoterRanking() {
  const lang = usePreferences((s) => s.lang);
  const viewer = useViewerId();
  return useInfiniteQuery({
    queryKey: [...RACES_QUERY_ROOT, 'promoters', lang, viewer],
    queryFn: ({ pageParam, signal }) =>
      call(raceCalls.promoterRanking, { query: { page: pageParam, size: PAGE_SIZE } }, { signal, silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}
