import { useQuery } from '@tanstack/react-query';
import { pointsCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { EARNINGS_QUERY_ROOT } from '../../../shared/api/query-client';

export function fetchInvitationDetail(signal?: AbortSignal) {
  return call(pointsCalls.invitationDetail, {}, { signal, silent: true });
}

/** The invite code and link path, friends invited and confirmed, and TAICE earned from referrals. */
export function useInvitationDetail() {
  return useQuery({
    queryKey: [...EARNINGS_QUERY_ROOT, 'invitation'],
    queryFn: ({ signal }) => fetchInvitationDetail(signal),
  });
}

/** The link to hand out: the invite path on this site's origin. */
export function invitationLink(path: string, origin: string = window.location.origin): string {
  return new URL(path, origin).toString();
}
