import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redemptionCalls, type Address } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { ADDRESSES_QUERY_KEY } from './use-addresses';

export function deleteAddress(id: number) {
  return call(redemptionCalls.addressDelete, { body: { id } });
}

/** Deletes one of the caller's addresses: it leaves the list at once, and the list is fetched again. */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: ({ id }) => {
      queryClient.setQueryData<Address[]>(ADDRESSES_QUERY_KEY, (list) => list?.filter((a) => a.id !== id));
      return queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY });
    },
  });
}
