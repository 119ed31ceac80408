import { useQuery } from '@tanstack/react-query';
import { poolCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { usePreferences } from '../../../shared/stores/preferences';

/** The kinds of pool, named in the UI language. */
export function usePoolTypes() {
  const lang = usePreferences((s) => s.lang);
  return useQuery({
    queryKey: ['pools', 'types', lang],
    queryFn: ({ signal }) => call(poolCalls.typeList, {}, { signal, silent: true }),
    staleTime: Infinity,
  });
}
