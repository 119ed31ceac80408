import { execFile } from 'node:child_process';
import { contentCalls, userCalls } from '@taice/contract';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsAdmin } from '../src/modules/content/settings.admin';
import { serverRoot } from '../src/platform/process/paths';
import { createTestApp, type TestApp } from './support/test-app';

const run = promisify(execFile);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ops = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/ops/cli.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: t.databaseUrl },
  });

describe('operator settings', () => {
  it('changes a setting for one language and the API serves it', async () => {
    const admin = settingsAdmin(t.database.db);
    await admin.set('site.slogan', '观看即赚取', { lang: 'zh-CN' });
    const cn = await t.call(contentCalls.keyValueDetail, { query: { key: 'site.slogan' } }, { lang: 'zh-CN' });
    const en = await t.call(contentCalls.keyValueDetail, { query: { key: 'site.slogan' } });
    expect(cn.data.value).toBe('观看即赚取');
    expect(en.data.value).toBe('Watch. Earn. Redeem.');
  });

  it('turns a single value into per-language values when one language is set', async () => {
    const admin = settingsAdmin(t.database.db);
    await admin.set('contact.wechat', 'taice_cn');
    await admin.set('contact.wechat', 'taice_tw', { lang: 'zh-TW' });
    expect((await admin.get('contact.wechat'))?.value).toEqual({
      en_US: 'taice_cn',
      'zh-CN': 'taice_cn',
      'zh-TW': 'taice_tw',
    });
  });

  it('keeps a private setting away from the API', async () => {
    await settingsAdmin(t.database.db).set('smtp.from', 'TAICE <no-reply@taice.io>', { isPublic: false });
    expect((await t.call(contentCalls.keyValueDetail, { query: { key: 'smtp.from' } })).code).toBe(10001);
  });
});

describe('the ops command line', () => {
  it('gets and sets settings through `npm run ops -- config`', async () => {
    const set = await ops('config', 'set', 'contact.email', 'help@taice.io');
    expect(set.stdout).toContain('contact.email = "help@taice.io"');
    const got = await ops('config', 'get', 'contact.email');
    expect(got.stdout.trim()).toBe('help@taice.io');
    const api = await t.call(contentCalls.keyValueDetail, { query: { key: 'contact.email' } });
    expect(api.data.value).toBe('help@taice.io');
  });

  it('fails with a clear message for an unknown setting', async () => {
    await expect(ops('config', 'get', 'no.such')).rejects.toMatchObject({
      code: 1,
      stderr: 'no setting named no.such\n',
    });
  });

  it('prints the mail outbox, newest first', async () => {
    const email = `outbox-${Date.now()}@example.com`;
    await t.call(userCalls.sendEmailCode, { body: { email, type: 'register' } }, { ip: '10.77.0.1' });
    const { stdout } = await ops('outbox', '--limit', '1');
    expect(stdout).toContain(`to ${email}`);
    expect(stdout).toMatch(/Subject: Your TAICE verification code\n\n.*\n\n\d{6}\n/);
  });

  it('migrates and seeds an up-to-date database without changing anything', async () => {
    expect((await ops('migrate')).stdout).toContain('migrations applied');
    expect((await ops('seed')).stdout).toContain('nothing to seed');
  });
});
