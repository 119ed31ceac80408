import { useMutation, useQueryClient } from '@tanstack/react-query';
import { youtubeCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { YOUTUBE_QUERY_ROOT } from './use-youtube-videos';

/** Forgets the caller's YouTube connection (imported videos stay); the page then offers to connect again. */
export function useDisconnectYoutube() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(youtubeCalls.youtubeDisconnect),
    onSuccess: () => queryClient.resetQueries({ queryKey: YOUTUBE_QUERY_ROOT }),
  });
}
