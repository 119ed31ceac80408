import { identityCalls, type CallBody } from '@taice/contract';
import { call } from '../../../shared/api/client';

/** Bind a TON wallet to the logged-in account; the answer is the updated user. */
export function tonBind(body: CallBody<typeof identityCalls.tonBind>) {
  return call(identityCalls.tonBind, { body });
}
