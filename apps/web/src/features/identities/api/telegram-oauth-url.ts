import { identityCalls, type CallQuery } from '@taice/contract';
import { call } from '../../../shared/api/client';

/** Where to send the browser for Telegram's login page. */
export function telegramOauthUrl(query: CallQuery<typeof identityCalls.telegramOauthUrl>) {
  return call(identityCalls.telegramOauthUrl, { query });
}
