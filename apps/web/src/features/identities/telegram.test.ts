import { describe, expect, it } from 'vitest';
import { initDataFromHash } from '../../shared/lib/platform';
import { decodeBase64UrlJson, isOwnTelegramReturn, parseTelegramReturn, telegramRedirectUri } from './telegram';

/** base64url without padding, as Telegram's login page writes tgAuthResult. */
function base64Url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const widgetUser = {
  id: 123456789,
  first_name: 'Zoë 小明',
  username: 'zoe',
  photo_url: 'https://t.me/i/userpic/320/zoe.jpg',
  auth_date: 1_700_000_000,
  hash: 'a'.repeat(64),
};

describe('base64url JSON', () => {
  it('decodes url-safe, unpadded text holding UTF-8', () => {
    expect(decodeBase64UrlJson(base64Url(widgetUser))).toEqual(widgetUser);
  });

  it('decodes plain padded base64 too', () => {
    const plain = btoa(JSON.stringify({ a: '>>>?' }));
    expect(plain).toMatch(/[+/=]/);
    expect(decodeBase64UrlJson(plain)).toEqual({ a: '>>>?' });
  });

  it('refuses what is not base64 JSON', () => {
    expect(() => decodeBase64UrlJson('not base64!')).toThrow();
    expect(() => decodeBase64UrlJson(btoa('{oops'))).toThrow();
  });
});

describe('the Telegram login return', () => {
  it('reads the widget user and our intent', () => {
    expect(parseTelegramReturn('?tg_intent=bind', `#tgAuthResult=${base64Url(widgetUser)}`)).toEqual({
      intent: 'bind',
      user: widgetUser,
    });
    expect(parseTelegramReturn('', `#tgAuthResult=${base64Url(widgetUser)}`)).toEqual({
      intent: 'login',
      user: widgetUser,
    });
  });

  it('flags a result it cannot use', () => {
    expect(parseTelegramReturn('?tg_intent=login', '#tgAuthResult=false')).toEqual({ intent: 'login', invalid: true });
    expect(parseTelegramReturn('?tg_intent=login', `#tgAuthResult=${base64Url({ id: 1 })}`)).toEqual({
      intent: 'login',
      invalid: true,
    });
  });

  it('ignores an address without a result', () => {
    expect(parseTelegramReturn('?tg_intent=login', '')).toBeNull();
    expect(parseTelegramReturn('', '#google_ticket=abc')).toBeNull();
  });

  it('asks Telegram to come back to this page with the intent, without a fragment', () => {
    const uri = new URL(telegramRedirectUri('login', 'https://taice.test/videoDetail?id=5#comments', 'f1'));
    expect(uri.origin + uri.pathname).toBe('https://taice.test/videoDetail');
    expect(uri.searchParams.get('id')).toBe('5');
    expect(uri.searchParams.get('tg_intent')).toBe('login');
    expect(uri.searchParams.get('tg_flow')).toBe('f1');
    expect(uri.hash).toBe('');
  });

  it('finishes only a return this tab started', () => {
    expect(isOwnTelegramReturn('?tg_intent=bind&tg_flow=f1', 'f1')).toBe(true);
    expect(isOwnTelegramReturn('?tg_intent=bind&tg_flow=f1', null)).toBe(false);
    expect(isOwnTelegramReturn('?tg_intent=bind&tg_flow=f1', 'f2')).toBe(false);
    expect(isOwnTelegramReturn('?tg_intent=bind', null)).toBe(false);
  });
});

describe('the Mini App launch fragment', () => {
  it('gives the signed initData as Telegram encoded it', () => {
    const initData =
      'query_id=AAH&user=%7B%22id%22%3A1%2C%22first_name%22%3A%22A%20B%22%7D&auth_date=1700000000&hash=ff';
    const hash = `#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=7.10&tgWebAppPlatform=ios`;
    expect(initDataFromHash(hash)).toBe(initData);
  });

  it('is null elsewhere', () => {
    expect(initDataFromHash('')).toBeNull();
    expect(initDataFromHash('#tgWebAppVersion=7.10')).toBeNull();
  });
});
