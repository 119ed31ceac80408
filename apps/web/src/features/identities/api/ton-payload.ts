import { identityCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';

/** A fresh ton_proof payload for the wallet to sign. */
export function tonPayload() {
  return call(identityCalls.tonPayload);
}
