import { useMutation } from '@tanstack/react-query';
import { poolCalls, type CallBody } from '@taice/contract';
import { call } from '../../../shared/api/client';

export type FundInput = CallBody<typeof poolCalls.addReward>;

/**
 * Funds a pool; the dialog shows refusals itself (silent). The idempotency key is one per attempt: sending
 * it again after a lost answer returns the first pool, never a second. Every write marks the TAICE
 * queries stale (the query client), the pools' among them.
 */
export function useAddReward() {
  return useMutation({
    mutationFn: (body: FundInput) => call(poolCalls.addReward, { body }, { silent: true }),
  });
}
