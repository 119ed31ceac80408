import { useQuery } from '@tanstack/react-query';
import { videoCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { usePreferences } from '../../../shared/stores/preferences';
import { useViewerId } from '../../../shared/session/login-gate';

export const interestsRoot = ['interests'] as const;

export function fetchInterestList(signal?: AbortSignal) {
  return call(videoCalls.interestList, {}, { signal, silent: true });
}

/** The categories one may pick, with the viewer's current choice. */
export function useInterestList() {
  const lang = usePreferences((s) => s.lang);
  const viewer = useViewerId();
  return useQuery({
    queryKey: [...interestsRoot, lang, viewer],
    queryFn: ({ signal }) => fetchInterestList(signal),
  });
}
