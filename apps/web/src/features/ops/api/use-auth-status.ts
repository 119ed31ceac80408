import { useMutation, useQuery } from '@tanstack/react-query';
import { opsAccessCalls, type CallDef } from '@taice/contract';
import { queryClient } from '../../../shared/api/query-client';
import { useSession } from '../../../shared/session/session';
import { useViewerId } from '../../../shared/session/login-gate';
import { mayCall, type AuthStatus } from '../access';
import { AUTH_STATUS_KEY, opsCall, refreshConsole, TOTP_ENROL_KEY } from './ops-call';

/** The operator's roles and second factor (for a logged-in account; a member without a role is refused). */
export function useAuthStatus() {
  const loggedIn = useSession((s) => s.token !== null);
  const viewer = useViewerId();
  return useQuery({
    queryKey: [...AUTH_STATUS_KEY, viewer],
    queryFn: ({ signal }): Promise<AuthStatus> => opsCall(opsAccessCalls.opsAuthStatus, {}, signal),
    enabled: loggedIn,
    staleTime: 60_000,
    // A refusal (a member without a role) stays on screen until Retry, not refetched by each screen that mounts.
    retryOnMount: false,
  });
}

/** Whether the operator may make a call (the contract names who may): hides or disables what they cannot do. */
export function useMay(): (def: Pick<CallDef, 'roles'>) => boolean {
  const roles = useAuthStatus().data?.roles ?? [];
  return (def) => mayCall(def, roles);
}

/** A new authenticator secret to scan, asked once per visit of the enrolment screen. */
export function useTotpEnrolment() {
  const viewer = useViewerId();
  return useQuery({
    queryKey: [...TOTP_ENROL_KEY, viewer],
    queryFn: () => opsCall(opsAccessCalls.opsTotpEnrol, {}),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** Verifies this session with a code: the console opens (and every read of it is fetched again). */
export function useTotpVerify() {
  const viewer = useViewerId();
  return useMutation({
    mutationFn: (code: string) => opsCall(opsAccessCalls.opsTotpVerify, { body: { code } }),
    onSuccess: ({ verified_until }) => {
      queryClient.setQueryData<AuthStatus>(
        [...AUTH_STATUS_KEY, viewer],
        (status) => status && { ...status, totp_enrolled: true, verified_until },
      );
      return refreshConsole();
    },
  });
}
