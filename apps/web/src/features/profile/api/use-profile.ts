import { useQuery } from '@tanstack/react-query';
import { userCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';

export function useProfile(id: number | null) {
  return useQuery({
    queryKey: ['profile', id],
    queryFn: ({ signal }) => call(userCalls.userProfile, { query: { id: id! } }, { signal, silent: true }),
    enabled: id !== null && Number.isInteger(id) && id > 0,
  });
}
