import { identityCalls, type CallBody } from '@taice/contract';
import { call } from '../../../shared/api/client';

/** Log in (or sign up) with a signed wallet message. */
export function walletLogin(body: CallBody<typeof identityCalls.walletLogin>) {
  return call(identityCalls.walletLogin, { body });
}
