import { useMutation } from '@tanstack/react-query';
import { poolCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';

/** Cancels one of the caller's pools; its unspent TAICE comes back (a refusal shows as a toast). */
export function useCancelPool() {
  return useMutation({
    mutationFn: (id: number) => call(poolCalls.cancel, { body: { id } }),
  });
}
