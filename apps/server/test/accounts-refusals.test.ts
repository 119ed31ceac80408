import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userCalls } from '@taice/contract';
import { eq } from 'drizzle-orm';
import { users } from '../src/modules/accounts/accounts.schema';
import { createTestApp, type TestApp } from './support/test-app';
import { endCooldown, freshEmail, freshIp, lastCode, PASSWORD, register, sendCode } from './support/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const registerWith = (body: Record<string, unknown>, lang?: string) =>
  t.send(userCalls.emailRegister, { body }, { lang, ip: freshIp() });

describe('registration input', () => {
  it('says what is missing or wrong with the spec messages, in three languages', async () => {
    const email = freshEmail();
    const cases: [Record<string, unknown>, number, string, string, string][] = [
      [{ code: '1', password: PASSWORD }, 11001, 'Please Enter your Email', '请输入邮箱', '請輸入電子郵件'],
      [{ email: ' ', code: '1', password: PASSWORD }, 11001, 'Please Enter your Email', '请输入邮箱', '請輸入電子郵件'],
      [
        { email: 'not-an-email', code: '1', password: PASSWORD },
        11002,
        'Please enter the correct email address',
        '请输入正确的邮箱地址',
        '請輸入正確的電子郵件地址',
      ],
      [{ email, password: PASSWORD }, 11005, 'Please Enter Code', '请输入验证码', '請輸入驗證碼'],
      [{ email, code: '123456' }, 11003, 'Please Enter Password', '请输入密码', '請輸入密碼'],
      [
        { email, code: '123456', password: 'short' },
        11004,
        'The password must be at least 8 characters',
        '密码至少需要 8 个字符',
        '密碼至少需要 8 個字元',
      ],
    ];
    for (const [body, code, en, cn, tw] of cases) {
      expect(await registerWith(body)).toMatchObject({ code, msg: en });
      expect((await registerWith(body, 'zh-CN')).msg).toBe(cn);
      expect((await registerWith(body, 'zh-TW')).msg).toBe(tw);
    }
    expect((await registerWith({ email, code: '123456', password: PASSWORD, register_type: 9 })).code).toBe(422);
  });

  it('refuses a send-code request with a bad address or type', async () => {
    const bad = await t.call(userCalls.sendEmailCode, { body: { email: 'a@b', type: 'register' } });
    expect(bad.code).toBe(11002);
    const type = await t.send(userCalls.sendEmailCode, { body: { email: freshEmail(), type: 'login' } });
    expect(type).toMatchObject({ code: 422, msg: 'type: must be one of: register, forget_password' });
  });
});

describe('e-mail codes', () => {
  async function freshCode() {
    const email = freshEmail();
    await sendCode(t, email, 'register');
    return { email, code: await lastCode(t, email) };
  }

  it('refuses a wrong code', async () => {
    const { email, code } = await freshCode();
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await registerWith({ email, code: wrong, password: PASSWORD })).toMatchObject({
      code: 11006,
      msg: 'The verification code is incorrect',
    });
  });

  it('refuses a code after 10 minutes', async () => {
    const { email, code } = await freshCode();
    t.clock.advance(10 * 60_000 + 1_000);
    try {
      expect(await registerWith({ email, code, password: PASSWORD })).toMatchObject({
        code: 11007,
        msg: 'The verification code has expired, please request a new one',
      });
    } finally {
      t.clock.set(new Date());
    }
  });

  it('accepts a code once', async () => {
    const account = await register(t);
    await sendCode(t, account.email, 'forget_password');
    const code = await lastCode(t, account.email);
    const reset = { email: account.email, code, password: 'new password 1' };
    expect((await t.call(userCalls.forgetPassword, { body: reset })).code).toBe(0);
    expect((await t.call(userCalls.forgetPassword, { body: reset })).code).toBe(11006);
  });

  it('burns the code after 5 wrong tries, even for the right code', async () => {
    const { email, code } = await freshCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      expect((await registerWith({ email, code: wrong, password: PASSWORD })).code).toBe(11006);
    expect((await registerWith({ email, code: wrong, password: PASSWORD })).code).toBe(11008);
    expect(await registerWith({ email, code, password: PASSWORD })).toMatchObject({
      code: 11008,
      msg: 'Too many wrong codes, please request a new one',
    });
  });

  it('lets the right code through on the fifth try', async () => {
    const { email, code } = await freshCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await registerWith({ email, code: wrong, password: PASSWORD });
    expect((await registerWith({ email, code, password: PASSWORD })).code).toBe(0);
  });

  it('caps parallel guesses at 5 tries', async () => {
    const { email, code } = await freshCode();
    const guesses = Array.from({ length: 30 }, (_, i) => String(i).padStart(6, '9')).filter((g) => g !== code);
    const results = await Promise.all(guesses.map((g) => registerWith({ email, code: g, password: PASSWORD })));
    expect(results.filter((r) => r.code === 11006).length).toBeLessThanOrEqual(4);
    expect(results.filter((r) => r.code === 11008).length).toBeGreaterThanOrEqual(guesses.length - 5);
    expect((await registerWith({ email, code, password: PASSWORD })).code).toBe(11008);
  });

  it('replaces the previous code when a new one is sent', async () => {
    const { email, code: first } = await freshCode();
    await endCooldown(t, email);
    await sendCode(t, email, 'register');
    const second = await lastCode(t, email);
    if (first !== second) expect((await registerWith({ email, code: first, password: PASSWORD })).code).toBe(11006);
    expect((await registerWith({ email, code: second, password: PASSWORD })).code).toBe(0);
  });

  it('sends one code per address per minute and says how long to wait', async () => {
    const email = freshEmail();
    await sendCode(t, email, 'register');
    const again = await t.call(userCalls.sendEmailCode, { body: { email, type: 'register' } }, { ip: freshIp() });
    expect(again.code).toBe(11009);
    expect(again.msg).toMatch(/^A code was just sent, please wait (59|60) s before asking again$/);
    const cn = await t.call(userCalls.sendEmailCode, { body: { email, type: 'register' } }, { lang: 'zh-CN' });
    expect(cn.msg).toMatch(/^验证码已发送，请 \d+ 秒后再试$/);
  });

  it('sends at most 20 codes an hour to one IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const res = await t.call(userCalls.sendEmailCode, { body: { email: freshEmail(), type: 'register' } }, { ip });
      expect(res.code).toBe(0);
    }
    const refused = await t.call(userCalls.sendEmailCode, { body: { email: freshEmail(), type: 'register' } }, { ip });
    expect(refused).toMatchObject({ code: 11010 });
    expect(refused.msg).toMatch(/^Too many codes requested from your network, please try again in (59|60) min$/);
  });
});

