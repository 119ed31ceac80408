import { useQuery } from '@tanstack/react-query';
import { userCalls, type UserInfo } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { useSession } from '../../../shared/stores/session';

export const ME_QUERY_KEY = ['me', 'info'] as const;

/** The logged-in user: the stored copy at once, refreshed from the server. */
export function useMe() {
  const token = useSession((s) => s.token);
  const stored = useSession((s) => s.user) as UserInfo | null;
  return useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const user = await call(userCalls.userInfo, {}, { signal });
      useSession.getState().setUser(user);
      return user;
    },
    enabled: token !== null,
    initialData: stored ?? undefined,
    initialDataUpdatedAt: 0,
  });
}

/** The stored user, typed. */
export function useSessionUser(): UserInfo | null {
  return useSession((s) => s.user) as UserInfo | null;
}
