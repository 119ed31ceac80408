import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { computeSign, DEFAULT_SIGN_SECRET, type Envelope } from '@taice/contract';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { ManualClock } from '../../src/platform/time/clock';
import { createDatabase, type Database } from '../../src/platform/db/database';
import { createSharedState, type SharedState } from '../../src/platform/state/shared-state';
import type { VideoEvents } from '../../src/modules/videos/video-events';

export interface CallOptions {
  token?: string;
  lang?: string;
  /** The client's IP address (default 127.0.0.1). */
  ip?: string;
  headers?: Record<string, string>;
  /** Leave the request unsigned, or sign it with other values. */
  sign?: false | Partial<Record<'timestamp' | 'nonce' | 'sign' | 'device_id', string>>;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  shared: SharedState;
  config: Config;
  /** Connection string of this test's own database. */
  databaseUrl: string;
  get<T = unknown>(path: string, query?: Record<string, unknown>, options?: CallOptions): Promise<Envelope<T>>;
  post<T = unknown>(path: string, body?: Record<string, unknown>, options?: CallOptions): Promise<Envelope<T>>;
  /** The raw response, for status codes and headers. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export function newNonce(): string {
  return randomBytes(12).toString('hex');
}

function signFor(clock: ManualClock, options: CallOptions): Record<string, string> {
  if (options.sign === false) return {};
  const timestamp = options.sign?.timestamp ?? String(Math.floor(clock.now().getTime() / 1000));
  const nonce = options.sign?.nonce ?? newNonce();
  return {
    timestamp,
    nonce,
    device_id: options.sign?.device_id ?? 'test-device',
    sign: options.sign?.sign ?? computeSign(timestamp, nonce, DEFAULT_SIGN_SECRET),
  };
}

function headersFor(options: CallOptions): Record<string, string> {
  return {
    ...(options.lang ? { lang: options.lang } : {}),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...options.headers,
  };
}

/** A server on a database of its own, cloned from the migrated and seeded template. */
export interface TestAppOptions {
  env?: Record<string, string>;
  /** Adds routes or hooks before the app is ready (for platform tests). */
  extend?: (app: FastifyInstance, deps: { shared: SharedState }) => void | Promise<void>;
  /** Log lines written by the app, as parsed JSON. */
  logLines?: Record<string, unknown>[];
  /** An event bus the test listens on. */
  videoEvents?: VideoEvents;
  /** Share another test app's database (and Redis prefix), as a second server process would. */
  databaseUrl?: string;
}

/** A new database cloned from the migrated and seeded template; its name. */
async function cloneTemplate(): Promise<string> {
  const dbName = `${inject('dbPrefix')}${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('adminUrl') });
  await admin.connect();
  await admin.query(`create database ${dbName} template ${inject('templateDb')}`);
  await admin.end();
  return dbName;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const env = options.env ?? {};
  const dbName = options.databaseUrl ? new URL(options.databaseUrl).pathname.slice(1) : await cloneTemplate();
  const url = new URL(inject('adminUrl'));
  url.pathname = `/${dbName}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    REDIS_PREFIX: `test:${dbName}:`,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
  const database = createDatabase(url.toString(), 10);
  const shared = createSharedState(config);
  const clock = new ManualClock();
  const logLines = options.logLines;
  const logger = logLines
    ? pino(
        { level: 'info' },
        { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) },
      )
    : pino({ level: 'silent' });
  const app = await buildApp({ config, database, shared, clock, logger, videoEvents: options.videoEvents });
  await options.extend?.(app, { shared });
  await app.ready();

  async function call<T>(method: 'GET' | 'POST', path: string, input: Record<string, unknown>, options: CallOptions) {
    const signing = signFor(clock, options);
    const response =
      method === 'GET'
        ? await app.inject({
            method,
            url: path,
            query: Object.fromEntries(Object.entries({ ...input, ...signing }).map(([k, v]) => [k, String(v)])),
            headers: headersFor(options),
            remoteAddress: options.ip,
          })
        : await app.inject({
            method,
            url: path,
            payload: { ...input, ...signing },
            headers: headersFor(options),
            remoteAddress: options.ip,
          });
    return response.json<Envelope<T>>();
  }

  return {
    app,
    database,
    clock,
    shared,
    config,
    databaseUrl: url.toString(),
    get: (path, query = {}, options = {}) => call('GET', path, query, options),
    post: (path, body = {}, options = {}) => call('POST', path, body, options),
    inject: (options) => app.inject(options),
    async close() {
      await app.close();
      await shared.close();
      await database.close();
    },
  };
}
