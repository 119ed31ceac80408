import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, pointsCalls, videoCalls } from '@taice/contract';
import { serverRoot } from '../src/platform/process/paths';
import {
  call,
  embeddedClient,
  removeDataDir,
  serverEnv,
  startReadyServer,
  startServer,
  stopServer,
  waitReady,
  type ServerProcess,
} from './support/server-process';

/**
 * The server killed with SIGKILL under earning traffic, then started again by the same command on the
 * same data: it must come back by itself (its orphaned PostgreSQL shut down), keep every credit it
 * acknowledged, and pay nothing twice.
 */
const VIEWERS = 16;
const BEAT_EVERY_MS = 1_000;
const run = promisify(execFile);
const token = (i: number) => `crash-test-token-${i}`;
/** The operator CLI on the server's data directory, as `npm run ops --` runs it. */
const ops = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/ops/cli.ts'), ...args], { env });

interface Viewer {
  index: number;
  userId: number;
  sessionIds: string[];
  /** Seconds each acknowledged beat credited, by session. */
  acknowledged: Map<string, number>;
  counted: boolean;
  /** The sign-in as answered; `unanswered` when its answer was lost and the retry found it done. */
  signIn: { reward: number; bonus: number } | 'unanswered' | null;
  signInSent: boolean;
}

let dataDir: string;
let env: NodeJS.ProcessEnv;
let server: ServerProcess | undefined;
let viewers: Viewer[];
let postId: number;

/** Members with sessions, and a video to watch (the server runs without demo content). */
async function seed(): Promise<void> {
  const db = await embeddedClient(dataDir);
  try {
    const { rows } = await db.query<{ id: number }>(
      `insert into users (name, nickname, invite_code)
       select 'crash_' || g, 'Viewer ' || g, 'CR' || g from generate_series(0, $1 - 1) g returning id`,
      [VIEWERS],
    );
    const ids = rows.map((r) => r.id).sort((a, b) => a - b);
    await db.query(
      `insert into sessions (user_id, token_hash, login_type, expires_at)
       select u, h, 2, now() + interval '1 day' from unnest($1::int[], $2::text[]) as t(u, h)`,
      [ids, ids.map((_, i) => createHash('sha256').update(token(i)).digest('hex'))],
    );
    const post = await db.query<{ id: number }>(
      `insert into posts (author_id, category_id, title, cover_key, mp4_key, duration)
       values ($1, (select min(id) from categories), 'Crash test video', 'c.jpg', 'c.mp4', 3600) returning id`,
      [ids[0]],
    );
    postId = post.rows[0]!.id;
    viewers = ids.map((userId, index) => ({
      index,
      userId,
      sessionIds: [],
      acknowledged: new Map(),
      counted: false,
      signIn: null,
      signInSent: false,
    }));
  } finally {
    await db.end();
  }
}

const asViewer = (v: Viewer) => ({ token: token(v.index), ip: `127.0.${v.index >> 8}.${v.index & 255}` });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A viewer as a player behaves: opens a session, beats every second, signs in once the watch counted;
 * a request that gets no answer (the server is down) is sent again, as the client retries.
 */
async function watchAndEarn(v: Viewer, until: () => boolean): Promise<void> {
  await sleep(v.index * 250);
  while (!until()) {
    try {
      const session = v.sessionIds.at(-1);
      if (!session) {
        const open = await call(server!, videoCalls.addViewLog, { body: { id: postId } }, asViewer(v));
        if (open.code === 0 && open.data.session_id) v.sessionIds.push(open.data.session_id);
      } else if (!v.counted || v.signIn) {
        const beat = await call(
          server!,
          videoCalls.addViewLog,
          { body: { id: postId, session_id: session } },
          asViewer(v),
        );
        if (beat.code === 0) {
          v.acknowledged.set(session, (v.acknowledged.get(session) ?? 0) + beat.data.credited);
          v.counted ||= beat.data.counted === 1;
        }
      } else {
        const retry = v.signInSent;
        v.signInSent = true;
        const signIn = await call(server!, pointsCalls.signIn, {}, asViewer(v));
        if (signIn.code === 0) v.signIn = signIn.data;
        // Done already: only right when an earlier attempt got no answer (it committed before the kill).
        if (signIn.code === errorCode('sign_in_done')) v.signIn = retry ? 'unanswered' : null;
        if (!v.signIn) throw new Error(`viewer ${v.index}: sign-in answered ${JSON.stringify(signIn)}`);
        continue;
      }
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('viewer')) throw err;
      // No answer: the server is down or restarting.
    }
    await sleep(BEAT_EVERY_MS);
  }
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'taice-crash-'));
  env = serverEnv(dataDir, await getPort(), { TRUST_PROXY: 'true' });
  server = await startReadyServer(env);
  await seed();
}, 180_000);

afterAll(async () => {
  await stopServer(server);
  await removeDataDir(dataDir);
}, 60_000);

