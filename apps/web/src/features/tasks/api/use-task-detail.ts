import { useQuery } from '@tanstack/react-query';
import { pointsCalls, type TaskDetail, type TaskType } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { EARNINGS_QUERY_ROOT } from '../../../shared/api/query-client';
import { useSession } from '../../../shared/session/session';

export const taskDetailKey = (type: TaskType) => [...EARNINGS_QUERY_ROOT, 'tasks', type] as const;

export function fetchTaskDetail(type: TaskType, signal?: AbortSignal): Promise<TaskDetail> {
  return call(pointsCalls.userTaskDetail, { query: { task_type: type } }, { signal, silent: true });
}

/** The tasks of one type with progress (for daily tasks, the open group) and the day's figures. */
export function useTaskDetail(type: TaskType) {
  const loggedIn = useSession((s) => s.token !== null);
  return useQuery({
    queryKey: taskDetailKey(type),
    queryFn: ({ signal }) => fetchTaskDetail(type, signal),
    enabled: loggedIn,
    staleTime: 5_000,
  });
}
