import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageCalls, opsMessageCalls } from '@taice/contract';
import { createMessages } from '../src/modules/messages/messages.module';
import { messageBroadcasts } from '../src/modules/messages/messages.schema';
import { auditLog } from '../src/modules/operators/operators.schema';
import { serverRoot } from '../src/platform/process/paths';
import { register, type Registered } from './support/accounts';
import { operator } from './support/operators';
import { createTestApp, type TestApp } from './support/test-app';

const run = promisify(execFile);

let t: TestApp;
let admin: Registered;
beforeAll(async () => {
  t = await createTestApp();
  admin = await operator(t, 'admin');
});
afterAll(() => t.close());

const ops = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/ops/cli.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: t.databaseUrl },
  });

const texts = { title_en: 'Maintenance', text_en: 'We upgrade tonight.', title_cn: '维护通知', text_cn: '今晚升级。' };

const inbox = async (user: Registered, lang?: string) =>
  (await t.call(messageCalls.messageList, {}, { token: user.token, lang })).data;

const lastAudit = async () => (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

/** Runs a broadcast's batches as the job would, until it is done. */
async function deliver(id: number) {
  const messages = createMessages({ db: t.database.db, clock: t.clock, broadcastBatchSize: 5 });
  while (!(await messages.broadcasts.runBatch(id)));
}

describe('operator notices through the API', () => {
  it('an admin sends a notice to one account; the reader sees it in their language, Chinese falling back to English', async () => {
    const reader = await register(t);
    const sent = await t.call(
      opsMessageCalls.opsMessageSend,
      { body: { ...texts, user_id: reader.user.id } },
      { token: admin.token, ip: '10.1.2.3', headers: { 'x-request-id': 'req-notice-0001' } },
    );
    expect(sent.code).toBe(0);
    expect((await inbox(reader, 'zh-CN')).list[0]).toMatchObject({
      id: sent.data.id,
      title: '维护通知',
      content: '今晚升级。',
    });
    expect((await inbox(reader, 'zh-TW')).list[0]).toMatchObject({
      title: 'Maintenance',
      content: 'We upgrade tonight.',
    });
    expect((await inbox(reader)).unread_num).toBe(1);
    expect(await lastAudit()).toMatchObject({
      actor: String(admin.user.id),
      actorUserId: admin.user.id,
      role: 'admin',
      action: 'message.send',
      targetType: 'user',
      targetId: String(reader.user.id),
      requestId: 'req-notice-0001',
      ip: '10.1.2.3',
      after: { message_id: sent.data.id, title: { en_US: 'Maintenance', 'zh-CN': '维护通知', 'zh-TW': 'Maintenance' } },
    });
  });

  it('refuses members without the admin role, support included', async () => {
    const member = await register(t);
    const support = await operator(t, 'support');
    for (const who of [member, support]) {
      const body = { ...texts, user_id: member.user.id };
      expect(await t.call(opsMessageCalls.opsMessageSend, { body }, { token: who.token, lang: 'zh-CN' })).toEqual({
        code: 403,
        msg: '您没有权限执行此操作',
        data: null,
      });
      expect((await t.call(opsMessageCalls.opsMessageBroadcast, { body: texts }, { token: who.token })).code).toBe(403);
      expect(
        (await t.call(opsMessageCalls.opsMessageBroadcastStatus, { query: { id: 1 } }, { token: who.token })).code,
      ).toBe(403);
    }
    expect((await inbox(member)).total).toBe(0);
  });

  it('refuses an unknown account, missing or too long texts, and bad ids', async () => {
    const unknown = await t.call(
      opsMessageCalls.opsMessageSend,
      { body: { ...texts, user_id: 2_000_000_000 } },
      { token: admin.token },
    );
    expect(unknown).toMatchObject({ code: 11017, msg: 'This user does not exist' });
    for (const body of [
      { ...texts, title_en: '' },
      { ...texts, title_en: '   ' },
      { text_en: 'no title', user_id: admin.user.id },
      { ...texts, text_en: 'x'.repeat(601) },
      { ...texts, title_cn: 'y'.repeat(81) },
      { ...texts, user_id: 0 },
      { ...texts, user_id: 'abc' },
    ]) {
      const res = await t.send(
        opsMessageCalls.opsMessageSend,
        { body: { user_id: admin.user.id, ...body } },
        { token: admin.token },
      );
      expect(res.code, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    expect(
      (await t.call(opsMessageCalls.opsMessageBroadcastStatus, { query: { id: 999_999 } }, { token: admin.token }))
        .code,
    ).toBe(404);
  });

  it('an admin broadcasts to every account; the job delivers it and the status follows', async () => {
    const reader = await register(t);
    const started = await t.call(opsMessageCalls.opsMessageBroadcast, { body: texts }, { token: admin.token });
    expect(started.data).toMatchObject({ sent: 0, done: false });
    expect(await lastAudit()).toMatchObject({
      action: 'message.broadcast',
      targetType: 'broadcast',
      targetId: String(started.data.id),
    });
    const { rows } = await t.database.pool.query(
      `select 1 from graphile_worker.jobs where task_identifier = 'messages.broadcast'`,
    );
    expect(rows).toHaveLength(1);
    await deliver(started.data.id);
    const status = await t.call(
      opsMessageCalls.opsMessageBroadcastStatus,
      { query: { id: started.data.id } },
      { token: admin.token },
    );
    expect(status.data).toMatchObject({ id: started.data.id, done: true });
    expect(status.data.sent).toBeGreaterThanOrEqual(3);
    expect((await inbox(reader, 'zh-CN')).list[0]).toMatchObject({ title: '维护通知', is_read: 0 });
  });
});

describe('operator notices from the command line', () => {
  it('sends to one account by e-mail, audited as the OS user', async () => {
    const reader = await register(t);
    const out = await ops(
      'messages',
      'send',
      '--user',
      reader.email,
      '--title-en',
      'Hello',
      '--text-en',
      'Line one',
      '--title-tw',
      '你好',
    );
    expect(out.stdout).toMatch(/^message #\d+ sent to /);
    expect((await inbox(reader, 'zh-TW')).list[0]).toMatchObject({ title: '你好', content: 'Line one' });
    expect(await lastAudit()).toMatchObject({ actor: `cli:${os.userInfo().username}`, action: 'message.send' });
  });

  it('queues a broadcast for every account and reports its progress', async () => {
    const out = await ops('messages', 'send', '--all', '--title-en', 'News', '--text-en', 'Something new');
    const id = Number(/broadcast #(\d+) queued/.exec(out.stdout)?.[1]);
    expect(id).toBeGreaterThan(0);
    expect((await ops('messages', 'broadcast', String(id))).stdout).toBe(
      `broadcast #${id}: 0 accounts so far, in progress\n`,
    );
    await deliver(id);
    const [b] = await t.database.db.select().from(messageBroadcasts).where(eq(messageBroadcasts.id, id));
    expect((await ops('messages', 'broadcast', String(id))).stdout).toBe(
      `broadcast #${id}: ${b!.sent} accounts so far, done\n`,
    );
  });

  it('refuses a send without a recipient, with both, to an unknown address, or without English texts', async () => {
    const text = ['--title-en', 'T', '--text-en', 'X'];
    await expect(ops('messages', 'send', ...text)).rejects.toMatchObject({
      code: 1,
      stderr: 'give either --user EMAIL or --all\n',
    });
    await expect(ops('messages', 'send', '--all', '--user', admin.email, ...text)).rejects.toMatchObject({ code: 1 });
    await expect(ops('messages', 'send', '--user', 'nobody@example.com', ...text)).rejects.toMatchObject({
      stderr: 'no account with the e-mail address nobody@example.com\n',
    });
    await expect(ops('messages', 'send', '--all', '--title-en', 'T')).rejects.toMatchObject({ code: 1 });
    await expect(ops('messages', 'send', '--all', '--title-en', ' ', '--text-en', 'X')).rejects.toMatchObject({
      stderr: expect.stringMatching(/^--title-en: /),
    });
    await expect(ops('messages', 'broadcast', '999999')).rejects.toMatchObject({ stderr: 'no broadcast #999999\n' });
  });
});
