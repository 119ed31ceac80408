import { useQuery } from '@tanstack/react-query';
import { identityCalls, type AuthProviders } from '@taice/contract';
import { call } from './client';
import { queryClient } from './query-client';

/** Not under ['me']: the same for everyone, so it survives logout. */
export const AUTH_PROVIDERS_QUERY_KEY = ['auth', 'providers'] as const;

const providersQuery = {
  queryKey: AUTH_PROVIDERS_QUERY_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => call(identityCalls.providers, {}, { signal, silent: true }),
  // Server configuration: changes with a deploy, not during a visit.
  staleTime: 60 * 60 * 1000,
};

/** Which outside logins this server offers (Google, Telegram bot, TON manifest, WalletConnect project). */
export function useAuthProviders() {
  return useQuery(providersQuery);
}

/** The same answer outside React (cached). */
export function fetchAuthProviders(): Promise<AuthProviders> {
  return queryClient.fetchQuery(providersQuery);
}
