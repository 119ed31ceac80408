import { userCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';

/** Records the new-user guide as seen; the answer is the updated user. */
export function completeGuide() {
  return call(userCalls.completeGuide);
}
