import { useQuery } from '@tanstack/react-query';
import { pointsCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { EARNINGS_QUERY_ROOT } from '../../../shared/api/query-client';

export function fetchPointsChart(signal?: AbortSignal) {
  return call(pointsCalls.pointsChart, {}, { signal, silent: true });
}

/** TAICE earned per business day over the last 30 days, oldest first. */
export function usePointsChart() {
  return useQuery({
    queryKey: [...EARNINGS_QUERY_ROOT, 'chart'],
    queryFn: ({ signal }) => fetchPointsChart(signal),
  });
}
