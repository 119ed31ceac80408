import { useQuery } from '@tanstack/react-query';
import { campaignCalls, type CampaignDetail } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { useViewerId } from '../../../shared/session/login-gate';
import { usePreferences } from '../../../shared/stores/preferences';
import { clockOffset } from '../../races';
import { campaignDetailKey } from './campaigns-query';

/** A running campaign is read again this often while on screen: participants and progress move. */
const LIVE_REFRESH_MS = 60_000;

export type CampaignView = CampaignDetail & { clockOffset: number };

/** The detail as the page keeps it: with how far the server's clock is ahead of this device's. */
export const campaignView = (detail: CampaignDetail): CampaignView => ({
  ...detail,
  clockOffset: clockOffset(detail.server_time, Date.now()),
});

/** One campaign with the caller's progress; idle without an id. Refusals (not found) are shown by the page. */
export function useCampaignDetail(id: number | undefined) {
  const lang = usePreferences((s) => s.lang);
  const viewer = useViewerId();
  return useQuery({
    queryKey: campaignDetailKey(id ?? 0, lang, viewer),
    queryFn: async ({ signal }) =>
      campaignView(await call(campaignCalls.campaignDetail, { query: { id: id ?? 0 } }, { signal, silent: true })),
    enabled: id !== undefined,
    refetchInterval: (query) =>
      query.state.data?.status === 'ongoing' || query.state.data?.status === 'ended' ? LIVE_REFRESH_MS : false,
  });
}
