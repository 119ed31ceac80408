import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_STATUS } from '@taice/contract';
import { createStorage, localStorage, type Storage } from '../src/platform/media/storage';
import { runSeeds } from '../src/seed/seed';
import { seedSteps } from '../src/seed/steps';
import { videoDemoSeeds } from '../src/modules/videos/videos.demo-seed';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let storage: Storage;
let scratch: string;

beforeAll(async () => {
  t = await createTestApp();
  storage = createStorage(t.config);
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'taice-seed-'));
});
afterAll(async () => {
  await t.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.database.db.execute(query)).rows as T[];
}

interface DemoPost {
  id: number;
  title: string;
  description: string;
  lang: string;
  category: string;
  cover_key: string;
  preview_key: string;
  mp4_key: string;
  hls_key: string;
  duration: number;
  width: number;
  height: number;
}

const demoPosts = () =>
  rows<DemoPost>(sql`
    select p.id, p.title, p.description, p.lang, c.key as category, p.cover_key, p.preview_key, p.mp4_key, p.hls_key,
           p.duration, p.width, p.height
    from posts p join users u on u.id = p.author_id join categories c on c.id = p.category_id
    where u.email like '%@demo.taice.io' and p.status = ${POST_STATUS.published}
    order by p.id`);

/** Rows whose counters differ from a count of the rows they count; empty when every counter is true. */
async function wrongCounters() {
  const posts = await rows(sql`
    select p.id from posts p where
      p.like_num <> (select count(*) from post_reactions r where r.post_id = p.id and r.kind = 1)
      or p.dislike_num <> (select count(*) from post_reactions r where r.post_id = p.id and r.kind = -1)
      or p.collect_num <> (select count(*) from post_collects c where c.post_id = p.id)
      or p.comment_num <> (select count(*) from comments c where c.post_id = p.id and c.deleted_at is null)
      or p.view_num <> (select count(*) from watch_sessions w where w.post_id = p.id and w.view_counted)
      or p.watch_seconds <> (select coalesce(round(sum(w.credited)), 0) from watch_sessions w where w.post_id = p.id)`);
  const comments = await rows(sql`
    select c.id from comments c where c.deleted_at is null and (
      c.reply_num <> (select count(*) from comments r where r.parent_id = c.id and r.deleted_at is null)
      or c.like_num <> (select count(*) from comment_reactions r where r.comment_id = c.id and r.kind = 1)
      or c.dislike_num <> (select count(*) from comment_reactions r where r.comment_id = c.id and r.kind = -1))`);
  const users = await rows(sql`
    select u.id from users u where
      u.post_num <> (select count(*) from posts p where p.author_id = u.id and p.status = ${POST_STATUS.published})
      or u.follower_num <> (select count(*) from follows f where f.followee_id = u.id)
      or u.following_num <> (select count(*) from follows f where f.follower_id = u.id)`);
  const categories = await rows(sql`
    select c.id from categories c where
      c.post_num <> (select count(*) from posts p where p.category_id = c.id and p.status = ${POST_STATUS.published})`);
  return { posts, comments, users, categories };
}

/** Every row count and counter that the demo seed writes, to compare two moments. */
async function snapshot() {
  const [counts] = await rows(sql`select
    (select count(*) from users) as users, (select count(*) from creator_profiles) as profiles,
    (select count(*) from posts) as posts, (select count(*) from comments) as comments,
    (select count(*) from comment_reactions) as comment_reactions,
    (select count(*) from post_reactions) as reactions, (select count(*) from post_collects) as collects,
    (select count(*) from follows) as follows, (select count(*) from watch_sessions) as sessions,
    (select count(*) from watch_history) as history`);
  const counters = await rows(sql`
    select 'p' || id || ':' || concat_ws(',', like_num, dislike_num, collect_num, comment_num, view_num, watch_seconds,
      share_num, cover_key, mp4_key, hls_key) as row from posts
    union all select 'u' || id || ':' || concat_ws(',', post_num, follower_num, following_num, avatar) from users
    union all select 'c' || id || ':' || concat_ws(',', reply_num, like_num, dislike_num) from comments
    union all select 'k' || id || ':' || post_num from categories
    order by 1`);
  return { counts, counters };
}

