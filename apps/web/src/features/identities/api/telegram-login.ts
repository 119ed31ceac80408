import { identityCalls, type CallBody } from '@taice/contract';
import { call } from '../../../shared/api/client';

/** Log in (or sign up) with a Telegram login result or Mini App launch data. */
export function telegramLogin(body: CallBody<typeof identityCalls.telegramLogin>) {
  return call(identityCalls.telegramLogin, { body });
}
