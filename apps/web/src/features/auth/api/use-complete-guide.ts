import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { keepUser } from '../../../shared/session/api/use-me';

/** Records the new-user guide as seen; the answer is the updated user. */
export function useCompleteGuide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(userCalls.completeGuide),
    onSuccess: (user) => keepUser(queryClient, user),
  });
}
