import { useMutation } from '@tanstack/react-query';
import { pointsCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { useSignInPopup } from '../stores/sign-in-popup';

export function signIn() {
  return call(pointsCalls.signIn);
}

/** Takes today's sign-in reward (the pop-up's button) and celebrates it. */
export function useSignIn() {
  return useMutation({
    mutationFn: signIn,
    onSuccess: (result) => useSignInPopup.getState().celebrate(result),
  });
}
