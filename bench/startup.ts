// Start-up benchmark (issue 16): the time from starting the production build on existing data (a
// restart) to /readyz answering. The first start creates and migrates the database and is not
// counted; then RESTARTS restarts are timed. Prints each and the median against the 3 s target and
// exits with 1 when the median misses it. Run `npm run build` first, then `npm run bench:startup -w @taice/bench`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './server-process';

const TARGET_MS = 3_000;
const RESTARTS = 5;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'taice-startup-'));
try {
  const first = await startServer({}, dataDir);
  console.log(`first start (creates and migrates the database): ${first.startedIn} ms`);
  await first.stop();
  const times: number[] = [];
  for (let i = 0; i < RESTARTS; i++) {
    const server = await startServer({}, dataDir);
    times.push(server.startedIn);
    await server.stop();
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  console.log(`restarts to /readyz: ${times.map((t) => `${t} ms`).join(', ')}`);
  const met = median < TARGET_MS;
  console.log(`median ${median} ms, target under ${TARGET_MS} ms: ${met ? 'met' : 'MISSED'}`);
  process.exitCode = met ? 0 : 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
