// Fills a TAICE database with a large video catalogue for benchmarks:
// 50,000 users, 100,000 published videos and 1,000,000 comments (sizes can be
// scaled). Plain SQL with generate_series, so it takes seconds, not hours.
// Usage: DATABASE_URL=... npx tsx seed-videos.ts [scale]   (scale 1 = the full size)
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export interface ScaleSizes {
  users: number;
  posts: number;
  comments: number;
}

export const FULL_SIZE: ScaleSizes = { users: 50_000, posts: 100_000, comments: 1_000_000 };

// A vocabulary of about a thousand words, English and Chinese, so that a keyword
// matches a realistic share of the catalogue (well under 1 %), not a fifth of it.
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'su', 'ra', 'to', 'vi', 'ze', 'po', 'da', 'fe', 'gu', 'hi', 'jo', 'ba'];
const HANZI = [
  '拉',
  '面',
  '夜',
  '景',
  '旅',
  '行',
  '音',
  '乐',
  '游',
  '戏',
  '科',
  '技',
  '美',
  '食',
  '猫',
  '咪',
  '城',
  '市',
  '海',
  '边',
  '山',
  '川',
  '花',
  '鸟',
  '雪',
  '雨',
  '风',
  '光',
  '茶',
  '酒',
];
/** Every word a seeded title or description is made of (the keywords the benchmark searches for). */
export const WORDS = [
  ...SYLLABLES.flatMap((a) => SYLLABLES.flatMap((b) => SYLLABLES.slice(0, 2).map((c) => a + b + c))),
  ...HANZI.flatMap((a) => HANZI.map((b) => a + b)),
];
/** Keywords the benchmark searches for: two English words and two Chinese ones of the vocabulary. */
export const BENCH_KEYWORDS = ['kaloka', 'suralo', '拉面', '夜景'];

export async function seedVideoScale(databaseUrl: string, sizes: ScaleSizes = FULL_SIZE): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const words = `array[${WORDS.map((w) => `'${w}'`).join(',')}]`;
    const n = WORDS.length;
    await client.query('begin');
    await client.query(
      `insert into users (name, nickname, invite_code, post_num)
       select 'bench_' || g, 'Creator ' || (${words})[1 + (g::bigint * 7) % ${n}] || ' ' || g, 'B' || g, 0
       from generate_series(1, $1) g`,
      [sizes.users],
    );
    await client.query(
      `with u as (select min(id) as first from users where name like 'bench\\_%')
       insert into posts (author_id, category_id, title, description, cover_key, mp4_key, hls_key, duration,
                          view_num, like_num, comment_num, share_num, published_at)
       select u.first + (g::bigint * 7919) % $2,
              (select id from categories order by id limit 1 offset g % (select count(*) from categories)),
              initcap((${words})[1 + (g::bigint * 31) % ${n}]) || ' ' || (${words})[1 + (g::bigint * 17 + 5) % ${n}] || ' #' || g,
              'A video about ' || (${words})[1 + (g::bigint * 13 + 11) % ${n}],
              'bench/cover.jpg', 'bench/video.mp4', 'bench/index.m3u8', 30 + g % 300,
              (g * 31) % 5000, (g * 17) % 400, 10, (g * 13) % 50,
              now() - make_interval(secs => (g::bigint * 97) % (90 * 86400))
       from u, generate_series(1, $1) g`,
      [sizes.posts, sizes.users],
    );
    await client.query(
      `with u as (select min(id) as first from users where name like 'bench\\_%'),
            p as (select min(id) as first from posts where cover_key = 'bench/cover.jpg')
       insert into comments (post_id, user_id, content, created_at)
       select p.first + g % $2, u.first + (g::bigint * 104729) % $3, 'Great video ' || g,
              now() - make_interval(secs => g % 86400)
       from u, p, generate_series(1, $1) g`,
      [sizes.comments, sizes.posts, sizes.users],
    );
    // Counters as the application keeps them.
    await client.query(
      `update posts set comment_num = c.n from (select post_id, count(*)::int n from comments group by post_id) c
       where c.post_id = posts.id and posts.cover_key = 'bench/cover.jpg'`,
    );
    await client.query(
      `update users set post_num = p.n from (select author_id, count(*)::int n from posts where status = 1 group by author_id) p
       where p.author_id = users.id`,
    );
    await client.query(
      `update categories set post_num = p.n from (select category_id, count(*)::int n from posts where status = 1 group by category_id) p
       where p.category_id = categories.id`,
    );
    await client.query('commit');
    // A catalogue in service has been vacuumed: hint bits and the visibility map set, so counts are
    // index-only scans. Measured right after the bulk load, every first read would pay for that instead.
    await client.query('vacuum analyze');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    await client.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('set DATABASE_URL');
  const scale = Number(process.argv[2] ?? 1);
  const started = Date.now();
  await seedVideoScale(url, {
    users: Math.round(FULL_SIZE.users * scale),
    posts: Math.round(FULL_SIZE.posts * scale),
    comments: Math.round(FULL_SIZE.comments * scale),
  });
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
