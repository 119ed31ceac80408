import { useMutation } from '@tanstack/react-query';
import { pointsCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { currentLang, i18n } from '../../../shared/i18n/i18n';
import { formatReward } from '../../../shared/lib/format';
import { haptics } from '../../../shared/telegram/haptics';
import { notify } from '../../../shared/ui/toast';

export function claimInviteTask(id: number) {
  return call(pointsCalls.inviteTaskClaim, { body: { id } });
}

/** Claims a reached invitation milestone: 'Claimed +n TAICE'. */
export function useClaimInviteTask() {
  return useMutation({
    mutationFn: claimInviteTask,
    onSuccess: (result) => {
      haptics.success();
      notify.success(i18n.t('referral.claimed', { point: formatReward(result.point, currentLang()) }));
    },
  });
}
