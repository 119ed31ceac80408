import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import getPort, { portNumbers } from 'get-port';
import pg from 'pg';
import { contentCalls, errorCode, signParams, userCalls, videoCalls, UNAUTHORIZED_CODE } from '@taice/contract';
import { createDatabase, type Database } from '../src/platform/db/database';
import { mailOutbox } from '../src/platform/mail/mail.schema';
import { createLedger } from '../src/modules/points/ledger';
import { ledgerEntries, userActivity, userDailyStats } from '../src/modules/points/points.schema';
import { categories, posts, watchSessions } from '../src/modules/videos/videos.schema';
import { S3rverServer, type S3rver } from '../test/support/s3rver';
import { appEnvironment, readCompose } from './support/compose';
import { call, startReadyServer, stopServer, type ServerProcess } from '../test/support/server-process';

const { DATABASE_URL, REDIS_URL } = process.env;
const configured = Boolean(DATABASE_URL && REDIS_URL);
if (!configured) {
  console.warn(
    'The scale-out suite is skipped: it needs DATABASE_URL (a PostgreSQL it may create a database on) and REDIS_URL.',
  );
}

const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
const dbName = `taice_scale_${runId}`;
const redisPrefix = `taice-scale-${runId}:`;

let a: ServerProcess;
let b: ServerProcess;
let database: Database;
let admin: pg.Client;
let s3: S3rver;
let tmpDir: string;

/** One process of the deployment, from the build as production runs it, on a port of its own. */
async function startProcess(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await getPort({ port: portNumbers(4331, 4339) });
  return startReadyServer(
    { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    { name, from: 'build' },
  );
}

async function start() {
  admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(DATABASE_URL!);
  dbUrl.pathname = `/${dbName}`;

  tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'taice-scale-'));
  const compose = readCompose();
  const bucket = compose.services.app!.environment!.S3_BUCKET!;
  s3 = new S3rverServer({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(tmpDir, 'buckets'),
    configureBuckets: [{ name: bucket }],
  });
  const { port: s3Port } = await s3.run();

  const env = appEnvironment(
    compose,
    // deploy/.env; s3rver's keys are fixed.
    {
      POSTGRES_PASSWORD: 'unused',
      APP_SECRET: randomBytes(24).toString('hex'),
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    { postgres: dbUrl.toString(), redis: REDIS_URL!, minio: `http://127.0.0.1:${s3Port}` },
  );
  // Two processes of one deployment, on a Redis other runs share.
  const processEnv = { ...env, REDIS_PREFIX: redisPrefix, DATA_DIR: path.join(tmpDir, 'data') };
  [a, b] = await Promise.all([startProcess('A', processEnv), startProcess('B', processEnv)]);
  database = createDatabase(dbUrl.toString(), 4);
}

