import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError, TRANSPORT_ERROR_CODE } from './client';

/**
 * Every query about the user's TAICE (wallet, tasks, sign-in, referrals) has a
 * key starting with this. It sits under the personal root (['me']), so logout
 * drops it with the rest.
 */
export const EARNINGS_QUERY_ROOT = ['me', 'earnings'] as const;

/**
 * Queries that follow what the member watched of a video (a reward pool's countdown) have keys starting
 * with this and the video's id: the player's heartbeats mark them stale, refetching those on screen.
 */
export const WATCH_QUERY_ROOT = ['me', 'watch'] as const;

/** Queries retry only transport failures, never an answer the server gave. */
export const queryClient: QueryClient = new QueryClient({
  // Any write may have earned something (a like, a share, a comment, a sign-in advance tasks and
  // balances): mark the TAICE queries stale after each, refetching those on screen.
  mutationCache: new MutationCache({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EARNINGS_QUERY_ROOT }, { cancelRefetch: false }),
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => failures < 2 && (!(error instanceof ApiError) || error.code === TRANSPORT_ERROR_CODE),
    },
    mutations: { retry: false },
  },
});
