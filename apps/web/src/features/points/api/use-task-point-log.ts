import { useInfiniteQuery } from '@tanstack/react-query';
import { pointsCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { EARNINGS_QUERY_ROOT } from '../../../shared/api/query-client';

const PAGE_SIZE = 20;

export function fetchTaskPointLog(page: number, signal?: AbortSignal) {
  return call(pointsCalls.userTaskPointLog, { query: { page, size: PAGE_SIZE } }, { signal, silent: true });
}

/** Points from tasks, sign-in and rewards, newest first (/TaskRecord). */
export function useTaskPointLog() {
  return useInfiniteQuery({
    queryKey: [...EARNINGS_QUERY_ROOT, 'task-point-log'],
    queryFn: ({ pageParam, signal }) => fetchTaskPointLog(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}
