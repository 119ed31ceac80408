import { identityCalls, type CallBody } from '@taice/contract';
import { call } from '../../../shared/api/client';

/** Bind a Telegram account to the logged-in account; the answer is the updated user. */
export function telegramBind(body: CallBody<typeof identityCalls.telegramBind>) {
  return call(identityCalls.telegramBind, { body });
}
