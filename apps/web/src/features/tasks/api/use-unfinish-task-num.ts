import { useQuery } from '@tanstack/react-query';
import { pointsCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { EARNINGS_QUERY_ROOT } from '../../../shared/api/query-client';
import { useSession } from '../../../shared/session/session';

export function fetchUnfinishTaskNum(signal?: AbortSignal) {
  return call(pointsCalls.unfinishTaskNum, {}, { signal, silent: true });
}

/** How many tasks are still open today (the floating button's badge). */
export function useUnfinishTaskNum() {
  const loggedIn = useSession((s) => s.token !== null);
  return useQuery({
    queryKey: [...EARNINGS_QUERY_ROOT, 'tasks', 'unfinished'],
    queryFn: ({ signal }) => fetchUnfinishTaskNum(signal),
    enabled: loggedIn,
  });
}
