import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { telegramLoginUserSchema } from '../../../packages/contract/src/calls/identity-proofs';
import {
  verifyTelegramLoginWidget,
  verifyTelegramMiniAppInitData,
  type TelegramWidgetData,
} from '../src/modules/identities/telegram-auth';
import { signLoginWidget, signMiniAppInitData } from './support/telegram';

const BOT_TOKEN = '7000000001:AAF-test-token-for-taice-unit-tests';
const OTHER_BOT_TOKEN = '7000000002:AAF-another-bot-token';
const NOW = new Date('2025-06-01T12:00:00Z');
const NOW_S = NOW.getTime() / 1000;
const OPTS = { maxAgeSeconds: 3600, now: NOW };
const USER = { id: 279058397, first_name: 'Ada', last_name: 'Lovelace', username: 'ada', language_code: 'en' };

/** Hex HMAC-SHA-256 of the sorted `key=value` lines, as Telegram computes `hash`. */
function hmacHex(key: Buffer, fields: Record<string, string>): string {
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  return createHmac('sha256', key).update(check).digest('hex');
}

/** Replaces one field of a query string without re-signing it. */
function withField(initData: string, key: string, value: string | null): string {
  const params = new URLSearchParams(initData);
  if (value === null) params.delete(key);
  else params.set(key, value);
  return params.toString();
}

