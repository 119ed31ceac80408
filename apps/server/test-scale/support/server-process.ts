import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import getPort, { portNumbers } from 'get-port';
import { DEFAULT_SIGN_SECRET, signParams, type CallData, type CallDef, type Envelope } from '@taice/contract';
import { serverRoot } from '../../src/platform/process/paths';
import type { CallInput } from '../../test/support/test-app';

/** One server process started from the build, as production runs it, and what it logged. */
export interface ServerProcess {
  name: string;
  url: string;
  signSecret: string;
  /** Its JSON log lines so far. */
  logs: Record<string, unknown>[];
  stop(): Promise<void>;
}

const mainJs = path.join(serverRoot, 'dist/main.js');

async function waitReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const end = Date.now() + 120_000;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not become ready:\n${output()}`);
}

export async function startServer(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await getPort({ port: portNumbers(4331, 4339) });
  const child = spawn(process.execPath, [mainJs], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let text = '';
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      text += `${line}\n`;
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // Not a log line.
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(url, child, () => text.slice(-4000));
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    name,
    url,
    signSecret: env.SIGN_SECRET ?? DEFAULT_SIGN_SECRET,
    logs,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface CallOptions {
  token?: string;
  /** The client's address, as the load balancer passes it on (TRUST_PROXY). */
  ip?: string;
  /** The request's signing fields, to send one request twice. */
  signing?: ReturnType<typeof signParams>;
}

/** Makes a call of the contract to one process over HTTP, signed as the web client signs it. */
export async function call<C extends CallDef>(
  server: ServerProcess,
  def: C,
  input: CallInput<C> = {} as CallInput<C>,
  options: CallOptions = {},
): Promise<Envelope<CallData<C>>> {
  const signing = options.signing ?? signParams(server.signSecret, 'scale-test', Date.now());
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
  });
  return (await res.json()) as Envelope<CallData<C>>;
}
