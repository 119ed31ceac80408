import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_SIGN_SECRET, signParams, type CallData, type CallDef, type Envelope } from '@taice/contract';
import { clearLeftoverPostgres } from '../../src/platform/db/leftover-postgres';
import { serverRoot } from '../../src/platform/process/paths';
import type { CallInput } from './test-app';

/** A server process started as an operator starts it, and what it printed. */
export interface ServerProcess {
  name: string;
  url: string;
  child: ChildProcess;
  signSecret: string;
  /** What it printed so far (stdout and stderr). */
  output(): string;
  /** Its JSON log lines so far. */
  logs: Record<string, unknown>[];
  exited: Promise<number | null>;
}

export interface StartOptions {
  /** How the tests name the process (`A`, `B`). */
  name?: string;
  /** `sources`: `src/main.ts` through tsx, as `npm run dev` runs it; `build`: `dist/main.js`, as production runs it. */
  from?: 'sources' | 'build';
}

/** The environment of a server of its own: the embedded PostgreSQL in `dataDir`, nothing shared with other tests. */
export function serverEnv(dataDir: string, port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent',
    ...extra,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return env;
}

/** Spawns the server on `env` (HOST and PORT included); `waitReady` waits for it to serve. */
export function startServer(
  env: NodeJS.ProcessEnv,
  { name = 'server', from = 'sources' }: StartOptions = {},
): ServerProcess {
  const args =
    from === 'build'
      ? [path.join(serverRoot, 'dist/main.js')]
      : ['--import', 'tsx', path.join(serverRoot, 'src/main.ts')];
  const child = spawn(process.execPath, args, { cwd: serverRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const logs: Record<string, unknown>[] = [];
  let printed = '';
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // Not a log line.
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    name,
    url: `http://${env.HOST ?? '127.0.0.1'}:${env.PORT}`,
    child,
    signSecret: env.SIGN_SECRET ?? DEFAULT_SIGN_SECRET,
    output: () => printed,
    logs,
    exited,
  };
}

/** Resolves once `/readyz` answers 200; fails when the process exits first or the time runs out. */
export async function waitReady(server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  let gone = false;
  void server.exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`the server exited before it was ready:\n${server.output()}`);
    const ready = await fetch(`${server.url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`the server was not ready in time:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `startServer` and `waitReady`; a process that does not get ready is killed. */
export async function startReadyServer(env: NodeJS.ProcessEnv, options: StartOptions = {}): Promise<ServerProcess> {
  const server = startServer(env, options);
  try {
    await waitReady(server);
  } catch (err) {
    server.child.kill('SIGKILL');
    throw err;
  }
  return server;
}

/** SIGTERM, and the wait for the graceful stop (it stops its embedded PostgreSQL). */
export async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

/** After a failed test: no PostgreSQL left running on `dataDir`, and the folder gone. */
export async function removeDataDir(dataDir: string): Promise<void> {
  await clearLeftoverPostgres(path.join(dataDir, 'pg'), null, () => undefined).catch(() => undefined);
  await fs.rm(dataDir, { recursive: true, force: true });
}

/** A client of the embedded database a server runs on `dataDir` (its port from the connection file). */
export async function embeddedClient(dataDir: string): Promise<pg.Client> {
  const { port } = JSON.parse(await fs.readFile(path.join(dataDir, 'taice-connection.json'), 'utf8')) as {
    port: number;
  };
  const client = new pg.Client({ connectionString: `postgres://postgres:taice-local@127.0.0.1:${port}/taice` });
  await client.connect();
  return client;
}

export interface CallOptions {
  token?: string;
  /** The client's address, as the load balancer passes it on (TRUST_PROXY). */
  ip?: string;
  /** The request's signing fields, to send one request twice. */
  signing?: ReturnType<typeof signParams>;
}

/**
 * A call of the contract to a process over HTTP, signed as the web client signs it; rejects when no
 * answer comes in 10 s (connection refused or reset, the process down).
 */
export async function call<C extends CallDef>(
  server: ServerProcess,
  def: C,
  input: CallInput<C> = {} as CallInput<C>,
  options: CallOptions = {},
): Promise<Envelope<CallData<C>>> {
  const signing = options.signing ?? signParams(server.signSecret, 'process-test', Date.now());
  const { query, body } = input as { query?: Record<string, unknown>; body?: Record<string, unknown> };
  const url = new URL(def.path, server.url);
  const params = def.method === 'GET' ? { ...query, ...signing } : (query ?? {});
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
  const res = await fetch(url, {
    method: def.method,
    headers: {
      ...(def.method === 'GET' ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      'x-forwarded-for': options.ip ?? '203.0.113.1',
    },
    ...(def.method === 'GET' ? {} : { body: JSON.stringify({ ...body, ...signing }) }),
    signal: AbortSignal.timeout(10_000),
  });
  return (await res.json()) as Envelope<CallData<C>>;
}
