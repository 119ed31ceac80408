import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userCalls } from '@taice/contract';
import { registerVisits, users } from '../src/modules/accounts/accounts.schema';
import { mailOutbox } from '../src/platform/mail/mail.schema';
import { createTestApp, type TestApp } from './support/test-app';
import { freshEmail, freshIp, lastCode, PASSWORD, register, sendCode } from './support/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('e-mail registration', () => {
  it('mails a 6-digit code in the asked language', async () => {
    const email = freshEmail();
    const res = await t.call(userCalls.sendEmailCode, { body: { email, type: 'register' } }, { lang: 'zh-CN' });
    expect(res).toEqual({ code: 0, msg: '成功', data: { countdown: 60 } });
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail?.subject).toBe('TAICE 验证码');
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    expect(mail?.text).toContain('10 分钟');
  });

  it('creates the account, logs it in and returns every user info field', async () => {
    const email = freshEmail('New.Person');
    const { user, token } = await register(t, { email: email.toUpperCase() });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      chain_address: '',
      chain: '',
      unread_num: 0,
      post_num: 0,
      be_follow_num: 0,
      follow_num: 0,
      invite_num: 0,
      spk: 0,
      avatar: '',
      gender: 0,
      twitter: '',
      is_new_register: 1,
      is_new_desc: 0,
      logType: 3,
      user_level: { level_no: 1, now_point: 0, max_point: 1000 },
    });
    expect(user.invite_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(user.nickname).toMatch(/^TAICE_[a-z2-9]{6}$/);
    expect(user.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(user)).not.toMatch(/password|hash/i);

    const info = await t.call(userCalls.userInfo, {}, { token });
    expect(info.data).toEqual(user);
  });

  it('links the new account to the inviter of a valid invitation code', async () => {
    const inviter = await register(t);
    const invitee = await register(t, { inviteCode: inviter.user.invite_code.toLowerCase() });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, invitee.user.id));
    expect(row?.inviterId).toBe(inviter.user.id);
    const after = await t.call(userCalls.userInfo, {}, { token: inviter.token });
    expect(after.data.invite_num).toBe(1);
  });

  it('refuses an unknown invitation code, keeping the code usable', async () => {
    const email = freshEmail();
    await sendCode(t, email, 'register');
    const code = await lastCode(t, email);
    const refused = await t.call(userCalls.emailRegister, {
      body: {
        email,
        code,
        password: PASSWORD,
        invite_code: 'NOPE1234',
      },
    });
    expect(refused).toEqual({ code: 11014, msg: 'This invitation code does not exist', data: null });
    expect((await t.call(userCalls.emailRegister, { body: { email, code, password: PASSWORD } })).code).toBe(0);
  });

  it('counts registration-entry visits by source', async () => {
    await t.call(userCalls.registerVisit, { query: { source: 'twitter' } });
    await t.call(userCalls.registerVisit, { query: { source: 'twitter' } });
    await t.call(userCalls.registerVisit);
    const rows = await t.database.db.select().from(registerVisits);
    expect(rows.find((r) => r.source === 'twitter')?.visits).toBe(2);
    expect(rows.find((r) => r.source === 'direct')?.visits).toBe(1);
  });
});

describe('login and sessions', () => {
  it('logs in with e-mail and password, as logType 2, no longer a new registration', async () => {
    const account = await register(t);
    const res = await t.call(
      userCalls.emailLogin,
      { body: { email: account.email.toUpperCase(), password: account.password } },
      { ip: freshIp() },
    );
    expect(res.code).toBe(0);
    expect(res.data.user).toMatchObject({ id: account.user.id, logType: 2, is_new_register: 0 });
    expect(res.data.token).not.toBe(account.token);
  });

  it('ends the session on logout; logging out twice is harmless', async () => {
    const { token } = await register(t);
    expect((await t.call(userCalls.logout, {}, { token })).code).toBe(0);
    expect((await t.call(userCalls.userInfo, {}, { token })).code).toBe(401);
    expect((await t.call(userCalls.logout, {}, { token })).code).toBe(0);
    expect((await t.call(userCalls.logout)).code).toBe(0);
  });

  it('keeps other sessions of the account when one logs out', async () => {
    const account = await register(t);
    const second = await t.call(
      userCalls.emailLogin,
      { body: { email: account.email, password: account.password } },
      { ip: freshIp() },
    );
    await t.call(userCalls.logout, {}, { token: account.token });
    expect((await t.call(userCalls.userInfo, {}, { token: second.data.token })).code).toBe(0);
  });

  it('expires a session after 30 days', async () => {
    const { token } = await register(t);
    t.clock.advance(29 * 86_400_000);
    expect((await t.call(userCalls.userInfo, {}, { token })).code).toBe(0);
    t.clock.advance(2 * 86_400_000);
    expect(await t.call(userCalls.userInfo, {}, { token })).toEqual({
      code: 401,
      msg: 'please Log!',
      data: null,
    });
    t.clock.set(new Date());
  });

  it('answers 401 in the request language to a token of another scheme', async () => {
    // A missing, unknown or malformed token on every call that needs login: see needs-login.test.ts.
    const res = await t.call(userCalls.userInfo, {}, { headers: { authorization: 'Token abc' }, lang: 'zh-TW' });
    expect(res).toEqual({ code: 401, msg: '請先登入！', data: null });
  });
});

