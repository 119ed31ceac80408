import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsCalls } from '@taice/contract';
import { createLedger } from '../src/modules/points/ledger';
import { serverRoot } from '../src/platform/process/paths';
import { register, type Registered } from './support/accounts';
import { walletOf, watchNewVideo } from './support/points';
import { createTestApp, type TestApp } from './support/test-app';

const run = promisify(execFile);
const ops = (databaseUrl: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/ops/cli.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });

let t: TestApp;
let restored: TestApp | undefined;
let dir: string;
let viewers: Registered[];
let emptyUrl: string;

/** An empty database beside the test's own, as an operator creates one to restore into. */
async function createEmptyDatabase(): Promise<string> {
  const name = `${new URL(t.databaseUrl).pathname.slice(1)}_restored`;
  const admin = new pg.Client({ connectionString: t.databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(t.databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const ledgerRows = async (db: TestApp) =>
  (await db.database.pool.query('select * from ledger_entries order by id')).rows as Record<string, unknown>[];

beforeAll(async () => {
  t = await createTestApp();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'taice-backup-'));
  // Members who earned: the new-user reward of a counted watch, then a sign-in.
  const creator = await register(t);
  viewers = [];
  for (let i = 0; i < 3; i++) {
    const viewer = await register(t);
    await watchNewVideo(t, viewer, creator.user.id);
    expect((await t.call(pointsCalls.signIn, {}, { token: viewer.token })).code).toBe(0);
    viewers.push(viewer);
  }
  emptyUrl = await createEmptyDatabase();
}, 60_000);

afterAll(async () => {
  await restored?.close();
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('round-trips every ledger entry and balance through `ops backup` and `ops restore`', async () => {
    const file = path.join(dir, 'taice.backup.gz');
    const backup = await ops(t.databaseUrl, 'backup', file);
    expect(backup.stdout).toMatch(/backup written to .*taice\.backup\.gz: \d+ tables, \d+ rows/);
    // It holds passwords' hashes and sessions: for the operator's eyes only.
    expect((await fs.stat(file)).mode & 0o077).toBe(0);

    const restore = await ops(emptyUrl, 'restore', file);
    expect(restore.stdout).toContain('restored from');
    restored = await createTestApp({ databaseUrl: emptyUrl });

    expect(await ledgerRows(restored)).toEqual(await ledgerRows(t));
    expect((await ledgerRows(restored)).length).toBeGreaterThanOrEqual(6);
    for (const v of viewers) expect(await walletOf(restored, v)).toEqual(await walletOf(t, v));
    expect((await createLedger(restored.database.db).verify()).mismatches).toEqual([]);
    expect((await ops(emptyUrl, 'ledger', 'verify')).stdout).toContain('the ledger is sound');

    // New rows go on after the restored ones (sequences restored): the next earning pays.
    const viewer = await register(restored);
    await watchNewVideo(restored, viewer, viewers[0]!.user.id);
    expect((await restored.call(pointsCalls.signIn, {}, { token: viewer.token })).code).toBe(0);
    expect((await createLedger(restored.database.db).verify()).mismatches).toEqual([]);
  }, 60_000);

  it('refuses to restore over a database that has data, and says what to do', async () => {
    const file = path.join(dir, 'refused.backup.gz');
    await ops(t.databaseUrl, 'backup', file);
    await expect(ops(t.databaseUrl, 'restore', file)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/only into an empty database.*\nWhat to do: create an empty database/),
    });
  }, 30_000);

  it('refuses a file that is not a backup', async () => {
    const file = path.join(dir, 'not-a-backup.gz');
    await fs.writeFile(file, 'hello');
    await expect(ops(emptyUrl, 'restore', file)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('is not a TAICE backup'),
    });
  }, 30_000);
});
