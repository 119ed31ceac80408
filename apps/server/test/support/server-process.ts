import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_SIGN_SECRET, signParams, type CallDef, type Envelope } from '@taice/contract';
import { clearLeftoverPostgres } from '../../src/platform/db/leftover-postgres';
import { serverRoot } from '../../src/platform/process/paths';

/** The server started as an operator starts it (`npm run dev` runs the same sources), on its own data directory. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What it printed so far (stdout and stderr). */
  output(): string;
  exited: Promise<number | null>;
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

export function startServer(env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/main.ts')], {
    cwd: serverRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { url: `http://127.0.0.1:${env.PORT}`, child, output: () => printed, exited };
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

/** A signed POST of a call over HTTP; rejects when no answer comes (connection refused or reset). */
export async function postCall<T>(
  server: { url: string },
  def: CallDef,
  body: Record<string, unknown>,
  headers: Record<string, string>,
): Promise<{ status: number; envelope: Envelope<T> }> {
  const response = await fetch(`${server.url}${def.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ ...body, ...signParams(DEFAULT_SIGN_SECRET, 'crash-test') }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, envelope: (await response.json()) as Envelope<T> };
}
