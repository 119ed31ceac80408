import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { identityCalls, pointsCalls, userCalls } from '@taice/contract';
import { users } from '../src/modules/accounts/accounts.schema';
import { authChallenges } from '../src/modules/identities/identities.schema';
import { createChallenges } from '../src/modules/identities/challenges';
import { createTestApp, type TestApp } from './support/test-app';
import { register } from './support/accounts';
import { newWallet, signedNonce, walletLogin } from './support/evm-wallet';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('wallet login', () => {
  it('creates an account on first login and finds it again by the lower-cased address', async () => {
    const wallet = newWallet();
    const first = await walletLogin(t, wallet);
    expect(first.user).toMatchObject({ chain_address: wallet.address.toLowerCase(), logType: 1, is_new_register: 1 });
    const again = await walletLogin(t, wallet);
    expect(again.user).toMatchObject({ id: first.user.id, is_new_register: 0 });
    expect(again.token).not.toBe(first.token);
    const info = await t.call(userCalls.userInfo, {}, { token: again.token });
    expect(info.data.chain_address).toBe(wallet.address.toLowerCase());
  });

  it('signs the fixed agreement text and says no transaction or gas is involved', async () => {
    const { message } = await signedNonce(t, newWallet());
    expect(message).toMatch(/^Welcome to TAICE!.*will not trigger a blockchain transaction or cost any gas fees\./);
    expect(message).toMatch(/\nNonce: [\w-]+$/);
  });

  it('answers /api/frontend/login the same way', async () => {
    const wallet = newWallet();
    const res = await t.call(identityCalls.login, { body: await signedNonce(t, wallet) });
    expect(res.code).toBe(0);
    expect(res.data.user.chain_address).toBe(wallet.address.toLowerCase());
  });

  it('counts the inviter of a wallet sign-up', async () => {
    const inviter = await register(t);
    const invitee = await walletLogin(t, newWallet(), inviter.user.invite_code.toLowerCase());
    const [row] = await t.database.db.select().from(users).where(eq(users.id, invitee.user.id));
    expect(row!.inviterId).toBe(inviter.user.id);
    const me = await t.call(userCalls.userInfo, {}, { token: inviter.token });
    expect(me.data.invite_num).toBe(1);
  });

  it('refuses a signature by another key, and the nonce stays usable by the real owner', async () => {
    const wallet = newWallet();
    const forged = await signedNonce(t, wallet, newWallet());
    expect((await t.call(identityCalls.walletLogin, { body: forged })).code).toBe(15004);
    const honest = { ...forged, signature: await wallet.signMessage({ message: forged.message }) };
    expect((await t.call(identityCalls.walletLogin, { body: honest })).code).toBe(0);
  });

  it('refuses an altered message, and a nonce issued to another address', async () => {
    const wallet = newWallet();
    const signed = await signedNonce(t, wallet);
    const altered = signed.message.replace('Welcome', 'Hello');
    const res = await t.call(identityCalls.walletLogin, {
      body: {
        ...signed,
        message: altered,
        signature: await wallet.signMessage({ message: altered }),
      },
    });
    expect(res).toMatchObject({ code: 15001, msg: 'This sign-in request is not valid, please sign again' });

    const other = newWallet();
    const theirs = await signedNonce(t, other);
    const stolen = { chain_address: wallet.address, message: theirs.message };
    const res2 = await t.call(identityCalls.walletLogin, {
      body: {
        ...stolen,
        signature: await wallet.signMessage({ message: stolen.message }),
      },
    });
    expect(res2.code).toBe(15001);
  });

  it('refuses a message without a nonce of ours', async () => {
    const wallet = newWallet();
    const message = 'Welcome to TAICE!\nNonce: made-up-nonce-123';
    const res = await t.call(identityCalls.walletLogin, {
      body: {
        chain_address: wallet.address,
        message,
        signature: await wallet.signMessage({ message }),
      },
    });
    expect(res.code).toBe(15001);
  });

  it('refuses a reused nonce', async () => {
    const wallet = newWallet();
    const signed = await signedNonce(t, wallet);
    expect((await t.call(identityCalls.walletLogin, { body: signed })).code).toBe(0);
    const replay = await t.call(identityCalls.walletLogin, { body: signed }, { lang: 'zh-CN' });
    expect(replay).toMatchObject({ code: 15002, msg: '该签名请求已使用，请重新签名' });
  });

  it('refuses an expired nonce', async () => {
    const wallet = newWallet();
    const signed = await signedNonce(t, wallet);
    t.clock.advance(301_000);
    const res = await t.call(identityCalls.walletLogin, { body: signed }, { lang: 'zh-TW' });
    expect(res).toMatchObject({ code: 15003, msg: '簽名請求已過期，請重新簽名' });
  });

  it('pays out one login for many parallel uses of one signed nonce', async () => {
    const wallet = newWallet();
    const signed = await signedNonce(t, wallet);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.call(identityCalls.walletLogin, { body: signed })),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === 15002)).toBe(true);
  });

  it('creates one account when one new wallet logs in many times at once', async () => {
    const wallet = newWallet();
    const attempts = await Promise.all(Array.from({ length: 10 }, () => signedNonce(t, wallet)));
    const results = await Promise.all(attempts.map((body) => t.call(identityCalls.walletLogin, { body })));
    expect(results.every((r) => r.code === 0)).toBe(true);
    expect(new Set(results.map((r) => r.data.user.id)).size).toBe(1);
    const rows = await t.database.db.select().from(users).where(eq(users.chainAddress, wallet.address.toLowerCase()));
    expect(rows).toHaveLength(1);
  });

  it('says clearly what is wrong with the input', async () => {
    const bad = await t.call(identityCalls.walletLogin, {
      body: {
        chain_address: '0x123',
        message: 'x',
        signature: '0x1',
      },
    });
    expect(bad).toMatchObject({ code: 15017, msg: 'This is not a valid wallet address' });
    const none = await t.call(identityCalls.walletNonce, {});
    expect(none).toMatchObject({ code: 15016, msg: 'Please Connect Wallet' });
    const wallet = newWallet();
    const sig = await t.call(identityCalls.walletLogin, {
      body: {
        ...(await signedNonce(t, wallet)),
        signature: '0xzz',
      },
    });
    expect(sig.code).toBe(15004);
    // A code that came with a link but names nobody does not stand in the way of a first login.
    const unknownInvite = await t.call(identityCalls.walletLogin, {
      body: {
        ...(await signedNonce(t, newWallet())),
        invite_code: 'NOSUCH00',
      },
    });
    expect(unknownInvite.code).toBe(0);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, unknownInvite.data.user.id));
    expect(row!.inviterId).toBeNull();
  });
});

