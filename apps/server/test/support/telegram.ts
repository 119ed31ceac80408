import { createHash, createHmac } from 'node:crypto';
import type { TelegramWidgetData } from '../../src/modules/identities/telegram-auth';

// Produces what Telegram itself signs with a bot token, for tests of the Telegram
// sign-in. Only type imports from the server, so e2e tests can use it too.

export interface TestTelegramUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  photo_url?: string;
  is_premium?: boolean;
  allows_write_to_pm?: boolean;
}

export interface MiniAppInitDataFields {
  user: TestTelegramUser;
  /** Unix seconds; defaults to now. */
  auth_date?: number;
  start_param?: string;
  query_id?: string;
  /** Any further fields Telegram sends (`chat_instance`, `chat_type`, `signature`, …). */
  extra?: Record<string, string>;
}

/** A Mini App `Telegram.WebApp.initData` query string signed for `botToken`. */
export function signMiniAppInitData(botToken: string, fields: MiniAppInitDataFields): string {
  const values: Record<string, string> = {};
  if (fields.query_id !== undefined) values.query_id = fields.query_id;
  values.user = JSON.stringify(fields.user);
  values.auth_date = String(fields.auth_date ?? nowSeconds());
  if (fields.start_param !== undefined) values.start_param = fields.start_param;
  Object.assign(values, fields.extra);

  const secretKey = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secretKey).update(dataCheckString(values)).digest('hex');
  return Object.entries({ ...values, hash })
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
}

export type LoginWidgetFields = Omit<TestTelegramUser, 'language_code' | 'is_premium' | 'allows_write_to_pm'> & {
  /** Unix seconds; defaults to now. */
  auth_date?: number;
};

/** The user object the Telegram Login Widget hands to its `onauth` callback, signed for `botToken`. */
export function signLoginWidget(botToken: string, fields: LoginWidgetFields): TelegramWidgetData {
  const data: Record<string, string | number> = { auth_date: nowSeconds() };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) data[key] = value;
  const values = Object.fromEntries(Object.entries(data).map(([key, value]) => [key, String(value)]));
  const secretKey = createHash('sha256').update(botToken).digest();
  const hash = createHmac('sha256', secretKey).update(dataCheckString(values)).digest('hex');
  return { ...data, id: fields.id, auth_date: data.auth_date as number, hash };
}

function dataCheckString(values: Record<string, string>): string {
  return Object.keys(values)
    .sort()
    .map((key) => `${key}=${values[key]}`)
    .join('\n');
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
