import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  API_LANGS,
  DEFAULT_SIGN_SECRET,
  errorCode,
  errorMessage,
  pointsCalls,
  signParams,
  type ApiLang,
  type Envelope,
} from '@taice/contract';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase, type Database } from '../src/platform/db/database';
import { superviseEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/db/embedded-postgres';
import { memorySharedState } from '../src/platform/state/shared-state';
import { systemClock } from '../src/platform/time/clock';
import { prepareDatabase } from '../src/seed/prepare-database';
import { removeDataDir } from './support/server-process';

/**
 * Back-pressure (decision 032): a PostgreSQL of this test's own is stopped, restarted and slowed down
 * under load. Requests must fail fast with a 503 envelope, /readyz must say so, waiting must stay
 * bounded, and the server must serve again once the database is back.
 */
const POOL = 4;
const MAX_WAITING = 8;
const TOKEN = 'outage-test-token';

let dataDir: string;
let pgPort: number;
let embedded: EmbeddedDatabase | undefined;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'taice-outage-'));
  pgPort = await getPort();
  embedded = await superviseEmbeddedPostgres({ dataDir, port: pgPort });
  const setup = createDatabase(embedded.url, 4);
  try {
    await prepareDatabase(setup, { demo: false });
    const { rows } = await setup.pool.query<{ id: number }>(
      `insert into users (name, nickname, invite_code) values ('outage', 'Outage', 'OUTAGE1') returning id`,
    );
    await setup.pool.query(
      `insert into sessions (user_id, token_hash, login_type, expires_at) values ($1, $2, 2, now() + interval '1 day')`,
      [rows[0]!.id, createHash('sha256').update(TOKEN).digest('hex')],
    );
  } finally {
    await setup.close();
  }
  database = createDatabase(embedded.url, POOL, {
    connectTimeoutMs: 1_000,
    statementTimeoutMs: 1_500,
    maxWaiting: MAX_WAITING,
  });
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' }),
    database,
    shared: memorySharedState(),
    clock: systemClock,
    logger: pino({ level: 'silent' }),
  });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await embedded?.stop();
  await removeDataDir(dataDir);
}, 60_000);

async function wallet(lang: ApiLang = 'en_US') {
  const res = await app.inject({
    method: 'GET',
    url: pointsCalls.walletDetail.path,
    query: { currency_key: 'taice', ...signParams(DEFAULT_SIGN_SECRET, 'outage-test') },
    headers: { authorization: `Bearer ${TOKEN}`, lang },
  });
  return { status: res.statusCode, retryAfter: res.headers['retry-after'], envelope: res.json<Envelope<unknown>>() };
}

const readyz = async () => {
  const res = await app.inject({ method: 'GET', url: '/readyz' });
  return { status: res.statusCode, body: res.json<unknown>() };
};

const unavailable = (lang: ApiLang) => ({
  status: 503,
  retryAfter: '2',
  envelope: { code: errorCode('service_unavailable'), msg: errorMessage('service_unavailable', lang), data: null },
});

/** `loops` clients sending requests one after another until `stop`; every answer they got. */
function load(loops: number, stop: () => boolean) {
  const answers: { status: number; code: number }[] = [];
  const done = Promise.all(
    Array.from({ length: loops }, async () => {
      while (!stop()) {
        const { status, envelope } = await wallet();
        answers.push({ status, code: envelope.code });
      }
    }),
  );
  return { answers, done };
}

describe('when the database goes away', () => {
  it('answers 503 at once in every language under load, says so on /readyz, and recovers when it returns', async () => {
    expect((await wallet()).envelope.code).toBe(0);
    let stopped = false;
    const traffic = load(8, () => stopped);

    await embedded!.stop();
    embedded = undefined;
    for (const lang of API_LANGS) expect(await wallet(lang)).toEqual(unavailable(lang));
    expect(await readyz()).toEqual({ status: 503, body: { status: 'unavailable', database: 'down' } });
    const duringOutage = traffic.answers.length;

    embedded = await superviseEmbeddedPostgres({ dataDir, port: pgPort });
    const deadline = Date.now() + 20_000;
    while ((await wallet()).envelope.code !== 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    stopped = true;
    await traffic.done;

    expect((await wallet()).envelope.code).toBe(0);
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', database: 'up' } });
    // Under load, each answer was a success or the 503 envelope: never a 500, never a hang.
    const kinds = new Set(traffic.answers.map((a) => `${a.status}/${a.code}`));
    expect([...kinds].sort()).toEqual(['200/0', '503/503']);
    expect(duringOutage).toBeGreaterThan(0);
  }, 60_000);

  it('bounds the wait when the database is too slow, and serves again once it is not', async () => {
    // Another session holds the tables a wallet reads: every statement waits, as on an overloaded server.
    const blocker = new pg.Client({ connectionString: embedded!.url });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table ledger_accounts, users, sessions in access exclusive mode');

    let mostWaiting = 0;
    const watch = setInterval(() => (mostWaiting = Math.max(mostWaiting, database.pool.waitingCount)), 2);
    try {
      const burst = await Promise.all(Array.from({ length: 40 }, () => wallet()));
      expect(burst.map((b) => b.status)).toEqual(burst.map(() => 503));
      expect(burst.every((b) => b.envelope.code === errorCode('service_unavailable'))).toBe(true);
      expect(mostWaiting).toBeLessThanOrEqual(MAX_WAITING);
      expect(database.pool.totalCount).toBeLessThanOrEqual(POOL);
    } finally {
      clearInterval(watch);
      await blocker.query('rollback');
      await blocker.end();
    }
    expect((await wallet()).envelope.code).toBe(0);
  }, 60_000);

  it('starts the embedded PostgreSQL again when it is stopped from outside, and serves again by itself', async () => {
    expect((await wallet()).envelope.code).toBe(0);
    const postmaster = async () =>
      Number((await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    const before = await postmaster();
    process.kill(before, 'SIGINT');
    // The signal takes effect a moment later: answers go on until the server has stopped, then 503s, then successes.
    const codes: number[] = [];
    const deadline = Date.now() + 30_000;
    while (!(codes.includes(errorCode('service_unavailable')) && codes.at(-1) === 0) && Date.now() < deadline) {
      codes.push((await wallet()).envelope.code);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect([...new Set(codes)].sort()).toEqual([0, errorCode('service_unavailable')]);
    expect(codes.at(-1)).toBe(0);
    expect(await postmaster()).not.toBe(before);
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', database: 'up' } });
  }, 60_000);
});
