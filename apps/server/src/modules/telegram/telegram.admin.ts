import { Api } from 'grammy';
import { TELEGRAM_WEBHOOK_PATH } from '@taice/contract';
import type { Config } from '../../config';
import { BOT_COMMANDS } from './bot-texts';

/**
 * Tells Telegram where the bot's webhook is, with the secret it must send, and which commands to list, in
 * English and in Chinese (Telegram scopes command lists by two-letter language only). Returns the webhook URL.
 */
export async function registerWebhook(config: Config): Promise<string> {
  if (!config.TELEGRAM_BOT_TOKEN || !config.TELEGRAM_WEBHOOK_SECRET || !config.PUBLIC_URL) {
    throw new Error('set TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET and PUBLIC_URL first');
  }
  const api = new Api(config.TELEGRAM_BOT_TOKEN, { apiRoot: config.TELEGRAM_API_URL });
  const url = new URL(TELEGRAM_WEBHOOK_PATH, config.PUBLIC_URL).href;
  await api.setWebhook(url, {
    secret_token: config.TELEGRAM_WEBHOOK_SECRET,
    allowed_updates: ['message', 'callback_query'],
  });
  for (const [lang, code] of [
    ['en_US', undefined],
    ['zh-CN', 'zh'],
  ] as const) {
    const c = BOT_COMMANDS[lang];
    await api.setMyCommands(
      [
        { command: 'start', description: c.start },
        { command: 'notifications', description: c.notifications },
        { command: 'help', description: c.help },
      ],
      code ? { language_code: code } : {},
    );
  }
  return url;
}
