import { useQuery } from '@tanstack/react-query';
import { pointsCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { EARNINGS_QUERY_ROOT } from '../../../shared/api/query-client';

export const INVITE_TASKS_QUERY_KEY = [...EARNINGS_QUERY_ROOT, 'invite-tasks'] as const;

export function fetchInviteTasks(signal?: AbortSignal) {
  return call(pointsCalls.inviteTaskList, {}, { signal, silent: true });
}

/** Invitation milestones: friends needed, reward, progress, reached and claimed. */
export function useInviteTasks() {
  return useQuery({ queryKey: INVITE_TASKS_QUERY_KEY, queryFn: ({ signal }) => fetchInviteTasks(signal) });
}
