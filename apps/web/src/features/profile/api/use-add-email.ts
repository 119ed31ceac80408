import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userCalls, type CallBody } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { keepUser } from '../../../shared/session/api/use-me';

/** Adds an e-mail login (with its code, and optionally a password) to an account that has none. */
export function useAddEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof userCalls.emailStore>) => call(userCalls.emailStore, { body }),
    onSuccess: (user) => keepUser(queryClient, user),
  });
}
