import { miniAppLink, type StartPayload } from '@taice/contract';
import { useAuthProviders } from '../api/auth-providers';

/**
 * The link that opens the Mini App with `payload` (`https://t.me/<bot>/<app>?startapp=...`), or null while the
 * server's answer is not in or when it has no Telegram bot.
 */
export function useMiniAppLink(payload: StartPayload = {}): string | null {
  const telegram = useAuthProviders().data?.telegram;
  if (!telegram?.bot_name || !telegram.app_name) return null;
  return miniAppLink(telegram.bot_name, telegram.app_name, payload);
}
