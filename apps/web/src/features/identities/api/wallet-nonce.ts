import { identityCalls, type CallBody } from '@taice/contract';
import { call } from '../../../shared/api/client';

/** The message to sign to prove the wallet, with a fresh nonce. */
export function walletNonce(body: CallBody<typeof identityCalls.walletNonce>) {
  return call(identityCalls.walletNonce, { body });
}
