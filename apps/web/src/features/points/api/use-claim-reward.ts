import { useMutation } from '@tanstack/react-query';
import { pointsCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { useSignInPopup } from '../stores/sign-in-popup';

export function claimHomeReward() {
  return call(pointsCalls.homeClaimReward);
}

/** The Home check-in strip's claim (the same reward as sign-in), then the success pop-up. */
export function useClaimReward() {
  return useMutation({
    mutationFn: claimHomeReward,
    onSuccess: (result) => useSignInPopup.getState().celebrate(result),
  });
}
