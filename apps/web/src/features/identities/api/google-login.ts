import { identityCalls, type CallBody } from '@taice/contract';
import { call } from '../../../shared/api/client';

/** Log in (or sign up) with the ticket the Google callback left. */
export function googleLogin(body: CallBody<typeof identityCalls.googleLogin>) {
  return call(identityCalls.googleLogin, { body });
}