describe('a crash under earning traffic', () => {
  it('comes back by itself after SIGKILL, keeps every acknowledged credit and pays nothing twice', async () => {
    let done = false;
    const traffic = Promise.all(viewers.map((v) => watchAndEarn(v, () => done)));

    // Killed once a few viewers were paid and the others are mid-way.
    const deadline = Date.now() + 60_000;
    while (viewers.filter((v) => v.signIn).length < 3 && Date.now() < deadline) await sleep(50);
    expect(viewers.filter((v) => v.signIn).length).toBeGreaterThanOrEqual(3);
    const killed = server!;
    killed.child.kill('SIGKILL');
    await killed.exited;

    server = startServer(env);
    await waitReady(server);
    // The earlier run's PostgreSQL was found and shut down, not left to block the start.
    expect(server.output()).toContain('left running on');

    // Every viewer goes on to a counted watch and a sign-in on the restarted server.
    const allPaid = Date.now() + 90_000;
    while (viewers.some((v) => !v.signIn) && Date.now() < allPaid) await sleep(100);
    done = true;
    await traffic;
    expect(viewers.filter((v) => !v.signIn).map((v) => v.index)).toEqual([]);

    // The same events again (a client retrying after the restart) pay nothing new.
    const db = await embeddedClient(dataDir);
    try {
      const entries = async () =>
        (await db.query<{ n: number }>('select count(*)::int as n from ledger_entries')).rows[0]!.n;
      const before = await entries();
      for (const v of viewers) {
        const again = await call(server, pointsCalls.signIn, {}, asViewer(v));
        expect(again.code).toBe(errorCode('sign_in_done'));
        const beat = await call(
          server,
          videoCalls.addViewLog,
          { body: { id: postId, session_id: v.sessionIds[0] } },
          asViewer(v),
        );
        expect(beat.code).toBe(0);
      }
      expect(await entries()).toBe(before);

      const ids = viewers.map((v) => v.userId);
      const paid = await db.query<{ user_id: number; reason: string; n: number; amount: number }>(
        `select user_id, reason, count(*)::int as n, sum(amount)::int as amount from ledger_entries
         where user_id = any($1) and reason in ('new_user_reward', 'sign_in') group by user_id, reason`,
        [ids],
      );
      for (const v of viewers) {
        const of = (reason: string) => paid.rows.filter((r) => r.user_id === v.userId && r.reason === reason);
        // The counted watch paid the new-user reward once, the sign-in its acknowledged reward once.
        expect(of('new_user_reward').map((r) => r.n)).toEqual([1]);
        expect(of('sign_in').map((r) => r.n)).toEqual([1]);
        // The ledger keeps hundredths; the answer said TAICE.
        if (v.signIn !== 'unanswered')
          expect(of('sign_in')[0]!.amount).toBe(Math.round((v.signIn!.reward + v.signIn!.bonus) * 100));
      }
      // Every watched second a beat acknowledged is in its session.
      const sessions = await db.query<{ id: string; credited: number }>(
        'select id::text, credited from watch_sessions where user_id = any($1)',
        [ids],
      );
      const stored = new Map(sessions.rows.map((s) => [s.id, s.credited]));
      for (const v of viewers) {
        for (const [session, seconds] of v.acknowledged)
          expect(stored.get(session)).toBeGreaterThanOrEqual(seconds - 0.1);
      }
    } finally {
      await db.end();
    }

    expect((await ops('ledger', 'verify')).stdout).toContain('the ledger is sound');
  }, 240_000);
});

describe('backups of the embedded database', () => {
  it('are taken while the server runs, restored once it is stopped, and keep every ledger entry', async () => {
    const file = path.join(dataDir, '..', `${path.basename(dataDir)}.backup.gz`);
    const entries = async () => {
      const db = await embeddedClient(dataDir);
      try {
        return (await db.query('select * from ledger_entries order by id')).rows as unknown[];
      } finally {
        await db.end();
      }
    };
    const before = await entries();
    try {
      expect((await ops('backup', file)).stdout).toContain('backup written to');
      // The restore replaces the database a running server uses: refused, with what to do.
      await expect(ops('restore', file)).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/a TAICE server is running on .*\nWhat to do: stop it first/),
      });

      await stopServer(server);
      expect((await ops('restore', file)).stdout).toContain('restored from');
      server = await startReadyServer(env);
      expect(await entries()).toEqual(before);
      expect((await ops('ledger', 'verify')).stdout).toContain('the ledger is sound');
    } finally {
      await fs.rm(file, { force: true });
    }
  }, 120_000);
});

describe('start-up failures', () => {
  it('refuse a second server on a data directory in use, saying what to do, and leave the first one serving', async () => {
    const second = startServer({ ...env, PORT: String(await getPort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(
      /TAICE did not start: the data directory .* is in use by another TAICE process \(pid \d+\)\nWhat to do: stop that process first/,
    );
    expect((await fetch(`${server!.url}/readyz`)).status).toBe(200);
  }, 60_000);

  it('name a port in use, and leave no PostgreSQL running behind', async () => {
    const otherDir = await fs.mkdtemp(path.join(os.tmpdir(), 'taice-port-'));
    try {
      const clash = startServer(serverEnv(otherDir, Number(env.PORT)));
      expect(await clash.exited).toBe(1);
      expect(clash.output()).toMatch(/TAICE did not start: 127\.0\.0\.1:\d+ is already in use.*\nWhat to do: /);
      expect(clash.output()).not.toMatch(/^\s+at /m);
      await expect(fs.access(path.join(otherDir, 'pg', 'postmaster.pid'))).rejects.toThrow();
    } finally {
      await removeDataDir(otherDir);
    }
  }, 90_000);
});
