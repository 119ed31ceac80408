import { userCalls } from '@taice/contract';
import { call } from '../../api/client';

/** Ends the session on the server; quiet, because the device logs out whatever the answer. */
export function endServerSession(): Promise<null> {
  return call(userCalls.logout, {}, { silent: true });
}
