import { userCalls, type CallBody } from '@taice/contract';
import { call } from '../../../shared/api/client';

/** Registers with an e-mail code and a password; the answer logs the new user in. */
export function emailRegister(body: CallBody<typeof userCalls.emailRegister>) {
  return call(userCalls.emailRegister, { body });
}
