import { useQuery } from '@tanstack/react-query';
import { videoCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { usePreferences } from '../../../shared/stores/preferences';

export function fetchCategories(signal?: AbortSignal) {
  return call(videoCalls.categoryList, {}, { signal, silent: true });
}

/** Video categories, named in the UI language. */
export function useCategories() {
  const lang = usePreferences((s) => s.lang);
  return useQuery({
    queryKey: ['videos', 'categories', lang],
    queryFn: ({ signal }) => fetchCategories(signal),
    staleTime: 5 * 60_000,
  });
}
