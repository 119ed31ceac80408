import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { userCalls } from '@taice/contract';
import { createTestApp, type TestApp } from './support/test-app';
import { freshEmail, freshIp, PASSWORD } from './support/accounts';

/** A real SMTP server on loopback that keeps what it receives. */
let smtp: SMTPServer;
const received: ParsedMail[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'TAICE <no-reply@taice.test>' } });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail through SMTP', () => {
  it('sends the code in the user language and the code registers the account', async () => {
    const email = freshEmail('smtp');
    const ip = freshIp();
    const sent = await t.call(userCalls.sendEmailCode, { body: { email, type: 'register' } }, { lang: 'zh-TW', ip });
    expect(sent.code).toBe(0);
    const mail = received.find((m) => m.to && JSON.stringify(m.to).includes(email));
    expect(mail?.subject).toBe('TAICE 驗證碼');
    expect(mail?.from?.value[0]).toMatchObject({ name: 'TAICE', address: 'no-reply@taice.test' });
    expect(mail?.html).toBeTruthy();
    const code = mail?.text?.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const res = await t.call(userCalls.emailRegister, { body: { email, code: code!, password: PASSWORD } }, { ip });
    expect(res.code).toBe(0);
    expect(res.data.user.email).toBe(email);
  });

  it('says so when the mail server refuses, without a stack', async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    const res = await t.call(
      userCalls.sendEmailCode,
      { body: { email: freshEmail(), type: 'register' } },
      { ip: freshIp() },
    );
    expect(res).toEqual({ code: 11015, msg: 'The email could not be sent, please try again later', data: null });
  });
});
