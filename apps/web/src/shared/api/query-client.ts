import { QueryClient } from '@tanstack/react-query';
import { ApiError, TRANSPORT_ERROR_CODE } from './client';

/** Queries retry only transport failures, never an answer the server gave. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => failures < 2 && (!(error instanceof ApiError) || error.code === TRANSPORT_ERROR_CODE),
    },
    mutations: { retry: false },
  },
});
