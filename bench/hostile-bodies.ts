// What hostile request bodies cost the server (issue 15, decision 031): one
// 1 MiB body of nested JSON arrays, then eight at once while /healthz is asked
// every 50 ms. Run `npm run build -w @taice/server` first, then
// `npm run bench:hostile -w @taice/bench` (BENCH_SERVER_MAIN=<main.js> runs another build).
import { startServer } from './server-process';

const NESTED_MIB = '['.repeat(512 * 1024) + ']'.repeat(512 * 1024);
const PARALLEL = 8;

const server = await startServer({ SEED_DEMO: 'false' });

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const sendNested = () =>
  fetch(`${server.url}/api/frontend/logout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: NESTED_MIB,
  }).then((res) => res.text());

try {
  const answer = await sendNested();
  const single: number[] = [];
  for (let i = 0; i < 5; i++) single.push(await timed(sendNested));
  single.sort((a, b) => a - b);

  const probes: number[] = [];
  let running = true;
  const probing = (async () => {
    while (running) {
      probes.push(await timed(() => fetch(`${server.url}/healthz`).then((res) => res.text())));
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const burst = await timed(() => Promise.all(Array.from({ length: PARALLEL }, sendNested)));
  running = false;
  await probing;

  console.log(`answer to a 1 MiB nested body: ${answer.slice(0, 120)}`);
  console.log(`one 1 MiB nested body, median of 5: ${single[2]!.toFixed(0)} ms`);
  console.log(`${PARALLEL} at once, all answered after: ${burst.toFixed(0)} ms`);
  console.log(`/healthz meanwhile, slowest of ${probes.length}: ${Math.max(...probes).toFixed(0)} ms`);
} finally {
  await server.stop();
}