describe('demo videos seed', () => {
  it('publishes at least 30 videos across every category, in English and Chinese', async () => {
    const posts = await demoPosts();
    expect(posts.length).toBeGreaterThanOrEqual(30);
    const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from categories`)) as [{ n: number }];
    expect(new Set(posts.map((p) => p.category)).size).toBe(n);
    expect(n).toBe(8);
    expect(new Set(posts.map((p) => p.title)).size).toBe(posts.length);
    expect(posts.filter((p) => p.lang === 'zh-CN' && /[\u4e00-\u9fff]/.test(p.title)).length).toBeGreaterThanOrEqual(5);
    expect(posts.filter((p) => p.lang === 'en_US' && /^[\x20-\x7e]+$/.test(p.title)).length).toBeGreaterThanOrEqual(15);
    // Distinct media for each video: each has its own clip.
    expect(new Set(posts.map((p) => p.mp4_key)).size).toBe(posts.length);
    for (const p of posts) {
      expect(p.duration).toBeGreaterThanOrEqual(3.9);
      expect(p.duration).toBeLessThanOrEqual(8.5);
      expect([p.width, p.height]).toEqual([640, 360]);
    }
    // Searching in either language finds something.
    expect(posts.some((p) => /咖啡/.test(p.title + p.description))).toBe(true);
    expect(posts.some((p) => /\bcat\b/i.test(p.title))).toBe(true);
  });

  it('has the poster, the preview, the MP4 and every HLS rendition and segment of each video in the storage', async () => {
    for (const p of await demoPosts()) {
      expect(await storage.exists(p.cover_key), p.cover_key).toBe(true);
      expect(await storage.exists(p.mp4_key), p.mp4_key).toBe(true);
      expect(p.preview_key).toMatch(/^demo\/videos\/[0-9a-f]+\/preview\.mp4$/);
      expect(await storage.exists(p.preview_key), p.preview_key).toBe(true);
      // The master playlist names the renditions (360p for the short catalogue), each a VOD playlist.
      const master = (await storage.get(p.hls_key))?.toString() ?? '';
      expect(p.hls_key).toMatch(/master\.m3u8$/);
      const renditions = master.split('\n').filter((line) => line.endsWith('.m3u8'));
      expect(renditions, p.hls_key).toEqual(['360p/index.m3u8']);
      expect(master).toMatch(
        /#EXT-X-STREAM-INF:BANDWIDTH=\d+,.*RESOLUTION=640x360,.*CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/,
      );
      for (const r of renditions) {
        const key = path.posix.join(path.posix.dirname(p.hls_key), r);
        const playlist = (await storage.get(key))?.toString();
        expect(playlist, key).toContain('#EXT-X-ENDLIST');
        const segments = playlist!.split('\n').filter((line) => line.endsWith('.ts'));
        expect(segments.length).toBeGreaterThanOrEqual(1);
        for (const s of segments) expect(await storage.exists(path.posix.join(path.posix.dirname(key), s))).toBe(true);
      }
    }
  });

  it('serves a seeded video to a player: range request on the MP4, playlist and poster', async () => {
    const [p] = await demoPosts();
    const mp4 = await t.inject({ method: 'GET', url: storage.publicUrl(p!.mp4_key), headers: { range: 'bytes=0-' } });
    expect(mp4.statusCode).toBe(206);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    const playlist = await t.inject({ method: 'GET', url: storage.publicUrl(p!.hls_key) });
    expect(playlist.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    const poster = await t.inject({ method: 'GET', url: storage.publicUrl(p!.cover_key) });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
  });

  it('has creators with avatars and descriptions, comments with replies (in Chinese too), likes and follows', async () => {
    const creators = await rows<{ avatar: string; description: string; post_num: number; follower_num: number }>(sql`
      select u.avatar, cp.description, u.post_num, u.follower_num
      from users u join creator_profiles cp on cp.user_id = u.id where u.email like '%@demo.taice.io'`);
    expect(creators.length).toBeGreaterThanOrEqual(6);
    expect(creators.length).toBeLessThanOrEqual(8);
    for (const c of creators) {
      expect(c.description.length).toBeGreaterThan(10);
      expect(c.post_num).toBeGreaterThan(0);
      expect(c.avatar).toMatch(/^\/media\/demo\/avatars\/[0-9a-f]+\.webp$/);
      const avatar = await t.inject({ method: 'GET', url: c.avatar });
      expect(avatar.statusCode).toBe(200);
      expect(avatar.headers['content-type']).toBe('image/webp');
    }
    expect(creators.some((c) => c.follower_num > 0)).toBe(true);

    const [stats] = await rows<Record<string, number>>(sql`select
      (select count(*)::int from comments where parent_id is null) as top_level,
      (select count(*)::int from comments where parent_id is not null) as replies,
      (select count(*)::int from comments where parent_id is not null and reply_to_user_id is not null) as answers,
      (select count(*)::int from comments where content ~ '[一-龥]') as chinese,
      (select count(*)::int from post_reactions where kind = 1) as likes,
      (select count(*)::int from post_collects) as collects,
      (select count(*)::int from follows) as follows,
      (select count(*)::int from posts where view_num > 0) as viewed`);
    expect(stats).toBeDefined();
    expect(stats!.top_level).toBeGreaterThanOrEqual(30);
    expect(stats!.replies).toBeGreaterThanOrEqual(10);
    expect(stats!.answers).toBeGreaterThan(0);
    expect(stats!.chinese).toBeGreaterThanOrEqual(5);
    expect(stats!.likes).toBeGreaterThanOrEqual(30);
    expect(stats!.collects).toBeGreaterThan(0);
    expect(stats!.follows).toBeGreaterThanOrEqual(8);
    expect(stats!.viewed).toBeGreaterThanOrEqual(30);
  });

  it('keeps every counter equal to a count of the rows it counts', async () => {
    expect(await wrongCounters()).toEqual({ posts: [], comments: [], users: [], categories: [] });
  });

  it('changes nothing when it runs again, alone or with every step forced', async () => {
    const before = await snapshot();
    const log: string[] = [];
    const started = Date.now();
    await videoDemoSeeds[0]!.run({ db: t.database.db, storage, log: (m) => log.push(m) });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(log.join('\n')).toContain('0 clips generated');
    await runSeeds(t.database.db, storage, seedSteps, { demo: true, force: true });
    expect(await snapshot()).toEqual(before);
    expect(await wrongCounters()).toEqual({ posts: [], comments: [], users: [], categories: [] });
  });

  it('leaves a video an operator renamed as it is, without adding it again', async () => {
    const [first] = await demoPosts();
    await t.database.db.execute(sql`update posts set title = 'Renamed by the operator' where id = ${first!.id}`);
    const before = await snapshot();
    await videoDemoSeeds[0]!.run({ db: t.database.db, storage, log: () => undefined });
    expect(await snapshot()).toEqual(before);
    expect((await demoPosts()).find((p) => p.id === first!.id)?.title).toBe('Renamed by the operator');
  });

  it('fills an empty storage again and leaves the database as it was', async () => {
    const before = await snapshot();
    const empty = localStorage(path.join(scratch, 'storage'));
    const log: string[] = [];
    // The clips come from the local cache the first generation left (or are generated again without one).
    await videoDemoSeeds[0]!.run({ db: t.database.db, storage: empty, log: (m) => log.push(m) });
    expect(log.join('\n')).toMatch(/demo media: \d+ clips generated/);
    for (const p of await demoPosts()) {
      for (const key of [p.cover_key, p.mp4_key, p.hls_key]) expect(await empty.exists(key)).toBe(true);
    }
    expect(await snapshot()).toEqual(before);
  }, 60_000);
});