describe('password reset', () => {
  it('sets the new password and ends every session of the account', async () => {
    const account = await register(t);
    await sendCode(t, account.email, 'forget_password');
    const code = await lastCode(t, account.email);
    const res = await t.call(userCalls.forgetPassword, {
      body: {
        email: account.email,
        code,
        password: 'a brand new pass',
        invite_code: '',
      },
    });
    expect(res).toEqual({ code: 0, msg: 'success', data: null });
    expect((await t.call(userCalls.userInfo, {}, { token: account.token })).code).toBe(401);
    const ip = freshIp();
    const old = await t.call(userCalls.emailLogin, { body: { email: account.email, password: PASSWORD } }, { ip });
    expect(old.code).toBe(11012);
    const fresh = await t.call(
      userCalls.emailLogin,
      { body: { email: account.email, password: 'a brand new pass' } },
      { ip },
    );
    expect(fresh.code).toBe(0);
  });

  it('answers an unknown address like a known one and mails nothing', async () => {
    const email = freshEmail('ghost');
    const res = await t.call(userCalls.sendEmailCode, { body: { email, type: 'forget_password' } });
    expect(res).toEqual({ code: 0, msg: 'success', data: { countdown: 60 } });
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toEqual([]);
    const reset = await t.call(userCalls.forgetPassword, { body: { email, code: '123456', password: PASSWORD } });
    expect(reset.code).toBe(11006);
  });
});

