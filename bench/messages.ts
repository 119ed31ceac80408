// Message center benchmark (issue 17): 10,000 members with 50 messages each, a fifth of them written
// by a broadcast and the rest by events, spread over the table as they would be over time; the request
// rate and p99 of message/list (first page, a random deeper page, the unread filter) for members
// logged in at random, each measured right after a trivial route and against it. Prints whether each
// target is met and exits with 1 when one is not.
// Run `npm run build -w @taice/server` first, then `npm run bench:messages -w @taice/bench`.
import pg from 'pg';
import { messageCalls } from '@taice/contract';
import { measure, printPaired, signedPath, type BenchRequest, type Paired } from './load';
import { assertOwnServer, seedMembers, type Members } from './members';
import { startServer } from './server-process';

const USERS = 10_000;
const PER_USER = 50;
const DEEP_PAGE_SIZE = 10;

const random = (n: number) => Math.floor(Math.random() * n);

async function seed(databaseUrl: string): Promise<Members> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('begin');
    const { first, members } = await seedMembers(db, {
      count: USERS,
      tag: 'mbench',
      nickname: 'Reader',
      codePrefix: 'M',
    });
    // Message n of every member before message n + 1 of any: a member's messages lie far apart.
    await db.query(
      `insert into messages (user_id, template, params, link_kind, link_id, read_at, created_at)
       select u.id,
              (array['order_placed','order_shipped','order_completed','order_cancelled','virtual_code_delivered',
                     'membership_extended','new_user_reward','referral_confirmed','seven_day_bonus','operator_notice'])[1 + g % 10],
              case when g % 10 = 9 then jsonb_build_object(
                     'title', jsonb_build_object('en_US', 'Notice ' || g, 'zh-CN', '通知 ' || g, 'zh-TW', '通知 ' || g),
                     'content', jsonb_build_object('en_US', 'Text of notice ' || g, 'zh-CN', '内容', 'zh-TW', '內容'))
                   else jsonb_build_object('order_no', 'R' || u.id || '-' || g,
                     'prize', jsonb_build_object('en_US', 'Wireless earbuds', 'zh-CN', '无线耳机', 'zh-TW', '無線耳機'),
                     'amount', 1000 + g * 37, 'carrier', 'DHL', 'tracking_no', 'JD' || u.id || g,
                     'code', 'CODE-' || u.id || '-' || g, 'expires_at', now()::text) end,
              case when g % 10 < 6 then 'order' end, case when g % 10 < 6 then g end,
              case when (u.id + g) % 5 < 3 then now() end,
              now() - ((${PER_USER} - g) || ' hours')::interval
       from generate_series(1, ${PER_USER}) g cross join users u
       where u.id >= $1
       order by g, u.id`,
      [first],
    );
    await db.query(
      `update users u set unread_num = c.n
       from (select user_id, count(*)::int as n from messages where read_at is null group by user_id) c
       where c.user_id = u.id`,
    );
    await db.query('commit');
    // As autovacuum leaves a table in steady use: counting a member's messages reads the index only.
    await db.query('vacuum analyze messages');
    await db.query('analyze');
    return members;
  } finally {
    await db.end();
  }
}

const server = await startServer({ SEED_DEMO: 'false' });
try {
  const members = await seed(server.databaseUrl);
  await assertOwnServer(server.url, members);
  const asMember = (query: () => Record<string, string>) => (): BenchRequest => ({
    path: signedPath(messageCalls.messageList.path, query())(),
    headers: { authorization: `Bearer ${members.token(random(USERS))}` },
  });
  const lastPage = Math.ceil(PER_USER / DEEP_PAGE_SIZE);
  const calls: [string, () => BenchRequest][] = [
    ['message/list first page (20)', asMember(() => ({}))],
    [
      `message/list page 2-${lastPage} of ${DEEP_PAGE_SIZE}`,
      asMember(() => ({ size: String(DEEP_PAGE_SIZE), page: String(2 + random(lastPage - 1)) })),
    ],
    ['message/list unread', asMember(() => ({ unread: '1' }))],
  ];

  // Every call must succeed, with a full page, before it is measured.
  for (const [name, make] of calls) {
    const r = make();
    const body = (await fetch(`${server.url}${r.path}`, { headers: r.headers }).then((res) => res.json())) as {
      code: number;
      msg: string;
      data?: { list: unknown[]; total: number };
    };
    if (body.code !== 0 || !body.data?.list.length)
      throw new Error(`${name} answered ${JSON.stringify(body).slice(0, 200)}`);
  }

  await measure('warm-up', server.url, calls[0]![1], { duration: 3 });
  const pairs: Paired[] = [];
  for (const [name, make] of calls) {
    const trivial = await measure('GET /healthz (trivial)', server.url, '/healthz');
    pairs.push({ trivial, result: await measure(name, server.url, make) });
  }
  console.log(`\n${USERS} members × ${PER_USER} messages, 50 connections, 10 s each, on this machine:`);
  process.exitCode = printPaired(pairs) ? 0 : 1;
} finally {
  await server.stop();
}
