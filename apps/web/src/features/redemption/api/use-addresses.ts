import { useQuery } from '@tanstack/react-query';
import { redemptionCalls, type Address } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { PERSONAL_QUERY_ROOT } from '../../../shared/session/logout';
import { useSession } from '../../../shared/session/session';

/** The caller's saved addresses; under the personal root, so logging out drops them. */
export const ADDRESSES_QUERY_KEY = [...PERSONAL_QUERY_ROOT, 'addresses'] as const;

export function fetchAddresses(signal?: AbortSignal): Promise<Address[]> {
  return call(redemptionCalls.addressList, {}, { signal, silent: true });
}

/** The caller's delivery addresses, most recently changed first (as the server orders them). */
export function useAddresses() {
  const loggedIn = useSession((s) => s.token !== null);
  return useQuery({
    queryKey: ADDRESSES_QUERY_KEY,
    queryFn: ({ signal }) => fetchAddresses(signal),
    enabled: loggedIn,
  });
}
