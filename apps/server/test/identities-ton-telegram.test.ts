import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { encodeStartParam, identityCalls, userCalls } from '@taice/contract';
import { users } from '../src/modules/accounts/accounts.schema';
import { createTestApp, type TestApp } from './support/test-app';
import { freshIp, register } from './support/accounts';
import { signLoginWidget, signMiniAppInitData } from './support/telegram';
import { createTestTonWallet, type TestTonWallet } from './support/ton-wallet';

const BOT_TOKEN = '424242:test-bot-token-for-the-api-tests';
const DOMAIN = 'taice.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_BOT_NAME: 'taice_test_bot', TON_PROOF_DOMAINS: DOMAIN },
  });
});
afterAll(() => t.close());

const seconds = () => Math.floor(t.clock.now().getTime() / 1000);
let telegramIds = 7_000_000;
const telegramUser = () => ({ id: ++telegramIds, first_name: 'Mia', last_name: 'Chen', username: `mia${telegramIds}` });

async function tonProofFor(wallet: TestTonWallet, options: { domain?: string; timestamp?: number } = {}) {
  const { data } = await t.call(identityCalls.tonPayload, {}, { ip: freshIp() });
  return wallet.walletInfo({
    payload: data.payload,
    domain: options.domain ?? DOMAIN,
    timestamp: options.timestamp ?? seconds(),
  });
}

describe('TON login', () => {
  it('creates an account from a valid proof and finds it again', async () => {
    const wallet = createTestTonWallet();
    const first = await t.call(identityCalls.tonLogin, { body: { wallet_info: await tonProofFor(wallet) } });
    expect(first.code).toBe(0);
    expect(first.data.user).toMatchObject({ logType: 6, bindings: { ton: wallet.friendlyAddress } });
    const again = await t.call(identityCalls.aliasTonLogin, {
      body: {
        wallet_info: await tonProofFor(wallet),
        type: 6,
      },
    });
    expect(again.data.user.id).toBe(first.data.user.id);
  });

  it('accepts a v5r1 wallet and records the register type', async () => {
    const wallet = createTestTonWallet({ version: 'v5r1' });
    const res = await t.call(identityCalls.tonLogin, {
      body: {
        wallet_info: await tonProofFor(wallet),
        register_type: 3,
      },
    });
    expect(res.code).toBe(0);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, res.data.user.id));
    expect(row!.registerType).toBe(3);
  });

  it('refuses a tampered payload, a wrong domain, a foreign stateInit and a reused payload', async () => {
    const wallet = createTestTonWallet();
    const tampered = await tonProofFor(wallet);
    tampered.connectItems.tonProof.proof.payload += 'x';
    expect((await t.call(identityCalls.tonLogin, { body: { wallet_info: tampered } })).code).toBe(15007);

    const wrongDomain = await tonProofFor(wallet, { domain: 'evil.example' });
    expect((await t.call(identityCalls.tonLogin, { body: { wallet_info: wrongDomain } })).code).toBe(15007);

    const foreign = await tonProofFor(wallet);
    foreign.account.walletStateInit = createTestTonWallet().stateInitBase64;
    const res = await t.call(identityCalls.tonLogin, { body: { wallet_info: foreign } }, { lang: 'zh-TW' });
    expect(res).toMatchObject({ code: 15007, msg: 'TON 錢包證明驗證失敗，請重新連接' });

    const once = await tonProofFor(wallet);
    expect((await t.call(identityCalls.tonLogin, { body: { wallet_info: once } })).code).toBe(0);
    expect((await t.call(identityCalls.tonLogin, { body: { wallet_info: once } })).code).toBe(15002);
  });

  it('refuses a payload the server never issued, and a stale proof', async () => {
    const wallet = createTestTonWallet();
    const invented = wallet.walletInfo({ payload: 'not-issued-by-us', domain: DOMAIN, timestamp: seconds() });
    expect((await t.call(identityCalls.tonLogin, { body: { wallet_info: invented } })).code).toBe(15007);
    const stale = await tonProofFor(wallet, { timestamp: seconds() - 3600 });
    expect((await t.call(identityCalls.tonLogin, { body: { wallet_info: stale } })).code).toBe(15003);
  });

  it('refuses a login type of another method on the alias', async () => {
    const res = await t.call(identityCalls.aliasTonLogin, {
      body: {
        wallet_info: await tonProofFor(createTestTonWallet()),
        type: 4,
      },
    });
    expect(res).toMatchObject({ code: 15015, msg: 'error type' });
  });

  it('binds a TON wallet to an e-mail account, and refuses one bound elsewhere', async () => {
    const account = await register(t);
    const wallet = createTestTonWallet();
    const bound = await t.call(
      identityCalls.tonBind,
      { body: { wallet_info: await tonProofFor(wallet) } },
      {
        token: account.token,
      },
    );
    expect(bound.data.bindings.ton).toBe(wallet.friendlyAddress);
    const login = await t.call(identityCalls.tonLogin, { body: { wallet_info: await tonProofFor(wallet) } });
    expect(login.data.user.id).toBe(account.user.id);

    const other = await register(t);
    const refused = await t.call(
      identityCalls.tonBind,
      { body: { wallet_info: await tonProofFor(wallet) } },
      {
        token: other.token,
      },
    );
    expect(refused).toMatchObject({ code: 15012, msg: 'This TON account is already bound to another user' });
    const info = await t.call(userCalls.userInfo, {}, { token: other.token });
    expect(info.data.bindings.ton).toBe('');

    const second = await t.call(
      identityCalls.tonBind,
      { body: { wallet_info: await tonProofFor(createTestTonWallet()) } },
      {
        token: account.token,
      },
    );
    expect(second.code).toBe(15013);
    expect((await t.call(identityCalls.tonBind, { body: { wallet_info: await tonProofFor(wallet) } })).code).toBe(401);
  });
});

