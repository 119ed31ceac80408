import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userCalls, type CallBody } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { keepUser } from '../../../shared/session/api/use-me';

type ProfileChanges = CallBody<typeof userCalls.infoStore>;

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => call(userCalls.infoStore, { body: changes }),
    onSuccess: (user) => keepUser(queryClient, user),
  });
}
