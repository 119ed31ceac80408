import { useQuery } from '@tanstack/react-query';
import { videoCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';

export function fetchRelatedVideos(id: number, signal?: AbortSignal) {
  return call(videoCalls.recommendList, { query: { id, size: 12 } }, { signal, silent: true });
}

/** Videos related to one video (recommendList). */
export function useRelatedVideos(id: number) {
  return useQuery({
    queryKey: ['videos', 'related', id],
    queryFn: ({ signal }) => fetchRelatedVideos(id, signal),
  });
}