describe('wallet binding', () => {
  it('binds a wallet to an e-mail account, which can then log in with either', async () => {
    const account = await register(t);
    const wallet = newWallet();
    const res = await t.call(
      identityCalls.walletBind,
      { body: await signedNonce(t, wallet) },
      {
        token: account.token,
      },
    );
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ id: account.user.id, chain_address: wallet.address.toLowerCase(), logType: 3 });
    expect((await walletLogin(t, wallet)).user.id).toBe(account.user.id);
    // Binding the same wallet again changes nothing and is fine.
    const again = await t.call(
      identityCalls.walletBind,
      { body: await signedNonce(t, wallet) },
      { token: account.token },
    );
    expect(again.code).toBe(0);
  });

  it('refuses a wallet bound to another account, and changes nothing', async () => {
    const wallet = newWallet();
    const owner = await walletLogin(t, wallet);
    const other = await register(t);
    const res = await t.call(identityCalls.walletBind, { body: await signedNonce(t, wallet) }, { token: other.token });
    expect(res).toMatchObject({ code: 15005, msg: 'the wallet is already bound to another account' });
    const info = await t.call(userCalls.userInfo, {}, { token: other.token });
    expect(info.data.chain_address).toBe('');
    expect((await walletLogin(t, wallet)).user.id).toBe(owner.user.id);
  });

  it('refuses a second, different wallet on an account', async () => {
    const account = await register(t);
    await t.call(identityCalls.walletBind, { body: await signedNonce(t, newWallet()) }, { token: account.token });
    const res = await t.call(
      identityCalls.walletBind,
      { body: await signedNonce(t, newWallet()) },
      {
        token: account.token,
        lang: 'zh-CN',
      },
    );
    expect(res).toMatchObject({ code: 15006, msg: '您的账户已绑定其他钱包' });
  });

  it('binds a contested wallet to exactly one of many accounts trying at once', async () => {
    const wallet = newWallet();
    const accounts = await Promise.all(Array.from({ length: 5 }, () => register(t)));
    const results = await Promise.all(
      accounts.map(async (a) =>
        t.call(identityCalls.walletBind, { body: await signedNonce(t, wallet) }, { token: a.token }),
      ),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code === 15005)).toHaveLength(4);
  });

  it('needs a login, and a valid signature', async () => {
    const wallet = newWallet();
    expect((await t.call(identityCalls.walletBind, { body: await signedNonce(t, wallet) })).code).toBe(401);
    const account = await register(t);
    const forged = await signedNonce(t, wallet, newWallet());
    expect((await t.call(identityCalls.walletBind, { body: forged }, { token: account.token })).code).toBe(15004);
  });
});

describe('nonce housekeeping', () => {
  it('clears nonces a day after they expire, and only those', async () => {
    const challenges = createChallenges(t.database.db, t.clock);
    const old = await challenges.issue('evm', { subject: '0xold' });
    t.clock.advance(2 * 86_400_000);
    const fresh = await challenges.issue('evm', { subject: '0xfresh' });
    await challenges.prune();
    const left = await t.database.db
      .select()
      .from(authChallenges)
      .where(inArray(authChallenges.value, [old.value, fresh.value]));
    expect(left.map((c) => c.value)).toEqual([fresh.value]);
  });
});

describe('access tokens', () => {
  it('exchanges the current token for a fresh one and ends the old one', async () => {
    const { token } = await walletLogin(t, newWallet());
    const res = await t.call(identityCalls.getAccessToken, {}, { token });
    expect(res.code).toBe(0);
    expect((await t.call(userCalls.userInfo, {}, { token })).code).toBe(401);
    const info = await t.call(userCalls.userInfo, {}, { token: res.data.token });
    expect(info.data.logType).toBe(1);
    expect((await t.call(identityCalls.getAccessToken)).code).toBe(401);
  });

  it('answers the second call family: user/getInfo and user/getWalletDetail', async () => {
    const { token, user } = await walletLogin(t, newWallet());
    const info = await t.call(userCalls.getInfo, {}, { token });
    expect(info.data.id).toBe(user.id);
    const wallet = await t.call(pointsCalls.getWalletDetail, { query: { currency_key: 'taice' } }, { token });
    expect(wallet.code).toBe(0);
    expect(wallet.data).toHaveProperty('is_sign_in_reward');
  });
});
