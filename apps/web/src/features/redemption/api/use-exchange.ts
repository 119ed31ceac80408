import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redemptionCalls, type Prize } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { ME_QUERY_KEY } from '../../../shared/session/api/use-me';

export interface ExchangeInput {
  prize: Pick<Prize, 'id' | 'type'>;
  /** One per attempt: resending the same key after a lost answer returns the first order, never a second. */
  idempotencyKey: string;
  /** Physical prizes ship to one of the caller's saved addresses. */
  addressId?: number;
}

/** Exchanges spendable TAICE for a prize; the dialog shows refusals itself (silent). */
export function exchange({ prize, idempotencyKey, addressId }: ExchangeInput) {
  const base = { prize_id: prize.id, idempotency_key: idempotencyKey };
  switch (prize.type) {
    case 'physical':
      return call(redemptionCalls.exchangePhysical, { body: { ...base, address_id: addressId } }, { silent: true });
    case 'virtual':
      return call(redemptionCalls.exchangeVirtualProducts, { body: base }, { silent: true });
    case 'membership':
      return call(redemptionCalls.exchangeMember, { body: base }, { silent: true });
  }
}

/** Exchanges, then refreshes the user info: the order's message raised the unread count. */
export function useExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exchange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
