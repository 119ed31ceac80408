import { useInfiniteQuery } from '@tanstack/react-query';
import { campaignCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { CAMPAIGNS_QUERY_ROOT } from './campaigns-query';

const PAGE_SIZE = 20;

/** A campaign's participants, qualifiers first, as the server last counted them, page by page. */
export function useCampaignParticipants(id: number) {
  return useInfiniteQuery({
    queryKey: [...CAMPAIGNS_QUERY_ROOT, 'participants', id],
    queryFn: ({ pageParam, signal }) =>
      call(
        campaignCalls.campaignParticipants,
        { query: { id, page: pageParam, size: PAGE_SIZE } },
        { signal, silent: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}
