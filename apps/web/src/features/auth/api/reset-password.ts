import { userCalls, type CallBody } from '@taice/contract';
import { call } from '../../../shared/api/client';

/** Sets a new password with an e-mail code (the forgotten-password form). */
export function resetPassword(body: CallBody<typeof userCalls.forgetPassword>) {
  return call(userCalls.forgetPassword, { body });
}