describe('verifyTelegramMiniAppInitData', () => {
  it('accepts signed initData and returns the user, start_param and auth date', () => {
    const initData = signMiniAppInitData(BOT_TOKEN, {
      user: { ...USER, is_premium: true, allows_write_to_pm: true },
      auth_date: NOW_S - 10,
      start_param: 'ref_abc123',
      query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    });
    expect(verifyTelegramMiniAppInitData(initData, BOT_TOKEN, OPTS)).toEqual({
      ok: true,
      user: USER,
      startParam: 'ref_abc123',
      authDate: new Date((NOW_S - 10) * 1000),
    });
  });

  it('leaves startParam out when the app was opened without one', () => {
    const result = verifyTelegramMiniAppInitData(
      signMiniAppInitData(BOT_TOKEN, { user: USER, auth_date: NOW_S }),
      BOT_TOKEN,
      OPTS,
    );
    expect(result).toMatchObject({ ok: true, user: { id: USER.id } });
    expect(result).not.toHaveProperty('startParam');
  });

  it('covers every field but hash, the Ed25519 `signature` field included', () => {
    const initData = signMiniAppInitData(BOT_TOKEN, {
      user: USER,
      auth_date: NOW_S,
      extra: {
        chat_instance: '-1455389254629648718',
        chat_type: 'sender',
        signature: 'L3pd23Y_geWJzHXr8JhLVSgu6kcY9rC',
      },
    });
    expect(verifyTelegramMiniAppInitData(initData, BOT_TOKEN, OPTS)).toMatchObject({ ok: true });
    expect(verifyTelegramMiniAppInitData(withField(initData, 'signature', 'forged'), BOT_TOKEN, OPTS)).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(verifyTelegramMiniAppInitData(withField(initData, 'chat_type', 'private'), BOT_TOKEN, OPTS)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('refuses tampered user JSON', () => {
    const initData = signMiniAppInitData(BOT_TOKEN, { user: USER, auth_date: NOW_S });
    const forged = withField(initData, 'user', JSON.stringify({ ...USER, id: 1 }));
    expect(verifyTelegramMiniAppInitData(forged, BOT_TOKEN, OPTS)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a tampered start_param', () => {
    const initData = signMiniAppInitData(BOT_TOKEN, { user: USER, auth_date: NOW_S, start_param: 'ref_a' });
    expect(verifyTelegramMiniAppInitData(withField(initData, 'start_param', 'ref_b'), BOT_TOKEN, OPTS)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('refuses initData signed for another bot', () => {
    const initData = signMiniAppInitData(OTHER_BOT_TOKEN, { user: USER, auth_date: NOW_S });
    expect(verifyTelegramMiniAppInitData(initData, BOT_TOKEN, OPTS)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a hash made with the Login Widget key (SHA-256 of the token)', () => {
    const params = new URLSearchParams(signMiniAppInitData(BOT_TOKEN, { user: USER, auth_date: NOW_S }));
    params.delete('hash');
    const fields = Object.fromEntries(params);
    params.set('hash', hmacHex(createHash('sha256').update(BOT_TOKEN).digest(), fields));
    expect(verifyTelegramMiniAppInitData(params.toString(), BOT_TOKEN, OPTS)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('refuses stale auth_date and accepts it right at maxAgeSeconds', () => {
    const stale = signMiniAppInitData(BOT_TOKEN, { user: USER, auth_date: NOW_S - 3601 });
    expect(verifyTelegramMiniAppInitData(stale, BOT_TOKEN, OPTS)).toEqual({ ok: false, reason: 'expired' });
    const edge = signMiniAppInitData(BOT_TOKEN, { user: USER, auth_date: NOW_S - 3600 });
    expect(verifyTelegramMiniAppInitData(edge, BOT_TOKEN, OPTS)).toMatchObject({ ok: true });
  });

  it('refuses auth_date more than 60 s in the future', () => {
    const future = signMiniAppInitData(BOT_TOKEN, { user: USER, auth_date: NOW_S + 61 });
    expect(verifyTelegramMiniAppInitData(future, BOT_TOKEN, OPTS)).toEqual({ ok: false, reason: 'expired' });
    const skewed = signMiniAppInitData(BOT_TOKEN, { user: USER, auth_date: NOW_S + 60 });
    expect(verifyTelegramMiniAppInitData(skewed, BOT_TOKEN, OPTS)).toMatchObject({ ok: true });
  });

  it('refuses initData without hash as malformed', () => {
    const initData = signMiniAppInitData(BOT_TOKEN, { user: USER, auth_date: NOW_S });
    expect(verifyTelegramMiniAppInitData(withField(initData, 'hash', null), BOT_TOKEN, OPTS)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(verifyTelegramMiniAppInitData(withField(initData, 'hash', ''), BOT_TOKEN, OPTS)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('refuses a hash that is not 64 hex characters', () => {
    const initData = signMiniAppInitData(BOT_TOKEN, { user: USER, auth_date: NOW_S });
    expect(verifyTelegramMiniAppInitData(withField(initData, 'hash', 'abc'), BOT_TOKEN, OPTS)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('refuses a repeated field as malformed', () => {
    const initData = signMiniAppInitData(BOT_TOKEN, { user: USER, auth_date: NOW_S });
    expect(verifyTelegramMiniAppInitData(`${initData}&auth_date=${NOW_S}`, BOT_TOKEN, OPTS)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('refuses correctly signed initData without a usable user or auth_date as malformed', () => {
    const miniAppKey = createHmac('sha256', 'WebAppData').update(BOT_TOKEN).digest();
    const sign = (fields: Record<string, string>) =>
      new URLSearchParams({ ...fields, hash: hmacHex(miniAppKey, fields) }).toString();
    const cases: Record<string, string>[] = [
      { auth_date: String(NOW_S) },
      { auth_date: String(NOW_S), user: 'not json' },
      { auth_date: String(NOW_S), user: JSON.stringify({ id: -5 }) },
      { auth_date: String(NOW_S), user: JSON.stringify({ first_name: 'no id' }) },
      { user: JSON.stringify(USER) },
      { auth_date: 'yesterday', user: JSON.stringify(USER) },
    ];
    for (const fields of cases) {
      expect(verifyTelegramMiniAppInitData(sign(fields), BOT_TOKEN, OPTS)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('never throws on nonsense input', () => {
    for (const junk of ['', '&&&', '%', 'hash', 'user=%E0%A4%A&hash=zz', null, 42]) {
      const result = verifyTelegramMiniAppInitData(junk as string, BOT_TOKEN, OPTS);
      expect(result.ok).toBe(false);
    }
  });

  it('refuses everything when no bot token is configured', () => {
    const initData = signMiniAppInitData('', { user: USER, auth_date: NOW_S });
    expect(verifyTelegramMiniAppInitData(initData, '', OPTS)).toEqual({ ok: false, reason: 'signature' });
  });

  // initData issued by Telegram itself, from the tma.js documentation
  // (docs.telegram-mini-apps.com, init-data-golang): an independent check of the scheme.
  it('verifies initData issued by Telegram, whose hash covers its `signature` field', () => {
    const initData =
      'user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%20%2B%20-%20%3F%20%5C%2F%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%2C%22allows_write_to_pm%22%3Atrue%2C%22photo_url%22%3A%22https%3A%5C%2F%5C%2Ft.me%5C%2Fi%5C%2Fuserpic%5C%2F320%5C%2F4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg%22%7D&chat_instance=8134722200314281151&chat_type=private&auth_date=1733509682&signature=TYJxVcisqbWjtodPepiJ6ghziUL94-KNpG8Pau-X7oNNLNBM72APCpi_RKiUlBvcqo5L-LAxIc3dnTzcZX_PDg&hash=a433d8f9847bd6addcc563bff7cc82c89e97ea0d90c11fe5729cae6796a36d73';
    const result = verifyTelegramMiniAppInitData(initData, '7342037359:AAHI25ES9xCOMPokpYoz-p8XVrZUdygo2J4', {
      maxAgeSeconds: 60,
      now: new Date(1733509682_000),
    });
    expect(result).toEqual({
      ok: true,
      user: {
        id: 279058397,
        first_name: 'Vladislav + - ? /',
        last_name: 'Kibenko',
        username: 'vdkfrost',
        language_code: 'ru',
        photo_url: 'https://t.me/i/userpic/320/4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg',
      },
      authDate: new Date(1733509682_000),
    });
  });
});

describe('verifyTelegramLoginWidget', () => {
  const widgetUser = {
    id: 279058397,
    first_name: 'Ada',
    last_name: 'Lovelace',
    username: 'ada',
    photo_url: 'https://t.me/i/userpic/320/ada.jpg',
  };

  it('accepts signed widget data', () => {
    const data = signLoginWidget(BOT_TOKEN, { ...widgetUser, auth_date: NOW_S - 20 });
    expect(verifyTelegramLoginWidget(data, BOT_TOKEN, OPTS)).toEqual({
      ok: true,
      user: widgetUser,
      authDate: new Date((NOW_S - 20) * 1000),
    });
  });

  it('accepts widget data without the optional fields', () => {
    const data = signLoginWidget(BOT_TOKEN, { id: 42, first_name: 'Solo', auth_date: NOW_S });
    expect(verifyTelegramLoginWidget(data, BOT_TOKEN, OPTS)).toMatchObject({
      ok: true,
      user: { id: 42, first_name: 'Solo' },
    });
  });

  it('accepts numbers sent as strings', () => {
    const data = signLoginWidget(BOT_TOKEN, { ...widgetUser, auth_date: NOW_S });
    const asStrings: TelegramWidgetData = { ...data, id: String(data.id), auth_date: String(data.auth_date) };
    expect(verifyTelegramLoginWidget(asStrings, BOT_TOKEN, OPTS)).toMatchObject({
      ok: true,
      user: { id: widgetUser.id },
    });
  });

  it('accepts what the contract schema outputs', () => {
    const data = signLoginWidget(BOT_TOKEN, { ...widgetUser, auth_date: NOW_S });
    const parsed = telegramLoginUserSchema.parse({ ...data, id: String(data.id), auth_date: String(data.auth_date) });
    expect(typeof parsed).toBe('object');
    expect(verifyTelegramLoginWidget(parsed as TelegramWidgetData, BOT_TOKEN, OPTS)).toMatchObject({ ok: true });
  });

  it('refuses tampered widget data', () => {
    const data = signLoginWidget(BOT_TOKEN, { ...widgetUser, auth_date: NOW_S });
    expect(verifyTelegramLoginWidget({ ...data, username: 'admin' }, BOT_TOKEN, OPTS)).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(verifyTelegramLoginWidget({ ...data, id: 1 }, BOT_TOKEN, OPTS)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyTelegramLoginWidget({ ...data, auth_date: NOW_S - 1 }, BOT_TOKEN, OPTS)).toEqual({
      ok: false,
      reason: 'signature',
    });
    // Dropping a signed field, or adding one, changes the data-check-string too.
    const { photo_url: _dropped, ...withoutPhoto } = data;
    expect(verifyTelegramLoginWidget(withoutPhoto, BOT_TOKEN, OPTS)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyTelegramLoginWidget({ ...data, is_admin: true }, BOT_TOKEN, OPTS)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('refuses widget data signed for another bot', () => {
    const data = signLoginWidget(OTHER_BOT_TOKEN, { ...widgetUser, auth_date: NOW_S });
    expect(verifyTelegramLoginWidget(data, BOT_TOKEN, OPTS)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses stale or future widget data', () => {
    const stale = signLoginWidget(BOT_TOKEN, { ...widgetUser, auth_date: NOW_S - 3601 });
    expect(verifyTelegramLoginWidget(stale, BOT_TOKEN, OPTS)).toEqual({ ok: false, reason: 'expired' });
    const future = signLoginWidget(BOT_TOKEN, { ...widgetUser, auth_date: NOW_S + 61 });
    expect(verifyTelegramLoginWidget(future, BOT_TOKEN, OPTS)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses widget data without hash or with nested values as malformed', () => {
    const data = signLoginWidget(BOT_TOKEN, { ...widgetUser, auth_date: NOW_S });
    const { hash: _hash, ...withoutHash } = data;
    expect(verifyTelegramLoginWidget(withoutHash as TelegramWidgetData, BOT_TOKEN, OPTS)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(verifyTelegramLoginWidget({ ...data, extra: { a: 1 } }, BOT_TOKEN, OPTS)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    for (const junk of [null, 'x', 42, []]) {
      expect(verifyTelegramLoginWidget(junk as unknown as TelegramWidgetData, BOT_TOKEN, OPTS)).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
  });

  it('refuses widget data hashed with the Mini App key (HMAC of the token with "WebAppData")', () => {
    const fields = { id: String(USER.id), first_name: 'Ada', auth_date: String(NOW_S) };
    const miniAppKey = createHmac('sha256', 'WebAppData').update(BOT_TOKEN).digest();
    const data: TelegramWidgetData = { ...fields, hash: hmacHex(miniAppKey, fields) };
    expect(verifyTelegramLoginWidget(data, BOT_TOKEN, OPTS)).toEqual({ ok: false, reason: 'signature' });
    // The same fields hashed with the right key pass, so only the key made the difference.
    const right: TelegramWidgetData = {
      ...fields,
      hash: hmacHex(createHash('sha256').update(BOT_TOKEN).digest(), fields),
    };
    expect(verifyTelegramLoginWidget(right, BOT_TOKEN, OPTS)).toMatchObject({ ok: true });
  });
});
