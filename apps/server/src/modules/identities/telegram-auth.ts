import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// Verifies what Telegram signs with the bot token:
// - a Mini App's initData (https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app)
// - the Login Widget's user object (https://core.telegram.org/widgets/login#checking-authorization)

export interface TelegramUser {
  id: number;
  username?: string;
  first_name?: string;
  last_name?: string;
  photo_url?: string;
  language_code?: string;
}

export type TelegramFailure = 'malformed' | 'signature' | 'expired';

export type TelegramResult =
  { ok: true; user: TelegramUser; startParam?: string; authDate: Date } | { ok: false; reason: TelegramFailure };

/** Login Widget result as validated by the contract's `telegramWidgetDataSchema` (numbers may be strings). */
export interface TelegramWidgetData {
  id: number | string;
  first_name?: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  auth_date: number | string;
  hash: string;
  /** Fields Telegram may add later are part of the signed data too. */
  [field: string]: unknown;
}

export interface TelegramAuthOptions {
  maxAgeSeconds: number;
  now: Date;
}

const MAX_FUTURE_SKEW_SECONDS = 60;
const USER_STRING_FIELDS = ['username', 'first_name', 'last_name', 'photo_url', 'language_code'] as const;

export function verifyTelegramMiniAppInitData(
  initData: string,
  botToken: string,
  opts: TelegramAuthOptions,
): TelegramResult {
  if (typeof initData !== 'string' || initData.length === 0) return fail('malformed');
  if (!botToken) return fail('signature'); // an empty key would let anyone sign
  const fields = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(initData)) {
    // A repeated key would make "which value was signed" ambiguous.
    if (fields.has(key)) return fail('malformed');
    fields.set(key, value);
  }
  const hash = fields.get('hash');
  if (!hash) return fail('malformed');
  fields.delete('hash');

  // Only `hash` is left out: `signature` (the Ed25519 third-party signature) is covered by the HMAC too.
  const secretKey = createHmac('sha256', 'WebAppData').update(botToken).digest();
  if (!hmacMatches(secretKey, dataCheckString(fields), hash)) return fail('signature');

  const authDate = parseUnixSeconds(fields.get('auth_date'));
  const user = parseMiniAppUser(fields.get('user'));
  if (authDate === null || !user) return fail('malformed');
  if (!isFresh(authDate, opts)) return fail('expired');

  const startParam = fields.get('start_param');
  return { ok: true, user, authDate: new Date(authDate * 1000), ...(startParam ? { startParam } : {}) };
}

export function verifyTelegramLoginWidget(
  data: TelegramWidgetData,
  botToken: string,
  opts: TelegramAuthOptions,
): TelegramResult {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return fail('malformed');
  if (!botToken) return fail('signature'); // an empty key would let anyone sign
  const fields = new Map<string, string>();
  let hash: string | undefined;
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    if (key === 'hash') {
      if (typeof value !== 'string') return fail('malformed');
      hash = value;
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      fields.set(key, String(value));
    } else {
      return fail('malformed');
    }
  }
  if (!hash) return fail('malformed');

  const secretKey = createHash('sha256').update(botToken).digest();
  if (!hmacMatches(secretKey, dataCheckString(fields), hash)) return fail('signature');

  const authDate = parseUnixSeconds(fields.get('auth_date'));
  const user = toUser(data);
  if (authDate === null || !user) return fail('malformed');
  if (!isFresh(authDate, opts)) return fail('expired');
  return { ok: true, user, authDate: new Date(authDate * 1000) };
}

/** `key=value` lines sorted by key (code-unit order, as Telegram does), joined by "\n". */
function dataCheckString(fields: Map<string, string>): string {
  return [...fields.keys()]
    .sort()
    .map((key) => `${key}=${fields.get(key)}`)
    .join('\n');
}

function hmacMatches(secretKey: Buffer, dataCheck: string, hash: string): boolean {
  const expected = createHmac('sha256', secretKey).update(dataCheck).digest();
  if (!/^[0-9a-fA-F]{64}$/.test(hash)) return false;
  return timingSafeEqual(expected, Buffer.from(hash, 'hex'));
}

function parseUnixSeconds(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

function isFresh(authDate: number, { maxAgeSeconds, now }: TelegramAuthOptions): boolean {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return nowSeconds - authDate <= maxAgeSeconds && authDate - nowSeconds <= MAX_FUTURE_SKEW_SECONDS;
}

function parseMiniAppUser(json: string | undefined): TelegramUser | null {
  if (json === undefined) return null;
  try {
    return toUser(JSON.parse(json));
  } catch {
    return null;
  }
}

/** Picks the fields we keep; `id` must be a positive integer (the widget may send it as a string). */
function toUser(raw: unknown): TelegramUser | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const source = raw as Record<string, unknown>;
  const id = typeof source.id === 'string' && /^\d{1,16}$/.test(source.id) ? Number(source.id) : source.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
  const user: TelegramUser = { id };
  for (const field of USER_STRING_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' && value.length > 0) user[field] = value;
  }
  return user;
}

function fail(reason: TelegramFailure): TelegramResult {
  return { ok: false, reason };
}
