import { errorCode, type CallDef, type OperatorRole } from '@taice/contract';
import { ApiError } from '../../shared/api/client';

/** What the console shows, from who is asking and what the server says of their second factor. */
export type Gate = 'visitor' | 'checking' | 'not_operator' | 'failed' | 'enrol' | 'verify' | 'open';

export interface AuthStatus {
  roles: OperatorRole[];
  totp_enrolled: boolean;
  verified_until: string | null;
}

export function isRefusal(error: unknown, key: 'forbidden' | 'ops_second_factor_required'): boolean {
  return error instanceof ApiError && error.code === errorCode(key);
}

/**
 * A visitor logs in; a member without a role is turned away; an operator enrols a TOTP authenticator once, then
 * verifies each session with a code; the console opens until the verification runs out.
 */
export function gateOf(input: { loggedIn: boolean; status?: AuthStatus; error?: unknown; now: number }): Gate {
  const { loggedIn, status, error, now } = input;
  if (!loggedIn) return 'visitor';
  if (error) return isRefusal(error, 'forbidden') ? 'not_operator' : 'failed';
  if (!status) return 'checking';
  if (!status.totp_enrolled) return 'enrol';
  if (!status.verified_until || Date.parse(status.verified_until) <= now) return 'verify';
  return 'open';
}

/** Whether an operator holding `roles` may make the call: the contract names who may (admin only when unnamed). */
export function mayCall(def: Pick<CallDef, 'roles'>, roles: readonly OperatorRole[]): boolean {
  return (def.roles ?? ['admin']).some((role) => roles.includes(role));
}
