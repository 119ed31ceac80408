import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEFAULT_SIGN_SECRET, signParams, type UserInfo } from '@taice/contract';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE = `http://127.0.0.1:${PORT}`;
const MAILBOX = `http://127.0.0.1:${PORT + 1}`;

export const PASSWORD = 'e2e password 1';

export function freshEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

const signed = () => signParams(DEFAULT_SIGN_SECRET, 'e2e');

/** A POST to the API as a client with an IP of its own. */
export async function apiPost<T>(path: string, body: Record<string, unknown>, token?: string): Promise<T> {
  const ip = `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const response = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ ...body, ...signed() }),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.msg}`);
  return envelope.data;
}

async function mailsTo(email: string): Promise<{ text: string }[]> {
  return (await (await fetch(`${MAILBOX}/?to=${encodeURIComponent(email.toLowerCase())}`)).json()) as {
    text: string;
  }[];
}

/** How many mails `email` has received so far (to wait for the next one). */
export async function mailCount(email: string): Promise<number> {
  return (await mailsTo(email)).length;
}

/** The code of the first mail to `email` after the first `seen` ones, from the test SMTP server. */
export async function mailedCode(email: string, seen = 0): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = await mailsTo(email);
    const code = mails.length > seen ? mails.at(-1)?.text.match(/\b(\d{6})\b/)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no new mail for ${email}`);
}

export interface Account {
  email: string;
  password: string;
  token: string;
  user: UserInfo;
}

/** Registers through the API, with the new-user guide already seen unless asked otherwise. */
export async function createAccount(options: { guideSeen?: boolean; inviteCode?: string } = {}): Promise<Account> {
  const email = freshEmail();
  await apiPost('/api/frontend/user/sendEmailCode', { email, type: 'register' });
  const code = await mailedCode(email);
  const { token, user } = await apiPost<{ token: string; user: UserInfo }>('/api/frontend/user/emailRegister', {
    email,
    code,
    password: PASSWORD,
    ...(options.inviteCode ? { invite_code: options.inviteCode } : {}),
  });
  const finalUser =
    options.guideSeen === false ? user : await apiPost<UserInfo>('/api/frontend/user/completeGuide', {}, token);
  return { email, password: PASSWORD, token, user: finalUser };
}

/** Opens the app already logged in as `account`. */
export async function logInAs(page: Page, account: Account, path = '/Home'): Promise<void> {
  await page.addInitScript(
    ({ token, user }) => {
      // Once per tab, so that a logout in the test sticks across reloads.
      if (!sessionStorage.getItem('e2e-seeded')) {
        sessionStorage.setItem('e2e-seeded', '1');
        localStorage.setItem('token', token);
        localStorage.setItem('userInfo', JSON.stringify(user));
      }
    },
    { token: account.token, user: account.user },
  );
  await page.goto(path);
}

/** A GET of the API as `token` (signed like the client). */
export async function apiGet<T>(path: string, token: string, query: Record<string, string> = {}): Promise<T> {
  const params = new URLSearchParams({ ...query, ...signed() });
  const response = await fetch(`${BASE}${path}?${params}`, { headers: { authorization: `Bearer ${token}` } });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.msg}`);
  return envelope.data;
}

/**
 * Enrols the operator's second factor and verifies the session of `token` with a code computed as an
 * authenticator app would (decision 044): the operator calls answer it from then on.
 */
export async function verifySecondFactor(token: string): Promise<void> {
  const { secret } = await apiPost<{ secret: string }>('/api/ops/auth/totp/enrol', {}, token);
  await apiPost('/api/ops/auth/totp/verify', { code: await generate({ secret }) }, token);
}
