import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { userCalls, type UserInfo } from '@taice/contract';
import { mailOutbox } from '../../src/platform/mail/mail.schema';
import { codeRules } from '../../src/modules/accounts/email-codes';
import type { TestApp } from './test-app';

export const PASSWORD = 'correct horse 1';

let ipCounter = 0;
/** A client IP of its own, so per-IP limits of one test do not reach another. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function freshEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

/** The code of the newest mail to `email` in the development outbox. */
export async function lastCode(t: TestApp, email: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email.toLowerCase()))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Lets the address ask for a code again at once, as if its minute had passed. */
export async function endCooldown(t: TestApp, email: string): Promise<void> {
  for (const purpose of ['register', 'forget_password']) {
    await t.shared.limits.reset(codeRules.perAddress, `${purpose}:${email.toLowerCase()}`);
  }
}

export async function sendCode(t: TestApp, email: string, type: 'register' | 'forget_password', ip = freshIp()) {
  const res = await t.call(userCalls.sendEmailCode, { body: { email, type } }, { ip });
  if (res.code !== 0) throw new Error(`sendEmailCode failed: ${res.msg}`);
}

export interface Registered {
  email: string;
  password: string;
  token: string;
  user: UserInfo;
}

/** A new account registered through the API. */
export async function register(
  t: TestApp,
  options: { email?: string; password?: string; inviteCode?: string } = {},
): Promise<Registered> {
  const email = options.email ?? freshEmail();
  const password = options.password ?? PASSWORD;
  const ip = freshIp();
  await sendCode(t, email, 'register', ip);
  const res = await t.call(
    userCalls.emailRegister,
    { body: { email, code: await lastCode(t, email), password, invite_code: options.inviteCode } },
    { ip },
  );
  if (res.code !== 0) throw new Error(`emailRegister failed: ${res.msg}`);
  return { email, password, token: res.data.token, user: res.data.user };
}
