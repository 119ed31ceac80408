import { useInfiniteQuery } from '@tanstack/react-query';
import { pointsCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { EARNINGS_QUERY_ROOT } from '../../../shared/api/query-client';

const PAGE_SIZE = 20;

export function fetchInvitationLog(page: number, signal?: AbortSignal) {
  return call(pointsCalls.invitationLog, { query: { page, size: PAGE_SIZE } }, { signal, silent: true });
}

/** Friends invited, newest first: date, address, status, reward and what they still have to do. */
export function useInvitationLog() {
  return useInfiniteQuery({
    queryKey: [...EARNINGS_QUERY_ROOT, 'invitation-log'],
    queryFn: ({ pageParam, signal }) => fetchInvitationLog(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}
