import { useQuery } from '@tanstack/react-query';
import { studioCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { usePreferences } from '../../../shared/stores/preferences';

export function fetchUploadConfig(signal?: AbortSignal) {
  return call(studioCalls.uploadConfig, {}, { signal, silent: true });
}

/** Where and how to upload a video: the tus endpoint, the size and length limits, the chunk size. */
export function useUploadConfig() {
  const lang = usePreferences((s) => s.lang);
  return useQuery({
    queryKey: ['me', 'studio', 'uploadConfig', lang],
    queryFn: ({ signal }) => fetchUploadConfig(signal),
    staleTime: 10 * 60_000,
  });
}