async function stop() {
  await Promise.all([stopServer(a), stopServer(b)]);
  await database?.close();
  if (admin) {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  if (REDIS_URL) {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
  await s3?.close();
  if (tmpDir) await fs.rm(tmpDir, { recursive: true, force: true });
}

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;
const freshEmail = () => `scale-${randomBytes(4).toString('hex')}@example.com`;

async function lastCode(email: string): Promise<string> {
  const [mail] = await database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail!.text.match(/\b(\d{6})\b/)![1]!;
}

/** Signs up through `codeFrom` and `registerOn`: the code of one process is good on the other. */
async function register(codeFrom: ServerProcess, registerOn: ServerProcess) {
  const email = freshEmail();
  const sent = await call(codeFrom, userCalls.sendEmailCode, { body: { email, type: 'register' } }, { ip: freshIp() });
  expect(sent.code).toBe(0);
  const res = await call(
    registerOn,
    userCalls.emailRegister,
    { body: { email, code: await lastCode(email), password: 'correct horse 1' } },
    { ip: freshIp() },
  );
  expect(res.code).toBe(0);
  return { token: res.data.token, id: res.data.user.id };
}

async function until(done: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!configured)('two server processes on one PostgreSQL and Redis behave as one', () => {
  beforeAll(start);
  afterAll(stop);

  it('a signed request received by one process is refused as a replay by the other', async () => {
    const signing = signParams(a.signSecret, 'scale-test', Date.now());
    expect((await call(a, contentCalls.banners, {}, { signing })).code).toBe(0);
    const replay = await call(b, contentCalls.banners, {}, { signing });
    expect(replay.code).toBe(errorCode('sign_replayed'));
  });

  it('rate limits count across processes: a code just sent through one is refused through the other', async () => {
    const email = freshEmail();
    const body = { email, type: 'register' as const };
    expect((await call(a, userCalls.sendEmailCode, { body }, { ip: freshIp() })).code).toBe(0);
    const again = await call(b, userCalls.sendEmailCode, { body }, { ip: freshIp() });
    expect(again.code).toBe(errorCode('code_cooldown'));
  });

  it('a logout through one process ends the session on the other at once', async () => {
    for (const [out, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const user = await register(out, other);
      // Both processes have resolved (and cached) the session.
      expect((await call(other, userCalls.userInfo, {}, { token: user.token })).code).toBe(0);
      expect((await call(out, userCalls.userInfo, {}, { token: user.token })).code).toBe(0);
      expect((await call(out, userCalls.logout, {}, { token: user.token })).code).toBe(0);
      expect((await call(other, userCalls.userInfo, {}, { token: user.token })).code).toBe(UNAUTHORIZED_CODE);
    }
  });

  it('one watch session’s heartbeats alternating between the processes count once and pay once', async () => {
    const creator = await register(a, b);
    const viewer = await register(b, a);
    const [category] = await database.db.select({ id: categories.id }).from(categories).limit(1);
    const [post] = await database.db
      .insert(posts)
      .values({
        authorId: creator.id,
        categoryId: category!.id,
        title: 'Two processes',
        description: '',
        status: 1,
        coverKey: 'scale/1.jpg',
        mp4Key: 'scale/1.mp4',
        hlsKey: 'scale/1/index.m3u8',
        duration: 8,
        width: 640,
        height: 360,
        publishedAt: new Date(),
      })
      .returning({ id: posts.id });
    const beat = (server: ServerProcess, sessionId?: string) =>
      call(
        server,
        videoCalls.addViewLog,
        { body: { id: post!.id, ...(sessionId ? { session_id: sessionId } : {}) } },
        { token: viewer.token, ip: freshIp() },
      );

    const openedAt = Date.now();
    const opened = await beat(a);
    expect(opened.code).toBe(0);
    const session = opened.data.session_id;
    const answers = [];
    for (let i = 0; i < 6; i += 1) {
      await sleep(700);
      answers.push(await beat(i % 2 === 0 ? b : a, session));
    }
    // The same moment's heartbeat reaching both processes credits that time once.
    await sleep(700);
    answers.push(...(await Promise.all([beat(a, session), beat(b, session)])));
    const elapsed = (Date.now() - openedAt) / 1000;

    expect(answers.map((r) => r.code)).toEqual(answers.map(() => 0));
    const watched = Math.max(...answers.map((r) => r.data.watched));
    expect(watched).toBeGreaterThan(4);
    expect(watched).toBeLessThanOrEqual(elapsed + 0.1);
    const [row] = await database.db.select().from(watchSessions).where(eq(watchSessions.id, session));
    expect(row!.countedAt).not.toBeNull();
    expect(row!.credited).toBeCloseTo(watched, 1);
    const [activity] = await database.db.select().from(userActivity).where(eq(userActivity.userId, viewer.id));
    expect(activity!.watchSeconds).toBeCloseTo(watched, 1);
    // A new member's first counted watch pays the new-member reward: once.
    const rewards = await database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, viewer.id), eq(ledgerEntries.reason, 'new_user_reward')));
    expect(rewards).toHaveLength(1);
  });

  it('a scheduled job (daily issuance) runs once for each scheduled time across both processes', async () => {
    for (const server of [a, b]) {
      const started = server.logs.find((l) => l.msg === 'jobs started') as { tasks?: string[] } | undefined;
      expect(started?.tasks, `process ${server.name} runs the jobs`).toContain('points.issue_daily');
    }
    const user = await register(a, b);
    await database.db.insert(userDailyStats).values({ userId: user.id, day: '2020-03-01', estimated: 700 });
    const issued = () =>
      database.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, user.id), eq(ledgerEntries.reason, 'daily_task_issue')));
    // Its schedule is every minute: both processes reach the same minute.
    await until(async () => (await issued()).length > 0, 75_000);
    await until(async () => {
      const { rows } = await database.pool.query(
        `select 1 from graphile_worker.jobs where task_identifier = 'points.issue_daily'`,
      );
      return rows.length === 0;
    }, 10_000);

    expect((await issued()).map((e) => [e.day, e.amount])).toEqual([['2020-03-01', 700]]);
    const runs = [a, b].flatMap((server) =>
      server.logs
        .filter((l) => l.msg === 'job done' && (l.job as { task: string }).task === 'points.issue_daily')
        .map((l) => ({ process: server.name, scheduledFor: (l.job as { cron?: string }).cron })),
    );
    expect(runs.length).toBeGreaterThan(0);
    const times = runs.map((r) => r.scheduledFor);
    expect(times.every(Boolean)).toBe(true);
    expect(new Set(times).size, JSON.stringify(runs)).toBe(times.length);
  });

  it('the ledger recomputes to every balance after all of it', async () => {
    expect((await createLedger(database.db).verify()).mismatches).toEqual([]);
    const { rows } = await database.pool.query<{ n: number }>('select count(*)::int as n from ledger_entries');
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});
