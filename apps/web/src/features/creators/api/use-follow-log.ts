import { useInfiniteQuery } from '@tanstack/react-query';
import { videoCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { PERSONAL_QUERY_ROOT } from '../../../shared/session/logout';
import { useViewerId } from '../../../shared/session/login-gate';

const PAGE_SIZE = 20;

export type FollowLogType = 'follow' | 'fans';

export const myFollowLogRoot = [...PERSONAL_QUERY_ROOT, 'follows'] as const;

export function fetchFollowLog(type: FollowLogType, id: number | undefined, page: number, signal?: AbortSignal) {
  return call(
    videoCalls.followLog,
    { query: { type, page, size: PAGE_SIZE, ...(id ? { id } : {}) } },
    { signal, silent: true },
  );
}

/**
 * Whom a user follows (`follow`, Subscriptions) or who follows them (`fans`).
 * Without an id, or with the viewer's own, it is the viewer's list.
 */
export function useFollowLog(type: FollowLogType, id: number | undefined, enabled = true) {
  const viewer = useViewerId();
  const mine = !id || id === viewer;
  return useInfiniteQuery({
    queryKey: mine ? [...myFollowLogRoot, type] : ['creators', 'followLog', type, id, viewer],
    queryFn: ({ pageParam, signal }) => fetchFollowLog(type, mine ? undefined : id, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    staleTime: 0,
    enabled,
  });
}
