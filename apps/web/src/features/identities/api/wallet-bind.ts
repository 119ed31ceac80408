import { identityCalls, type CallBody } from '@taice/contract';
import { call } from '../../../shared/api/client';

/** Bind a wallet to the logged-in account; the answer is the updated user. */
export function walletBind(body: CallBody<typeof identityCalls.walletBind>) {
  return call(identityCalls.walletBind, { body });
}
