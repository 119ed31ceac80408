import { useQuery } from '@tanstack/react-query';
import { contentCalls, type DocType } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { usePreferences } from '../../../shared/stores/preferences';

export function useDocument(type: DocType) {
  const lang = usePreferences((s) => s.lang);
  return useQuery({
    queryKey: ['doc', type, lang],
    queryFn: ({ signal }) => call(contentCalls.docGetByType, { query: { type } }, { signal, silent: true }),
    staleTime: 10 * 60_000,
  });
}
