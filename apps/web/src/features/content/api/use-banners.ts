import { useQuery } from '@tanstack/react-query';
import { contentCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { usePreferences } from '../../../shared/stores/preferences';

export function useBanners(position: 'home' | 'task' | 'exchange' = 'home') {
  const lang = usePreferences((s) => s.lang);
  return useQuery({
    queryKey: ['banners', position, lang],
    queryFn: ({ signal }) => call(contentCalls.banners, { query: { position } }, { signal, silent: true }),
  });
}
