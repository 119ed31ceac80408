/** The Telegram bot's public surface (decision 057): the webhook, the notifications and their jobs. */
export { telegramRoutes } from './telegram.routes';
export { telegramJobs } from './jobs';
export { createTelegram, type Telegram } from './telegram';
