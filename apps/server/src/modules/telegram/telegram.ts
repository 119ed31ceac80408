import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../platform/db/database';
import type { Clock } from '../../platform/time/clock';
import type { Messages } from '../messages/messages.module';
import { createBot, type BotSettings } from './bot';
import { createChats } from './chats';
import { createNotices } from './notices';

/**
 * The Telegram bot and its notifications (decision 057), or null when no bot token is configured. From its
 * creation on, every message-center message of a kind a user opted into is also queued for Telegram, in the
 * message's transaction.
 */
export function createTelegram(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  messages: Messages;
  log: FastifyBaseLogger;
}) {
  const { config, db, clock, messages, log } = deps;
  if (!config.TELEGRAM_BOT_TOKEN) return null;
  const settings: BotSettings = {
    token: config.TELEGRAM_BOT_TOKEN,
    apiRoot: config.TELEGRAM_API_URL,
    botName: config.TELEGRAM_BOT_NAME,
    appName: config.TELEGRAM_MINI_APP_NAME,
  };
  const chats = createChats({ db, clock });
  const bot = createBot(settings, chats);
  const notices = createNotices({ db, clock, api: bot.api, settings, chats, log });
  messages.onWritten(notices.queueForMessage);
  return { bot, chats, notices };
}

export type Telegram = NonNullable<ReturnType<typeof createTelegram>>;