describe('duplicate registration', () => {
  it('refuses a code and an account for an address already registered', async () => {
    const account = await register(t);
    await endCooldown(t, account.email);
    const send = await t.call(userCalls.sendEmailCode, { body: { email: account.email, type: 'register' } });
    expect(send).toMatchObject({ code: 11011, msg: 'This email is already registered' });
    const again = await registerWith({ email: account.email, code: '123456', password: PASSWORD });
    expect(again.code).toBe(11011);
  });

  it('creates exactly one account when the same registration arrives many times at once', async () => {
    const email = freshEmail('race');
    await sendCode(t, email, 'register');
    const code = await lastCode(t, email);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => registerWith({ email, code, password: PASSWORD })),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code !== 0).every((r) => [11006, 11008, 11011].includes(r.code))).toBe(true);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});

describe('login refusals', () => {
  it('gives the same message for a wrong password and an unknown address', async () => {
    const account = await register(t);
    const ip = freshIp();
    const wrong = await t.call(
      userCalls.emailLogin,
      { body: { email: account.email, password: 'wrong pass' } },
      { ip },
    );
    const unknown = await t.call(userCalls.emailLogin, { body: { email: freshEmail(), password: PASSWORD } }, { ip });
    expect(wrong).toEqual({ code: 11012, msg: 'Incorrect email or password', data: null });
    expect(unknown).toEqual(wrong);
    const empty = await t.call(userCalls.emailLogin, { body: { email: '', password: '' } }, { ip });
    expect(empty.msg).toBe('Please Enter your Email');
    const noPassword = await t.send(userCalls.emailLogin, { body: { email: account.email } }, { ip });
    expect(noPassword.msg).toBe('Please Enter Password');
  });

  it('locks an address after 5 failures and says when to try again, even for the right password', async () => {
    const account = await register(t);
    for (let i = 0; i < 5; i++) {
      const res = await t.call(
        userCalls.emailLogin,
        { body: { email: account.email, password: 'wrong pass' } },
        { ip: freshIp() },
      );
      expect(res.code).toBe(11012);
    }
    const locked = await t.call(
      userCalls.emailLogin,
      { body: { email: account.email, password: account.password } },
      { ip: freshIp() },
    );
    expect(locked.code).toBe(11013);
    expect(locked.msg).toMatch(/^Too many failed attempts, please try again in 15 min$/);
  });

  it('locks an IP after 20 failures across addresses', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      await t.call(userCalls.emailLogin, { body: { email: freshEmail(), password: 'wrong pass' } }, { ip });
    }
    const account = await register(t);
    const res = await t.call(userCalls.emailLogin, { body: { email: account.email, password: PASSWORD } }, { ip });
    expect(res.code).toBe(11013);
    const elsewhere = await t.call(
      userCalls.emailLogin,
      { body: { email: account.email, password: PASSWORD } },
      { ip: freshIp() },
    );
    expect(elsewhere.code).toBe(0);
  });

  it('clears the count of an address on success', async () => {
    const account = await register(t);
    const attempt = (password: string) =>
      t.call(userCalls.emailLogin, { body: { email: account.email, password } }, { ip: freshIp() });
    for (let i = 0; i < 4; i++) await attempt('wrong pass');
    expect((await attempt(PASSWORD)).code).toBe(0);
    for (let i = 0; i < 4; i++) expect((await attempt('wrong pass')).code).toBe(11012);
    expect((await attempt(PASSWORD)).code).toBe(0);
  });
});
