import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { i18n } from '../../../shared/i18n/i18n';
import { notify } from '../../../shared/ui/toast';
import { interestsRoot } from './use-interest-list';

export function submitInterests(ids: number[]) {
  return call(videoCalls.interestSubmit, { body: { ids } });
}

/** Saves the viewer's interests; recommendations follow them from now on. */
export function useInterestSubmit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitInterests,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: interestsRoot });
      void queryClient.invalidateQueries({ queryKey: ['videos', 'recommended'] });
      notify.success(i18n.t('interests.saved'));
    },
  });
}
