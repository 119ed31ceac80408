// Durable jobs benchmark (decision 033): how soon a job queued in a transaction is done by a running server,
// and how fast a burst drains, on graphile-worker. Needs a PostgreSQL it may create a database on:
// `npm run build`, then `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:jobs -w @taice/bench`.
import pg from 'pg';
import { startServer } from './server-process';

const ROUNDS = 200;
const BURST = 2_000;
/** A task the server has whose work is one small delete. */
const TASK = 'identities.prune_challenges';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL this benchmark may create a database on.');
  process.exit(1);
}

const dbName = `taice_bench_jobs_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

const server = await startServer({ DATABASE_URL: url.toString(), SEED_DEMO: 'false', JOBS_CONCURRENCY: '2' });
const db = new pg.Client({ connectionString: url.toString() });
await db.connect();

async function waitGone(ids: string[]): Promise<void> {
  for (;;) {
    const { rows } = await db.query(
      'select 1 from graphile_worker._private_jobs where id = any($1::bigint[]) limit 1',
      [ids],
    );
    if (rows.length === 0) return;
  }
}

try {
  const latencies: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    await db.query('begin');
    const { rows } = await db.query<{ id: string }>('select id from graphile_worker.add_job($1)', [TASK]);
    await db.query('commit');
    const committed = performance.now();
    await waitGone(rows.map((r) => r.id));
    latencies.push(performance.now() - committed);
  }
  latencies.sort((x, y) => x - y);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);

  await db.query('begin');
  const { rows } = await db.query<{ id: string }>(
    'select (graphile_worker.add_job($1)).id from generate_series(1, $2)',
    [TASK, BURST],
  );
  await db.query('commit');
  const burstStart = performance.now();
  await waitGone(rows.map((r) => r.id));
  const burstSeconds = (performance.now() - burstStart) / 1000;

  console.log(`queued in a transaction -> done, ${ROUNDS} jobs one at a time (ms, including the poll's round trip):`);
  console.log(`  p50 ${at(0.5)}  p90 ${at(0.9)}  p99 ${at(0.99)}  max ${at(1)}`);
  console.log(`${BURST} jobs queued in one transaction drained in ${burstSeconds.toFixed(2)} s`);
  console.log(`  (${Math.round(BURST / burstSeconds)} jobs/s, concurrency 2)`);
} finally {
  await db.end();
  await server.stop();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
