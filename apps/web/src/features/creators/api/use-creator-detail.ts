import { useQuery } from '@tanstack/react-query';
import { videoCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { useViewerId } from '../../../shared/session/login-gate';

export const creatorDetailRoot = (id: number) => ['creators', 'detail', id] as const;

export function fetchCreatorDetail(id: number, signal?: AbortSignal) {
  return call(videoCalls.creatorDetail, { query: { id } }, { signal, silent: true });
}

/** One creator with counts and whether the viewer follows them. */
export function useCreatorDetail(id: number) {
  const viewer = useViewerId();
  return useQuery({
    queryKey: [...creatorDetailRoot(id), viewer],
    queryFn: ({ signal }) => fetchCreatorDetail(id, signal),
  });
}
