// Videos benchmark (issue 4): a catalogue of 100,000 videos, 1,000,000
// comments and 50,000 users, then the request rate and p99 of the feed, the
// video page, comments and search, each against a trivial route measured just before it, in one run.
// Run `npm run build` first, then `npm run bench:videos -w @taice/bench`.
// BENCH_VIDEOS_DATA_DIR=/some/dir keeps the database there and reuses it on the next run,
// skipping the ~90 s of seeding (delete the directory after a migration or a seed change).
import pg from 'pg';
import { measure, printTable, signedPath, type LoadResult } from './load';
import { startServer } from './server-process';
import { BENCH_KEYWORDS as KEYWORDS, FULL_SIZE, seedVideoScale } from './seed-videos';

const PG_PORT = 55_432;
const DATABASE_URL = `postgres://postgres:taice-local@127.0.0.1:${PG_PORT}/taice`;

const random = (n: number) => 1 + Math.floor(Math.random() * n);

const server = await startServer(
  18081,
  { EMBEDDED_PG_PORT: String(PG_PORT), SEED_DEMO: 'false' },
  process.env.BENCH_VIDEOS_DATA_DIR || undefined,
);
try {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const seeded = await db.query<{ n: number }>(`select count(*)::int as n from posts`);
  if (seeded.rows[0]!.n === 0) {
    const started = Date.now();
    await seedVideoScale(DATABASE_URL, FULL_SIZE);
    console.log(`seeded ${JSON.stringify(FULL_SIZE)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } else {
    console.log(`reusing the seeded database in ${process.env.BENCH_VIDEOS_DATA_DIR}`);
  }
  const { rows } = await db.query<{ first: number }>(`select min(id)::int as first from posts`);
  await db.end();
  const firstPost = rows[0]!.first;
  const postId = () => String(firstPost + random(FULL_SIZE.posts) - 1);
  const calls: [string, () => string][] = [
    [
      'recommendPostList (page 1-20)',
      () => signedPath('/api/frontend/post/recommendPostList', { page: String(random(20)) })(),
    ],
    ['post/detail', () => signedPath('/api/frontend/post/detail', { id: postId() })()],
    ['commentList', () => signedPath('/api/frontend/post/commentList', { id: postId() })()],
    [
      'globalSearchV2',
      () => signedPath('/api/frontend/post/globalSearchV2', { keyword: KEYWORDS[random(KEYWORDS.length) - 1]! })(),
    ],
  ];

  // Every call must succeed before it is measured: an error envelope is fast and would flatter the figures.
  for (const [name, path] of calls) {
    const body = (await fetch(`${server.url}${path()}`).then((r) => r.json())) as { code: number; msg: string };
    if (body.code !== 0) throw new Error(`${name} answered code ${body.code}: ${body.msg}`);
  }

  await measure('warm-up', server.url, calls[0]![1], { duration: 3 });
  // This machine's speed drifts by a fifth or more within a minute, so each call is compared with
  // the trivial route measured right before it.
  const results: LoadResult[] = [];
  const trivialBefore = new Map<LoadResult, LoadResult>();
  // BENCH_ONLY=commentList measures only the calls whose name contains it (to profile one call).
  const only = process.env.BENCH_ONLY;
  for (const [name, path] of calls) {
    if (only && !name.includes(only)) continue;
    const trivial = await measure('GET /healthz (trivial)', server.url, '/healthz');
    const result = await measure(name, server.url, path);
    trivialBefore.set(result, trivial);
    results.push(trivial, result);
  }
  console.log('\n50 connections, 10 s each, on this machine (each call against the trivial run before it):');
  printTable(results, (r) => trivialBefore.get(r) ?? r);
} finally {
  await server.stop();
}
