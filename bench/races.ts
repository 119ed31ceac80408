// Race ranking benchmark (issue 21): pointsRanking with 1,000,000 participants in the running race, read by
// visitors (the top 100: pages 1-2 of 50) and by 2,000 logged-in members (their own rank, wherever they are),
// each run paired with the trivial route right before it. Random pages past the top (each one asked for by
// nobody else within the second, so never a shared page) are measured too, for reference. Target: p99 under 20 ms at 50 connections (and at
// least a quarter of the trivial rate), with Redis (decision 042). The same reads on PostgreSQL alone, the
// embedded default, are printed after it for reference. Exits with 1 when a target is missed.
// Run `npm run build` first, then `npm run bench:races -w @taice/bench` (REDIS_URL, default the local Redis).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { MAX_PAGE } from '@taice/contract';
import pg from 'pg';
import { measure, printPaired, signedPath, type BenchRequest, type Paired } from './load';
import { assertOwnServer, logInMembers, type Members } from './members';
import { startServer, type RunningServer } from './server-process';

const PARTICIPANTS = 1_000_000;
const MEMBERS = 2_000;
const TARGET = { p99Ms: 20 };
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const random = (n: number) => Math.floor(Math.random() * n);

/**
 * A million members, each with TAICE earned this race: totals in whole TAICE from a long tail (many members at
 * the same few small totals, as a real race has), reached at random moments of the week so far.
 */
async function seed(databaseUrl: string, raceId: number): Promise<Members> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const seeded = await db.query('select 1 from race_entries where race_id = $1 limit 1', [raceId]);
    if (seeded.rowCount === 0) await seedParticipants(db, raceId);
    const members = await db.query<{ id: number }>(
      `select id from users where name like 'racer\\_%' order by random() limit $1`,
      [MEMBERS],
    );
    return await logInMembers(
      db,
      members.rows.map((r) => r.id),
    );
  } finally {
    await db.end();
  }
}

async function seedParticipants(db: pg.Client, raceId: number): Promise<void> {
  await db.query(
    `insert into users (name, nickname, invite_code)
     select 'racer_' || g, 'Racer ' || g, 'RB' || g from generate_series(1, $1) g`,
    [PARTICIPANTS],
  );
  const { rows } = await db.query<{ starts_at: Date }>('select starts_at from races where id = $1', [raceId]);
  const elapsed = Math.max(60, Math.floor((Date.now() - rows[0]!.starts_at.getTime()) / 1000));
  // rank_score as ranking-order.ts makes it: points * 2^20 + (2^20 - 1 - seconds into the race).
  await db.query(
    `insert into race_entries (race_id, user_id, points, rank_score, invites)
     select $1, id, p, p * 1048576 + (1048575 - s), 0
     from (select id, (100 * floor(exp(random() * 9)))::bigint as p, floor(random() * $2)::int as s
           from users where name like 'racer\\_%') u`,
    [raceId, elapsed],
  );
  await db.query('analyze users; analyze race_entries');
}

async function runningRace(url: string): Promise<number> {
  const answer = (await fetch(`${url}${signedPath('/api/frontend/pointsRanking')()}`).then((r) => r.json())) as {
    code: number;
    data: { race: { id: number } };
  };
  if (answer.code !== 0) throw new Error(`pointsRanking answered ${JSON.stringify(answer).slice(0, 200)}`);
  return answer.data.race.id;
}

/**
 * The entries were written straight into PostgreSQL, past the server's index: drop the index as if Redis had
 * lost it, queue the job that rebuilds it, and wait until it holds every participant.
 */
