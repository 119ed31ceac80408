import { useQuery } from '@tanstack/react-query';
import { videoCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';

export function fetchHomeDataCount(signal?: AbortSignal) {
  return call(videoCalls.homeDataCount, {}, { signal, silent: true });
}

/** Platform figures for Home: registrations, videos, total watch time. */
export function useHomeDataCount() {
  return useQuery({ queryKey: ['videos', 'dataCount'], queryFn: ({ signal }) => fetchHomeDataCount(signal) });
}
