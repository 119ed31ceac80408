import { generate } from 'otplib';
import { opsAccessCalls, type OperatorRole } from '@taice/contract';
import { operatorsAdmin } from '../../src/modules/operators/operators.admin';
import { register, type Registered } from './accounts';
import type { TestApp } from './test-app';

export interface Operator extends Registered {
  /** The TOTP secret the operator enrolled. */
  secret: string;
}

/** Test app env for tests that walk the clock across days: operators stay verified all the way. */
export const VERIFIED_FOR_A_YEAR = { OPS_VERIFIED_MINUTES: String(365 * 24 * 60) };

/** The TOTP code of `secret` at the test clock's now (or `at`), as the operator's authenticator app shows it. */
export function totpCode(t: TestApp, secret: string, at = t.clock.now()): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/** Enrols the account's second factor through the API; returns the secret (not yet confirmed). */
export async function enrol(t: TestApp, account: Registered): Promise<string> {
  const res = await t.call(opsAccessCalls.opsTotpEnrol, {}, { token: account.token });
  if (res.code !== 0) throw new Error(`opsTotpEnrol failed: ${res.msg}`);
  return res.data.secret;
}

/**
 * Verifies the operator's session with the code of the test clock's now, unless it is still verified: call it
 * again after moving the clock past the verification (`OPS_VERIFIED_MINUTES`, or set it longer in the
 * test app's env for tests that walk the clock across days).
 */
export async function elevate(t: TestApp, op: Operator): Promise<void> {
  const status = await t.call(opsAccessCalls.opsAuthStatus, {}, { token: op.token });
  if (status.code !== 0) throw new Error(`opsAuthStatus failed: ${status.msg}`);
  if (status.data.verified_until && new Date(status.data.verified_until) > t.clock.now()) return;
  const res = await t.call(
    opsAccessCalls.opsTotpVerify,
    { body: { code: await totpCode(t, op.secret) } },
    { token: op.token },
  );
  if (res.code !== 0) throw new Error(`opsTotpVerify failed: ${res.msg}`);
}

/** A new account holding `role`, enrolled and verified with the second factor: ready for operator calls. */
export async function operator(t: TestApp, role: OperatorRole): Promise<Operator> {
  const account = await register(t);
  await operatorsAdmin(t.database.db).grant(account.email, role);
  const op = { ...account, secret: await enrol(t, account) };
  await elevate(t, op);
  return op;
}
