import { useQuery, type QueryClient } from '@tanstack/react-query';
import { userCalls, type UserInfo } from '@taice/contract';
import { call, type CallOptions } from '../../api/client';
import { useSession } from '../session';

export const ME_QUERY_KEY = ['me', 'info'] as const;

/** The logged-in user's info from the server, kept in the session. */
export async function fetchMe(options: CallOptions = {}): Promise<UserInfo> {
  const user = await call(userCalls.userInfo, {}, options);
  useSession.getState().setUser(user);
  return user;
}

/** The logged-in user: the stored copy at once, refreshed from the server. */
export function useMe() {
  const token = useSession((s) => s.token);
  const stored = useSession((s) => s.user) as UserInfo | null;
  return useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => fetchMe({ signal }),
    enabled: token !== null,
    initialData: stored ?? undefined,
    initialDataUpdatedAt: 0,
  });
}

/** The stored user, typed. */
export function useSessionUser(): UserInfo | null {
  return useSession((s) => s.user) as UserInfo | null;
}

/** A call answered with the updated user (profile, bindings, guide): keep it in the session and the cache. */
export function keepUser(queryClient: QueryClient, user: UserInfo): void {
  useSession.getState().setUser(user);
  queryClient.setQueryData(ME_QUERY_KEY, user);
}