async function rebuildIndex(databaseUrl: string, redis: Redis, prefix: string, raceId: number): Promise<void> {
  await redis.del(`${prefix}race:${raceId}:ready`, `${prefix}race:${raceId}:rank`);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`select graphile_worker.add_job('races.sync_index')`);
  await db.end();
  const deadline = Date.now() + 300_000;
  while ((await redis.exists(`${prefix}race:${raceId}:ready`)) === 0) {
    if (Date.now() > deadline) throw new Error('the ranking index was not built in 5 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  const size = await redis.zcard(`${prefix}race:${raceId}:rank`);
  if (size !== PARTICIPANTS) throw new Error(`the index holds ${size} members, not ${PARTICIPANTS}`);
}

interface Reads {
  /** The reads the issue sets the target for: the top 100 and the caller's rank. */
  targeted: Paired[];
  /** Any page of the million, each a page nobody asked for within the second: for reference. */
  deep: Paired;
}

async function measureReads(server: RunningServer, members: Members, label: string): Promise<Reads> {
  const top = (): string => signedPath('/api/frontend/pointsRanking', { page: String(1 + random(2)), size: '50' })();
  // As deep as a member may page (MAX_PAGE pages of 50: the first 50,000 ranks).
  const deep = (): string =>
    signedPath('/api/frontend/pointsRanking', { page: String(3 + random(MAX_PAGE - 2)), size: '50' })();
  const mine = (): BenchRequest => ({
    path: signedPath('/api/frontend/pointsRanking', { size: '20' })(),
    headers: { authorization: `Bearer ${members.token(random(MEMBERS))}` },
  });
  // Every measured call must succeed, with the caller's rank, before it is measured.
  const sample = (await fetch(`${server.url}${mine().path}`, { headers: mine().headers }).then((r) => r.json())) as {
    code: number;
    data?: { me?: { rank: number | null }; total: number };
  };
  if (sample.code !== 0 || !sample.data?.me?.rank || sample.data.total !== PARTICIPANTS)
    throw new Error(`pointsRanking answered ${JSON.stringify(sample).slice(0, 300)}`);

  await measure('warm-up', server.url, mine, { duration: 3 });
  const paired = async (name: string, request: () => string | BenchRequest): Promise<Paired> => {
    const trivial = await measure('GET /healthz (trivial)', server.url, '/healthz');
    return { trivial, result: await measure(name, server.url, request), target: TARGET };
  };
  return {
    targeted: [
      await paired(`top 100, visitors (${label})`, top),
      await paired(`the caller's rank, 2,000 members (${label})`, mine),
    ],
    deep: await paired(`any page of 50 past the top 100, visitors (${label})`, deep),
  };
}

// BENCH_DATA_DIR keeps the seeded database between runs (seeding a million members takes minutes).
const keptDir = process.env.BENCH_DATA_DIR;
const dataDir = keptDir ?? mkdtempSync(path.join(os.tmpdir(), 'taice-bench-races-'));
const prefix = `bench:${randomBytes(4).toString('hex')}:`;
const redis = new Redis(REDIS_URL);
let exitCode: number | undefined;
try {
  const pgPort: Record<string, string> = process.env.BENCH_PG_PORT
    ? { EMBEDDED_PG_PORT: process.env.BENCH_PG_PORT }
    : {};
  let server = await startServer({ SEED_DEMO: 'false', REDIS_URL, REDIS_PREFIX: prefix, ...pgPort }, dataDir);
  let members: Members;
  let withRedis: Reads;
  try {
    const raceId = await runningRace(server.url);
    const seeded = Date.now();
    members = await seed(server.databaseUrl, raceId);
    console.log(`${PARTICIPANTS} participants ready in ${((Date.now() - seeded) / 1000).toFixed(0)} s`);
    await assertOwnServer(server.url, members);
    const built = Date.now();
    await rebuildIndex(server.databaseUrl, redis, prefix, raceId);
    console.log(`the Redis index was built in ${((Date.now() - built) / 1000).toFixed(0)} s`);
    withRedis = await measureReads(server, members, 'Redis');
  } finally {
    await server.stop();
  }
  server = await startServer({ SEED_DEMO: 'false', ...pgPort }, dataDir);
  let alone: Reads;
  try {
    alone = await measureReads(server, members, 'PostgreSQL alone');
  } finally {
    await server.stop();
  }
  console.log(`\n${PARTICIPANTS} participants, 50 connections, 10 s each, on this machine (target: p99 < 20 ms):`);
  exitCode = printPaired(withRedis.targeted) ? 0 : 1;
  console.log('\nFor reference (no target; decision 042): pages past the top, and the embedded default without Redis:');
  printPaired([withRedis.deep, ...alone.targeted, alone.deep]);
} finally {
  // The run's keys (the set, its cards, every nonce): hundreds of thousands, unlinked in batches.
  for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 10_000 }) as AsyncIterable<string[]>) {
    if (keys.length > 0) await redis.unlink(...keys);
  }
  await redis.quit();
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = exitCode;
