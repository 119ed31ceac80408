import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { campaignCalls, errorCode } from '@taice/contract';
import { ApiError, call } from '../../../shared/api/client';
import { useViewerId } from '../../../shared/session/login-gate';
import { usePreferences } from '../../../shared/stores/preferences';
import { notify } from '../../../shared/ui/toast';
import { campaignView } from './use-campaign-detail';
import { CAMPAIGNS_QUERY_ROOT, campaignDetailKey } from './campaigns-query';

const ENDED = errorCode('campaign_ended');
const NOT_STARTED = errorCode('campaign_not_started');

/**
 * Joins a campaign and says so (here rather than in the button: the answer shows the caller joined at once, and
 * the button goes away). The answer is the campaign as the detail gives it. A refusal shows the server's
 * message as a toast (e.g. 'This incentive activity has ended'), and when the campaign turned out to be over or
 * not yet open, the page reads it again to show why.
 */
export function useJoinCampaign(id: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const lang = usePreferences((s) => s.lang);
  const viewer = useViewerId();
  return useMutation({
    mutationFn: () => call(campaignCalls.campaignJoin, { body: { id } }),
    onSuccess: (detail) => {
      notify.success(t('campaigns.progress.joinedToast'));
      queryClient.setQueryData(campaignDetailKey(id, lang, viewer), campaignView(detail));
      void queryClient.invalidateQueries({ queryKey: [...CAMPAIGNS_QUERY_ROOT, 'participants', id] });
      void queryClient.invalidateQueries({ queryKey: [...CAMPAIGNS_QUERY_ROOT, 'list'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.code === ENDED || error.code === NOT_STARTED)) {
        void queryClient.invalidateQueries({ queryKey: campaignDetailKey(id, lang, viewer) });
      }
    },
  });
}
