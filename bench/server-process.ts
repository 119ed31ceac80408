import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the production build (npm run build first) on a fresh embedded database, or on the one
 * in `keepDataDir` (created if missing, kept after the run) so that a seeded database can be reused.
 */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  keepDataDir?: string,
): Promise<RunningServer> {
  const dataDir = keepDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'taice-bench-'));
  // BENCH_NODE_ARGS (e.g. --cpu-prof) profiles the server under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // BENCH_SERVER_MAIN runs another build (e.g. an earlier commit's) for a before/after figure.
  const main = process.env.BENCH_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js');
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, main], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