describe('profile', () => {
  it('edits only the fields sent', async () => {
    const { token, user } = await register(t);
    const res = await t.call(
      userCalls.infoStore,
      { body: { nickname: '  Lin 小林 ', twitter: 'https://x.com/lin', gender: 2 } },
      { token },
    );
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ nickname: 'Lin 小林', twitter: 'https://x.com/lin', gender: 2, facebook: '' });
    expect(res.data.name).toBe(user.name);
  });

  it('refuses empty fields and a too long nickname with the right message in each language', async () => {
    const { token } = await register(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nickname: '   ' }, 'Nickname cannot be empty', '昵称不能为空'],
      [{ avatar: '' }, 'Avatar cannot be empty', '头像不能为空'],
      [{ twitter: '' }, 'Twitter cannot be empty', 'Twitter 不能为空'],
      [{ facebook: '' }, 'Facebook cannot be empty', 'Facebook 不能为空'],
      [{ youtube: ' ' }, 'YouTube cannot be empty', 'YouTube 不能为空'],
      [{ instagram: '' }, 'Instagram cannot be empty', 'Instagram 不能为空'],
      [{ nickname: 'x'.repeat(21) }, 'Nickname is too long (at most 20 characters)', '昵称过长（最多 20 个字符）'],
    ];
    for (const [body, en, cn] of cases) {
      expect((await t.call(userCalls.infoStore, { body }, { token })).msg).toBe(en);
      expect((await t.call(userCalls.infoStore, { body }, { token, lang: 'zh-CN' })).msg).toBe(cn);
    }
    const tw = await t.call(userCalls.infoStore, { body: { nickname: '' } }, { token, lang: 'zh-TW' });
    expect(tw.msg).toBe('暱稱不能為空');
  });

  it('takes a Telegram Premium username as tme/XXX or @XXX, and clears it', async () => {
    const { token } = await register(t);
    const set = await t.call(userCalls.infoStore, { body: { telegram_premium: ' @lin_premium ' } }, { token });
    expect(set).toMatchObject({ code: 0, data: { telegram_premium: '@lin_premium' } });
    const other = await t.call(userCalls.infoStore, { body: { telegram_premium: 'tme/LinP' } }, { token });
    expect(other.data.telegram_premium).toBe('tme/LinP');
    expect((await t.call(userCalls.userInfo, {}, { token })).data.telegram_premium).toBe('tme/LinP');
    for (const bad of ['lin_premium', 't.me/lin_premium', '@1abc', '@ab', `@${'a'.repeat(33)}`, 'tme/lin premium']) {
      const refused = await t.call(userCalls.infoStore, { body: { telegram_premium: bad } }, { token });
      expect(refused).toEqual({
        code: 20420,
        msg: 'Enter the Telegram Premium username as tme/XXX or @XXX',
        data: { field: 'telegram_premium' },
      });
    }
    const cn = await t.call(userCalls.infoStore, { body: { telegram_premium: 'lin' } }, { token, lang: 'zh-CN' });
    expect(cn.msg).toBe('请按 tme/XXX 或 @XXX 的格式填写 Telegram Premium 用户名');
    const tw = await t.call(userCalls.infoStore, { body: { telegram_premium: 'lin' } }, { token, lang: 'zh-TW' });
    expect(tw.msg).toBe('請按 tme/XXX 或 @XXX 的格式填寫 Telegram Premium 使用者名稱');
    expect((await t.call(userCalls.userInfo, {}, { token })).data.telegram_premium).toBe('tme/LinP');
    const cleared = await t.call(userCalls.infoStore, { body: { telegram_premium: '' } }, { token });
    expect(cleared.data.telegram_premium).toBe('');
  });

  it('only accepts an avatar the user uploaded', async () => {
    const { token } = await register(t);
    const res = await t.call(userCalls.infoStore, { body: { avatar: 'https://evil.example/x.png' } }, { token });
    expect(res).toMatchObject({ code: 11028, msg: 'Please upload the avatar image first' });
  });

  it("shows another user's public profile without private fields", async () => {
    const a = await register(t);
    const b = await register(t);
    const res = await t.call(userCalls.userProfile, { query: { id: a.user.id } }, { token: b.token });
    expect(res.data).toMatchObject({ id: a.user.id, nickname: a.user.nickname, post_num: 0 });
    expect(JSON.stringify(res.data)).not.toContain(a.email);
    expect(res.data).not.toHaveProperty('invite_code');
    const anonymous = await t.call(userCalls.userProfile, { query: { id: a.user.id } });
    expect(anonymous.code).toBe(0);
    expect(await t.call(userCalls.userProfile, { query: { id: 999_999 } })).toMatchObject({ code: 11017 });
    expect((await t.call(userCalls.userProfile, { query: { id: 'abc' } })).code).toBe(422);
  });

  it('marks the new-user guide done, once', async () => {
    const { token } = await register(t);
    const first = await t.call(userCalls.completeGuide, {}, { token });
    expect(first.data.is_new_desc).toBe(1);
    const second = await t.call(userCalls.completeGuide, {}, { token });
    expect(second.data.is_new_desc).toBe(1);
  });
});

describe('adding an e-mail to an account without one', () => {
  async function accountWithoutEmail() {
    const account = await register(t);
    await t.database.db.update(users).set({ email: null, passwordHash: null }).where(eq(users.id, account.user.id));
    return account;
  }

  it('binds the e-mail with a code and lets the user log in with it', async () => {
    const { token } = await accountWithoutEmail();
    const email = freshEmail('bind');
    await sendCode(t, email, 'register');
    const res = await t.call(
      userCalls.emailStore,
      { body: { email, code: await lastCode(t, email), password: 'bound password' } },
      { token },
    );
    expect(res.code).toBe(0);
    expect(res.data.email).toBe(email);
    const login = await t.call(
      userCalls.emailLogin,
      { body: { email, password: 'bound password' } },
      { ip: freshIp() },
    );
    expect(login.code).toBe(0);
  });

  it('refuses when the account has an e-mail or the e-mail belongs to someone else', async () => {
    const withEmail = await register(t);
    const email = freshEmail();
    await sendCode(t, email, 'register');
    const refused = await t.call(
      userCalls.emailStore,
      { body: { email, code: await lastCode(t, email) } },
      { token: withEmail.token },
    );
    expect(refused).toMatchObject({ code: 11016, msg: 'Your account already has an email' });

    const { token } = await accountWithoutEmail();
    const taken = await t.call(userCalls.emailStore, { body: { email: withEmail.email, code: '123456' } }, { token });
    expect(taken).toMatchObject({ code: 11011, msg: 'This email is already registered' });
  });
});