describe('Telegram login', () => {
  it("logs in from the Mini App, invited by the start_param's invitation", async () => {
    const inviter = await register(t);
    const user = telegramUser();
    const initData = signMiniAppInitData(BOT_TOKEN, {
      user,
      auth_date: seconds(),
      start_param: encodeStartParam({ postId: 12, inviteCode: inviter.user.invite_code }),
    });
    const res = await t.call(identityCalls.telegramLogin, { body: { user: initData } });
    expect(res.code).toBe(0);
    expect(res.data.user).toMatchObject({
      logType: 4,
      nickname: 'Mia Chen',
      bindings: { telegram: `@${user.username}` },
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, res.data.user.id));
    expect(row).toMatchObject({ inviterId: inviter.user.id, registerType: 3 });
    // The same Telegram user again: the same account.
    const again = await t.call(identityCalls.aliasTelegramLogin, {
      body: {
        user: signMiniAppInitData(BOT_TOKEN, { user, auth_date: seconds() }),
      },
    });
    expect(again.data.user.id).toBe(res.data.user.id);
  });

  const inviterOfMiniAppLogin = async (startParam: string) => {
    const initData = signMiniAppInitData(BOT_TOKEN, {
      user: telegramUser(),
      auth_date: seconds(),
      start_param: startParam,
    });
    const res = await t.call(identityCalls.telegramLogin, { body: { user: initData } });
    expect(res.code).toBe(0);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, res.data.user.id));
    return row!.inviterId;
  };

  it('still reads a bare invitation code as the start_param of links from before the payload encoding', async () => {
    const inviter = await register(t);
    expect(await inviterOfMiniAppLogin(inviter.user.invite_code)).toBe(inviter.user.id);
  });

  it('lets a start_param without an invitation through, inviting nobody', async () => {
    // A video link without the sharer's code, and a value that is neither a payload nor a code.
    expect(await inviterOfMiniAppLogin(encodeStartParam({ postId: 123 }))).toBeNull();
    expect(await inviterOfMiniAppLogin('video_123')).toBeNull();
  });

  it('logs in with the Login Widget data', async () => {
    const user = telegramUser();
    const res = await t.call(identityCalls.telegramLogin, {
      body: {
        user: signLoginWidget(BOT_TOKEN, { ...user, auth_date: seconds() }),
      },
    });
    expect(res.code).toBe(0);
    expect(res.data.user.logType).toBe(4);
  });

  it('refuses tampered, foreign-bot and stale data', async () => {
    const user = telegramUser();
    const initData = signMiniAppInitData(BOT_TOKEN, { user, auth_date: seconds() });
    const tampered = initData.replace('Mia', 'Eve');
    expect((await t.call(identityCalls.telegramLogin, { body: { user: tampered } })).code).toBe(15008);
    const foreign = signMiniAppInitData('999:another-bot-token-entirely', { user, auth_date: seconds() });
    expect((await t.call(identityCalls.telegramLogin, { body: { user: foreign } })).code).toBe(15008);
    const stale = signMiniAppInitData(BOT_TOKEN, { user, auth_date: seconds() - 2 * 86_400 });
    const res = await t.call(identityCalls.telegramLogin, { body: { user: stale } }, { lang: 'zh-CN' });
    expect(res).toMatchObject({ code: 15009, msg: 'Telegram 登录已过期，请重试' });
    const oldWidget = signLoginWidget(BOT_TOKEN, { ...user, auth_date: seconds() - 3600 });
    expect((await t.call(identityCalls.telegramLogin, { body: { user: oldWidget } })).code).toBe(15009);
    const widget = { ...signLoginWidget(BOT_TOKEN, { ...user, auth_date: seconds() }), id: user.id + 1 };
    expect((await t.call(identityCalls.telegramLogin, { body: { user: widget } })).code).toBe(15008);
  });

  it('binds Telegram to an account once, and refuses it for another account', async () => {
    const account = await register(t);
    const user = telegramUser();
    const data = () => signMiniAppInitData(BOT_TOKEN, { user, auth_date: seconds() });
    const bound = await t.call(identityCalls.telegramBind, { body: { user: data() } }, { token: account.token });
    expect(bound.data.bindings.telegram).toBe(`@${user.username}`);
    const other = await register(t);
    const refused = await t.call(identityCalls.telegramBind, { body: { user: data() } }, { token: other.token });
    expect(refused.code).toBe(15012);
    const login = await t.call(identityCalls.telegramLogin, { body: { user: data() } });
    expect(login.data.user.id).toBe(account.user.id);
  });

  it('creates one account when the same new Telegram user logs in many times at once', async () => {
    const user = telegramUser();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.call(identityCalls.telegramLogin, {
          body: {
            user: signMiniAppInitData(BOT_TOKEN, { user, auth_date: seconds() }),
          },
        }),
      ),
    );
    expect(results.every((r) => r.code === 0)).toBe(true);
    expect(new Set(results.map((r) => r.data.user.id)).size).toBe(1);
  });

  it('gives the Login Widget address for this site only', async () => {
    const res = await t.call(identityCalls.telegramOauthUrl, {
      query: {
        redirect_uri: '/profile-edit?tg_intent=bind',
      },
    });
    expect(res.data.bot_id).toBe('424242');
    const url = new URL(res.data.url);
    expect(url.origin + url.pathname).toBe('https://oauth.telegram.org/auth');
    expect(url.searchParams.get('return_to')).toBe('http://localhost/profile-edit?tg_intent=bind');
    const evil = await t.call(identityCalls.telegramOauthUrl, { query: { redirect_uri: 'https://evil.example/x' } });
    expect(evil.code).toBe(15014);
  });

  it('lists the configured outside logins', async () => {
    const res = await t.call(identityCalls.providers);
    expect(res.data.telegram).toEqual({ bot_id: '424242', bot_name: 'taice_test_bot', app_name: 'app' });
  });
});

describe('without a bot token', () => {
  it('says Telegram login is not available', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.call(identityCalls.telegramLogin, {
        body: {
          user: signMiniAppInitData(BOT_TOKEN, { user: telegramUser() }),
        },
      });
      expect(res).toMatchObject({ code: 15010, msg: 'Telegram login is not available yet' });
    } finally {
      await bare.close();
    }
  });
});
