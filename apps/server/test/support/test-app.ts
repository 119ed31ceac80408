import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  DEFAULT_SIGN_SECRET,
  newNonce,
  signParams,
  SUCCESS_CODE,
  type CallBody,
  type CallData,
  type CallDef,
  type CallQuery,
  type Envelope,
} from '@taice/contract';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { ManualClock } from '../../src/platform/time/clock';
import { createDatabase, type Database } from '../../src/platform/db/database';
import { createSharedState, type SharedState } from '../../src/platform/state/shared-state';
import type { VideoEvents } from '../../src/modules/videos/video-events';
import { contractPaths } from './contract-calls';

export interface CallOptions {
  token?: string;
  lang?: string;
  /** The client's IP address (default 127.0.0.1). */
  ip?: string;
  headers?: Record<string, string>;
  /** Leave the request unsigned, or sign it with other values. */
  sign?: false | Partial<Record<'timestamp' | 'nonce' | 'sign' | 'device_id', string>>;
}

/** The input of a call, typed by its query and body schemas (as the web client's `call` takes it). */
export type CallInput<C> = (CallQuery<C> extends undefined ? { query?: never } : { query?: CallQuery<C> }) &
  (CallBody<C> extends undefined ? { body?: never } : { body?: CallBody<C> });

/** Any input at all, for requests that are malformed on purpose. */
export interface RawInput {
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  shared: SharedState;
  config: Config;
  /** Connection string of this test's own database. */
  databaseUrl: string;
  /**
   * Makes a call of the contract: method and path from its definition, signed,
   * input typed by its schemas. The `data` of a success is checked against
   * the call's data schema, so an answer that drifts from the contract fails.
   */
  call<C extends CallDef>(def: C, input?: CallInput<C>, options?: CallOptions): Promise<Envelope<CallData<C>>>;
  /** `call` with input the schemas would refuse, for requests malformed on purpose. */
  send<C extends CallDef>(def: C, input?: RawInput, options?: CallOptions): Promise<Envelope<CallData<C>>>;
  /** The raw response to a call, for status codes and headers. */
  respond(def: CallDef, input?: RawInput, options?: CallOptions): Promise<LightMyRequestResponse>;
  /** A request to a path outside the contract (unknown paths, routes a test adds). */
  get<T = unknown>(path: string, query?: Record<string, unknown>, options?: CallOptions): Promise<Envelope<T>>;
  post<T = unknown>(path: string, body?: Record<string, unknown>, options?: CallOptions): Promise<Envelope<T>>;
  /** The raw response, for status codes and headers. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

function signFor(clock: ManualClock, options: CallOptions): Record<string, string> {
  if (options.sign === false) return {};
  const given = options.sign ?? {};
  const signed = signParams(
    DEFAULT_SIGN_SECRET,
    given.device_id ?? 'test-device',
    clock.now().getTime(),
    given.nonce ?? newNonce(),
  );
  return { ...signed, ...given };
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

  /** Signing goes in the query of a GET and in the body of anything else, as the client sends it. */
  function request(method: 'GET' | 'POST', path: string, input: RawInput, options: CallOptions) {
    const signing = signFor(clock, options);
    const query = method === 'GET' ? { ...input.query, ...signing } : input.query;
    return app.inject({
      method,
      url: path,
      query: query && Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      ...(method === 'GET' ? {} : { payload: { ...input.body, ...signing } }),
      headers: headersFor(options),
      remoteAddress: options.ip,
    });
  }

  async function callOf<C extends CallDef>(def: C, input: RawInput, options: CallOptions) {
    const envelope = (await request(def.method, def.path, input, options)).json<Envelope<CallData<C>>>();
    if (envelope.code === SUCCESS_CODE) {
      const checked = def.data.safeParse(envelope.data);
      if (!checked.success) throw new Error(`${def.path} answered outside its contract: ${checked.error.message}`);
    }
    return envelope;
  }

  /** Contract paths go through `call`, so their answers are checked. */
  function outside(path: string): string {
    if (contractPaths.has(path.split('?')[0]!)) throw new Error(`${path} is a call of the contract: use t.call`);
    return path;
  }

  return {
    app,
    database,
    clock,
    shared,
    config,
    databaseUrl: url.toString(),
    call: (def, input = {}, options = {}) => callOf(def, input as RawInput, options),
    send: (def, input = {}, options = {}) => callOf(def, input, options),
    respond: (def, input = {}, options = {}) => request(def.method, def.path, input, options),
    get: async (path, query = {}, options = {}) => (await request('GET', outside(path), { query }, options)).json(),
    post: async (path, body = {}, options = {}) => (await request('POST', outside(path), { body }, options)).json(),
    inject: (options) => app.inject(options),
    async close() {
      await app.close();
      await shared.close();
      await database.close();
    },
  };
}
