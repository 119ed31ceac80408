import { useQuery } from '@tanstack/react-query';
import { contentCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { usePreferences } from '../../../shared/stores/preferences';

export const CONTACT_KEYS = [
  'contact.email',
  'contact.telegram',
  'contact.twitter',
  'contact.discord',
  'contact.youtube',
] as const;

/** Public settings by key (contact links and the like), in the current language. */
export function useSettings(keys: readonly string[]) {
  const lang = usePreferences((s) => s.lang);
  return useQuery({
    queryKey: ['settings', [...keys].sort().join(','), lang],
    queryFn: ({ signal }) =>
      call(contentCalls.keyValueGet, { query: { keys: keys.join(',') } }, { signal, silent: true }),
    staleTime: 10 * 60_000,
  });
}
