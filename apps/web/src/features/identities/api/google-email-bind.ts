import { identityCalls, type CallBody } from '@taice/contract';
import { call } from '../../../shared/api/client';

/** Bind the Google account of a ticket; the answer is the updated user. */
export function googleEmailBind(body: CallBody<typeof identityCalls.googleEmailBind>) {
  return call(identityCalls.googleEmailBind, { body });
}
