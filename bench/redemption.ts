// Redemption benchmark (issue 17): prize/list for 10,000 logged-in members (random sessions, random
// type and page), each with a spendable balance and orders that count against per-user limits, so
// every answer reads the caller's balance and holdings. Measured right after a trivial route and
// against it. Prints whether the target is met and exits with 1 when it is not.
// Run `npm run build` first, then `npm run bench:redemption -w @taice/bench`.
// BENCH_PORT (and BENCH_PG_PORT) keep the server on given ports.
import pg from 'pg';
import { measure, printPaired, signedPath, type BenchRequest } from './load';
import { assertOwnServer, seedMembers, type Members } from './members';
import { startServer } from './server-process';

const USERS = 10_000;
const PRIZES_PER_TYPE = 20;
const PAGE_SIZE = 10;
const TYPES = ['physical', 'virtual', 'membership'] as const;

const random = (n: number) => Math.floor(Math.random() * n);

/** Prizes of each type (a third with a per-user limit), members with balances, one order each. */
async function seed(databaseUrl: string): Promise<Members> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('begin');
    await db.query(
      `insert into prizes (type, name, description, images, price, stock, per_user_limit, membership_days, sort)
       select t.type, jsonb_build_object('en_US', t.type || ' ' || g, 'zh-CN', '奖品 ' || g, 'zh-TW', '獎品 ' || g),
              jsonb_build_object('en_US', 'A prize', 'zh-CN', '奖品', 'zh-TW', '獎品'),
              jsonb_build_array('demo/prizes/' || g || '.webp'), 1000 * g, 100000,
              case when g % 3 = 0 then 3 end, case when t.type = 'membership' then 30 end, g
       from unnest($1::text[]) as t(type), generate_series(1, $2) g`,
      [TYPES, PRIZES_PER_TYPE],
    );
    const { first, members } = await seedMembers(db, {
      count: USERS,
      tag: 'rbench',
      nickname: 'Shopper',
      codePrefix: 'R',
    });
    await db.query(
      `insert into ledger_accounts (user_id, kind, balance)
       select $1::int + g, 'spendable', (g % 50) * 1000 from generate_series(0, $2 - 1) g`,
      [first, USERS],
    );
    // One earlier order each, of a limited prize, paid by a ledger entry (the balance above is what is left).
    await db.query(
      `insert into ledger_entries (event_key, reason, from_account_id, to_account_id, amount, user_id, user_delta, bucket, day)
       select 'rbench:' || a.user_id, 'redeem', a.id, (select id from ledger_accounts where kind = 'redemption' and user_id is null),
              1000, a.user_id, -1000, 'spendable', (now() at time zone 'Asia/Shanghai')::date
       from ledger_accounts a where a.user_id >= $1 and a.kind = 'spendable'`,
      [first],
    );
    await db.query(
      `insert into prize_orders (order_no, user_id, prize_id, prize_type, price, status, ledger_entry_id, idempotency_key, created_at, completed_at)
       select 'RB' || e.user_id, e.user_id, p.id, p.type, 1000, 'completed', e.id, 'bench-' || e.user_id, now(), now()
       from ledger_entries e
       join lateral (select id, type from prizes where per_user_limit is not null and type <> 'physical'
                     order by id offset (e.user_id % 10) limit 1) p on true
       where e.event_key like 'rbench:%'`,
    );
    await db.query('commit');
    await db.query('analyze');
    return members;
  } finally {
    await db.end();
  }
}

const server = await startServer({
  SEED_DEMO: 'false',
  ...(process.env.BENCH_PG_PORT ? { EMBEDDED_PG_PORT: process.env.BENCH_PG_PORT } : {}),
});
try {
  const members = await seed(server.databaseUrl);
  await assertOwnServer(server.url, members);
  const pages = Math.ceil(PRIZES_PER_TYPE / PAGE_SIZE);
  const prizeList = (): BenchRequest => ({
    path: signedPath('/api/frontend/prize/list', {
      type: TYPES[random(TYPES.length)]!,
      page: String(1 + random(pages)),
      size: String(PAGE_SIZE),
    })(),
    headers: { authorization: `Bearer ${members.token(random(USERS))}` },
  });
  // The call must succeed before it is measured: an error envelope is fast and would flatter the figures.
  const sample = (await fetch(`${server.url}${prizeList().path}`, { headers: prizeList().headers }).then((r) =>
    r.json(),
  )) as { code: number; msg: string; data?: { list: unknown[] } };
  if (sample.code !== 0 || !sample.data?.list.length)
    throw new Error(`prize/list answered ${JSON.stringify(sample).slice(0, 200)}`);

  await measure('warm-up', server.url, prizeList, { duration: 3 });
  const trivial = await measure('GET /healthz (trivial)', server.url, '/healthz');
  const result = await measure('prize/list (logged in, random type and page)', server.url, prizeList);
  console.log(
    `\n${USERS} members, ${PRIZES_PER_TYPE * TYPES.length} prizes, 50 connections, 10 s each, on this machine:`,
  );
  process.exitCode = printPaired([{ trivial, result }]) ? 0 : 1;
} finally {
  await server.stop();
}
