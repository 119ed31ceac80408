import { useQuery } from '@tanstack/react-query';
import { pointsCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { EARNINGS_QUERY_ROOT } from '../../../shared/api/query-client';
import { useSession } from '../../../shared/session/session';

export function fetchSignInConfigs(signal?: AbortSignal) {
  return call(pointsCalls.signInConfigs, {}, { signal, silent: true });
}

/** The 7 streak days with their rewards; for a member also which are signed and which is today. */
export function useSignInConfigs() {
  const loggedIn = useSession((s) => s.token !== null);
  return useQuery({
    queryKey: loggedIn ? [...EARNINGS_QUERY_ROOT, 'sign-in'] : ['sign-in-configs'],
    queryFn: ({ signal }) => fetchSignInConfigs(signal),
    staleTime: loggedIn ? 10_000 : 5 * 60_000,
  });
}
