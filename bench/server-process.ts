import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningServer {
  url: string;
  /** The embedded database the server started in its data directory (read from the file it writes there). */
  databaseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/** A port nothing listens on now (the system picks it), so a bench never meets another process's server. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the production build (npm run build first) on a free port, with a fresh embedded database
 * or the one in `keepDataDir` (created if missing, kept after the run) so that a seeded database can
 * be reused. Resolves once /readyz answers; `startedIn` is the time from spawn to ready.
 */
export async function startServer(
  env: Record<string, string> = {},
  keepDataDir?: string,
): Promise<RunningServer & { startedIn: number }> {
  const dataDir = keepDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'taice-bench-'));
  // A PORT in `env` is used as given (a session confined to a range of ports); else the system picks one.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  // BENCH_NODE_ARGS (e.g. --cpu-prof) profiles the server under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const spawned = Date.now();
  // BENCH_SERVER_MAIN runs another build (an older one, to measure before and after).
  const main = process.env.BENCH_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js');
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, main], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exitCode: number | null = null;
  child.once('exit', (code) => (exitCode = code ?? -1));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exitCode !== null) throw new Error(`the server exited with code ${exitCode} before it was ready`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 50));
  }
  const startedIn = Date.now() - spawned;
  const connection = JSON.parse(readFileSync(path.join(dataDir, 'taice-connection.json'), 'utf8')) as { port: number };
  return {
    url,
    databaseUrl: `postgres://postgres:taice-local@127.0.0.1:${connection.port}/taice`,
    pid: child.pid!,
    startedIn,
    async stop() {
      if (exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
