import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pointsCalls } from '@taice/contract';
import { ledgerAccounts } from '../src/modules/points/points.schema';
import { serverRoot } from '../src/platform/process/paths';
import { register } from './support/accounts';
import { watchNewVideo } from './support/points';
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

describe('operator tools for the points economy', () => {
  it('ledger verify proves a sound ledger and names a tampered balance', async () => {
    const creator = await register(t);
    const user = await register(t);
    await watchNewVideo(t, user, creator.user.id);
    expect((await ops('ledger', 'verify')).stdout).toContain('the ledger is sound');

    await t.database.db.update(ledgerAccounts).set({ balance: 99_999 }).where(eq(ledgerAccounts.userId, user.user.id));
    const failed = await ops('ledger', 'verify').catch((err: { stdout: string; stderr: string; code: number }) => err);
    expect('code' in failed && failed.code).toBe(1);
    expect(failed.stdout).toMatch(new RegExp(`user ${user.user.id}, spendable\\): balance 99999, entries say 20000`));
    expect(failed.stderr).toContain('1 mismatches');
    await t.database.db.update(ledgerAccounts).set({ balance: 20_000 }).where(eq(ledgerAccounts.userId, user.user.id));
  });

  it('lists and changes task templates, and the API serves the change', async () => {
    const list = (await ops('tasks', 'list')).stdout;
    expect(list).toContain('day.1.1: day group 1 watch_video/time × 3 → 10.00 TAICE');
    const set = await ops('tasks', 'set', 'day.1.1', '--unit', 'other', '--total', '1', '--point', '12.5');
    expect(set.stdout).toContain('day.1.1: watch_video/other × 1 → 12.50 TAICE');
    // The command line's change applies from its own now: the server's clock moves there, past the cache.
    t.clock.set(new Date(Date.now() + 11_000));
    const user = await register(t);
    const detail = await t.call(pointsCalls.userTaskDetail, {}, { token: user.token });
    expect(detail.data.quest[0]).toMatchObject({ unit_key: 'other', total_num: 1, point: 12.5 });

    const unknown = await ops('tasks', 'set', 'day.9.9', '--total', '2').catch((err: { stderr: string }) => err);
    expect(unknown.stderr).toContain('no task template day.9.9');
    const bad = await ops('tasks', 'set', 'day.1.1', '--task-key', 'dance').catch((err: { stderr: string }) => err);
    expect(bad.stderr).toContain('task key must be one of');
  });

  it('lists and sets amounts', async () => {
    expect((await ops('points')).stdout).toContain('referral_reward = 500.00');
    expect((await ops('points', 'referral_reward', '650')).stdout).toContain('referral_reward = 650.00');
    const bad = await ops('points', 'referral_reward', '-1').catch((err: { stderr: string }) => err);
    expect(bad.stderr).toContain('must be a number ≥ 0');
  });
});
