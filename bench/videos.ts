// Videos benchmark (issues 4 and 16): a catalogue of 100,000 videos, 1,000,000 comments and 50,000
// users, then the request rate and p99 of what members and visitors read: the feed, the newest list
// at random depths, the video page and comments of random videos, and search with random keywords
// of the seed's own vocabulary (English and Chinese, one or two words in any order, random pages).
// Each call is measured right after a trivial route, against it; the bench prints whether each
// target is met and exits with 1 when one is not.
// Run `npm run build` first, then `npm run bench:videos -w @taice/bench`.
// BENCH_VIDEOS_DATA_DIR=/some/dir keeps the database there and reuses it on the next run,
// skipping the ~2 min of seeding (delete the directory after a migration or a seed change).
// BENCH_ONLY=commentList measures only the calls whose name contains it.
import pg from 'pg';
import { measure, printPaired, signedPath, type BenchRequest, type Paired } from './load';
import { assertOwnServer, logInMembers } from './members';
import { startServer } from './server-process';
import { BENCH_KEYWORDS, FULL_SIZE, WORDS, seedVideoScale } from './seed-videos';

/** Distinct logged-in members the member calls rotate through. */
const MEMBERS = 2_000;
/** Titles whose words make two-word keywords: 40,000 orders of two words, so no keyword repeats much. */
const TITLES = 20_000;

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

const server = await startServer({ SEED_DEMO: 'false' }, process.env.BENCH_VIDEOS_DATA_DIR || undefined);
try {
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  const seeded = await db.query<{ n: number }>(`select count(*)::int as n from posts`);
  if (seeded.rows[0]!.n === 0) {
    const started = Date.now();
    await seedVideoScale(server.databaseUrl, FULL_SIZE);
    console.log(`seeded ${JSON.stringify(FULL_SIZE)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } else {
    console.log(`reusing the seeded database in ${process.env.BENCH_VIDEOS_DATA_DIR}`);
  }
  const { rows: bounds } = await db.query<{ first: number; last: number }>(
    `select min(id)::int as first, max(id)::int as last from posts`,
  );
  const { first: firstPost, last: lastPost } = bounds[0]!;
  // Members as the app has them: a few followed creators, chosen interests, videos they finished.
  const { rows: memberRows } = await db.query<{ id: number }>(
    `select id from users where name like 'bench\\_%' order by id limit $1`,
    [MEMBERS],
  );
  const memberIds = memberRows.map((r) => r.id);
  await db.query(
    `insert into follows (follower_id, followee_id)
     select m, (select min(id) from users where name like 'bench\\_%') + (m * 7 + k * 7919) % 50000
     from unnest($1::int[]) m, generate_series(1, 5) k on conflict do nothing`,
    [memberIds],
  );
  await db.query(
    `insert into user_interests (user_id, category_id)
     select m, c.id from unnest($1::int[]) m join categories c on (c.id + m) % 4 = 0 on conflict do nothing`,
    [memberIds],
  );
  await db.query(
    `insert into watch_history (user_id, post_id, watched_seconds, finished, last_watched_at)
     select m, top.id, 60, true, now()
     from unnest($1::int[]) m
     cross join lateral (select id from posts where status = 1 order by rank_score desc offset (m % 50) limit 20) top
     on conflict do nothing`,
    [memberIds],
  );
  await db.query('analyze follows; analyze user_interests; analyze watch_history');
  const members = await logInMembers(db, memberIds);
  const { rows: titleRows } = await db.query<{ title: string }>(
    `select title from posts tablesample bernoulli (30) limit $1`,
    [TITLES],
  );
  await db.end();
  await assertOwnServer(server.url, members);

  const titleWords = titleRows.map((r) => r.title.split(' ').filter((w) => !w.startsWith('#')));
  /** One word of the vocabulary, or two words of one title in either order (lower or upper case). */
  const randomKeyword = () => {
    if (Math.random() < 0.4) return pick(WORDS);
    const words = pick(titleWords).slice(0, 2);
    return (Math.random() < 0.5 ? words : words.reverse()).join(' ');
  };
  const postId = () => String(between(firstPost, lastPost));
  const asMember = (path: string, query: () => Record<string, string>) => (): BenchRequest => ({
    path: signedPath(path, query())(),
    headers: { authorization: `Bearer ${members.token(between(0, members.count - 1))}` },
  });
  const asVisitor = (path: string, query: () => Record<string, string>) => () => signedPath(path, query())();

  const calls: [string, () => string | BenchRequest][] = [
    [
      'member recommendPostList (page 1-40)',
      asMember('/api/frontend/post/recommendPostList', () => ({ page: String(between(1, 40)) })),
    ],
    [
      'member globalSearchV2 (random words, page 1-3)',
      asMember('/api/frontend/post/globalSearchV2', () => ({ keyword: randomKeyword(), page: String(between(1, 3)) })),
    ],
    [
      'member post/list newest (page 1-500)',
      asMember('/api/frontend/post/list', () => ({ sort: 'new', page: String(between(1, 500)) })),
    ],
    ['member post/detail (random video)', asMember('/api/frontend/post/detail', () => ({ id: postId() }))],
    ['member commentList (random video)', asMember('/api/frontend/post/commentList', () => ({ id: postId() }))],
    [
      'visitor recommendPostList (page 1-20)',
      asVisitor('/api/frontend/post/recommendPostList', () => ({ page: String(between(1, 20)) })),
    ],
    ['visitor post/detail (random video)', asVisitor('/api/frontend/post/detail', () => ({ id: postId() }))],
    ['visitor commentList (random video)', asVisitor('/api/frontend/post/commentList', () => ({ id: postId() }))],
    [
      'visitor globalSearchV2 (4 popular keywords)',
      asVisitor('/api/frontend/post/globalSearchV2', () => ({ keyword: pick(BENCH_KEYWORDS) })),
    ],
  ];

  // Every call must succeed before it is measured: an error envelope is fast and would flatter the figures.
  for (const [name, make] of calls) {
    for (let i = 0; i < 20; i += 1) {
      const made = make();
      const r = typeof made === 'string' ? { path: made } : made;
      const body = (await fetch(`${server.url}${r.path}`, { headers: r.headers }).then((res) => res.json())) as {
        code: number;
        msg: string;
      };
      if (body.code !== 0) throw new Error(`${name} answered code ${body.code}: ${body.msg} (${r.path})`);
    }
  }

  await measure('warm-up', server.url, calls[0]![1], { duration: 3 });
  // This machine's speed drifts by a fifth or more within a minute, so each call is compared with
  // the trivial route measured right before it.
  const pairs: Paired[] = [];
  const only = process.env.BENCH_ONLY;
  for (const [name, make] of calls) {
    if (only && !name.includes(only)) continue;
    const trivial = await measure('GET /healthz (trivial)', server.url, '/healthz');
    pairs.push({ trivial, result: await measure(name, server.url, make) });
  }
  console.log(
    `\n${members.count} members, 50 connections, 10 s each, on this machine (each call against the trivial run before it):`,
  );
  process.exitCode = printPaired(pairs) ? 0 : 1;
} finally {
  await server.stop();
}
