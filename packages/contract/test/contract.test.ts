import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  API_LANGS,
  computeSign,
  errorCatalogue,
  errorMessage,
  parseApiLang,
  signParams,
  toApiLang,
  toUiLang,
  UI_LANGS,
} from '../src/index';

describe('request signing', () => {
  it('is the hex SHA-256 of timestamp + nonce + secret', () => {
    const expected = createHash('sha256').update('1700000000abcdef12taice-secret').digest('hex');
    expect(computeSign('1700000000', 'abcdef12', 'taice-secret')).toBe(expected);
  });

  it('builds the four signed parameters from the clock in seconds', () => {
    const params = signParams('s3cret-value', 'dev-1', 1_700_000_000_999, 'nonce-0001');
    expect(params).toEqual({
      timestamp: '1700000000',
      nonce: 'nonce-0001',
      device_id: 'dev-1',
      sign: computeSign('1700000000', 'nonce-0001', 's3cret-value'),
    });
  });

  it('signs now with a fresh nonce when not told otherwise', () => {
    const before = Math.floor(Date.now() / 1000);
    const [first, second] = [signParams('s3cret-value', 'dev-1'), signParams('s3cret-value', 'dev-1')];
    expect(Number(first.timestamp)).toBeGreaterThanOrEqual(before);
    expect(Number(first.timestamp)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(first.nonce).toMatch(/^[0-9a-f]{24}$/);
    expect(second.nonce).not.toBe(first.nonce);
    expect(first.sign).toBe(computeSign(first.timestamp, first.nonce, 's3cret-value'));
  });
});

describe('languages', () => {
  it('map both ways between UI and API codes', () => {
    for (const ui of UI_LANGS) expect(toUiLang(toApiLang(ui))).toBe(ui);
    expect(toApiLang('cn')).toBe('zh-CN');
  });

  it('parse the lang header leniently, defaulting to English', () => {
    expect(parseApiLang(undefined)).toBe('en_US');
    expect(parseApiLang('ZH-tw')).toBe('zh-TW');
    expect(parseApiLang('zh_CN')).toBe('zh-CN');
    expect(parseApiLang('de')).toBe('en_US');
  });
});

describe('the error catalogue', () => {
  it('has a unique code and a message in every language for each entry', () => {
    const codes = Object.values(errorCatalogue).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const entry of Object.values(errorCatalogue)) {
      for (const lang of API_LANGS) expect(entry.msg[lang].trim()).not.toBe('');
    }
  });

  it('uses the spec texts verbatim and fills placeholders', () => {
    expect(errorMessage('unauthorized', 'en_US')).toBe('please Log!');
    expect(errorMessage('too_many_requests', 'zh-TW', { seconds: 30 })).toBe('請求過於頻繁，請在 30 秒後重試');
  });
});
