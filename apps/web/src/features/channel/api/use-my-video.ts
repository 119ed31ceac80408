import { useQuery } from '@tanstack/react-query';
import { channelCalls, POST_STATUS } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { usePreferences } from '../../../shared/stores/preferences';
import { CHANNEL_QUERY_ROOT } from './keys';
import { PROCESSING_POLL_MS } from './use-my-videos';

/** One of the caller's videos in full (polled while it is processing). */
export function useMyVideo(id: number) {
  const lang = usePreferences((s) => s.lang);
  return useQuery({
    queryKey: [...CHANNEL_QUERY_ROOT, 'detail', id, lang],
    queryFn: ({ signal }) => call(channelCalls.userPostDetail, { query: { id } }, { signal, silent: true }),
    refetchInterval: (query) => (query.state.data?.status === POST_STATUS.processing ? PROCESSING_POLL_MS : false),
  });
}
