import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { channelCalls, type ChannelReportDays } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { CHANNEL_QUERY_ROOT } from './keys';

/** The caller's channel (or one video) per day over the last 7, 30 or 90 days; the last range shows while the next loads. */
export function useChannelReport(days: ChannelReportDays, postId: number | undefined) {
  return useQuery({
    queryKey: [...CHANNEL_QUERY_ROOT, 'report', days, postId ?? 'all'],
    queryFn: ({ signal }) =>
      call(
        channelCalls.dataReport,
        { query: { days, ...(postId ? { post_id: postId } : {}) } },
        { signal, silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}
