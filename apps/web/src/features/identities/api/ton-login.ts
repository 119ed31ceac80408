import { identityCalls, type CallBody } from '@taice/contract';
import { call } from '../../../shared/api/client';

/** Log in (or sign up) with a TON wallet's ton_proof. */
export function tonLogin(body: CallBody<typeof identityCalls.tonLogin>) {
  return call(identityCalls.tonLogin, { body });
}
