import { useInfiniteQuery } from '@tanstack/react-query';
import { campaignCalls, type CampaignListTab } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { usePreferences } from '../../../shared/stores/preferences';
import { clockOffset } from '../../races';
import { CAMPAIGNS_QUERY_ROOT } from './campaigns-query';

const PAGE_SIZE = 12;

/**
 * One tab of the campaign center, page by page; titles come in the request language, so the key holds it.
 * Each page carries `clockOffset` (the server's clock against this device's) for the cards' time left.
 */
export function useCampaignList(tab: CampaignListTab) {
  const lang = usePreferences((s) => s.lang);
  return useInfiniteQuery({
    queryKey: [...CAMPAIGNS_QUERY_ROOT, 'list', tab, lang],
    queryFn: async ({ pageParam, signal }) => {
      const data = await call(
        campaignCalls.campaignList,
        { query: { status: tab, page: pageParam, size: PAGE_SIZE } },
        { signal, silent: true },
      );
      return { ...data, clockOffset: clockOffset(data.server_time, Date.now()) };
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}
