import { createHash, randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { POST_STATUS } from '@taice/contract';
import type { SeedContext, SeedStep } from '../../seed/seed';
import { makePoster, packageHls, probeVideo } from '../../platform/media/ffmpeg';
import { serverRoot } from '../../platform/process/paths';
import { contentTypeOf, type Storage } from '../../platform/media/storage';
import { users } from '../accounts/accounts.schema';
import { DEMO_PATTERNS, DEMO_SEGMENT_SECONDS, generateDemoClip, type DemoClipSpec } from './demo-clips';
import {
  categories,
  commentReactions,
  comments,
  creatorProfiles,
  follows,
  postCollects,
  postReactions,
  posts,
  watchHistory,
  watchSessions,
} from './videos.schema';

/**
 * Demo content, so that the first start looks alive: creators with avatars,
 * 32 short generated videos across the categories (titles and descriptions in
 * English and Chinese), comments and replies, likes, Liked Videos, follows and
 * views. Every choice is derived from a hash of names, so a second run decides
 * the same and finds everything there: it inserts what is missing and bumps
 * the counters by what it inserted, in one transaction.
 *
 * Media are generated with ffmpeg into a local cache (keyed by a hash of the
 * clip's spec) and copied into the storage under keys holding that hash; a
 * clip whose manifest is already in the storage costs one lookup.
 */

/** Raise to regenerate every demo clip (new keys; old files stay). */
const MEDIA_VERSION = 1;
const EMAIL_DOMAIN = 'demo.taice.io';
/** Serialises concurrent runs of this step (`ops seed --force` next to a starting server). */
const SEED_LOCK = 7_246_130_004;

interface DemoUser {
  handle: string;
  nickname: string;
  /** Latin initials for the avatar (drawn without CJK fonts). */
  initials: string;
  color: string;
  gender: 0 | 1 | 2;
  /** Creator profile text; viewers have none. */
  about?: string;
}

const creators: DemoUser[] = [
  {
    handle: 'luna',
    nickname: 'Luna Park',
    initials: 'LP',
    color: '#6d28d9',
    gender: 2,
    about: 'AI artist turning prompts into motion. New generative shorts every week.',
  },
  {
    handle: 'kai',
    nickname: 'Kai Plays',
    initials: 'KP',
    color: '#dc2626',
    gender: 1,
    about: 'Speedruns, boss fights and indie gems. 游戏实况与独立游戏推荐。',
  },
  {
    handle: 'xiaoyu',
    nickname: '小雨音乐',
    initials: 'XY',
    color: '#0891b2',
    gender: 2,
    about: '原创小品与乐器入门。Original piano and guitar miniatures.',
  },
  {
    handle: 'cryptocat',
    nickname: 'Crypto Cat',
    initials: 'CC',
    color: '#ca8a04',
    gender: 0,
    about: 'Blockchain basics without the hype. 加密货币入门，不炒作。',
  },
  {
    handle: 'pixel',
    nickname: 'Pixel Pete',
    initials: 'PP',
    color: '#2563eb',
    gender: 1,
    about: 'Gadgets, code and small builds. I test things so you do not have to.',
  },
  {
    handle: 'nina',
    nickname: 'Nomad Nina',
    initials: 'NN',
    color: '#059669',
    gender: 2,
    about: 'Slow travel, night trains and street food. 慢旅行与街头美食。',
  },
  {
    handle: 'ajie',
    nickname: '阿杰美食',
    initials: 'AJ',
    color: '#ea580c',
    gender: 1,
    about: '家常菜、咖啡和小吃，三分钟学会一道菜。Home cooking in three minutes.',
  },
  {
    handle: 'giggles',
    nickname: 'Giggle Lab',
    initials: 'GL',
    color: '#db2777',
    gender: 0,
    about: 'Cats, dad jokes and everyday fails. 每天一笑。',
  },
];

const viewers: DemoUser[] = [
  { handle: 'mia', nickname: 'Mia Rossi', initials: 'MR', color: '#9333ea', gender: 2 },
  { handle: 'xiaolin', nickname: '小林', initials: 'XL', color: '#0d9488', gender: 1 },
  { handle: 'leo', nickname: 'Leo Martins', initials: 'LM', color: '#4f46e5', gender: 1 },
  { handle: 'sofia', nickname: 'Sofia Chen', initials: 'SC', color: '#be123c', gender: 2 },
];

const demoUsers = [...creators, ...viewers];

interface DemoVideo {
  by: string;
  category: string;
  lang: 'en_US' | 'zh-CN';
  title: string;
  description: string;
  /** Drawn on the clip (Latin letters only). */
  label: string;
}

const videos: DemoVideo[] = [
  // AI
  {
    by: 'luna',
    category: 'ai',
    lang: 'en_US',
    title: 'Dreaming in Neon: an AI short',
    description: 'Every frame imagined by a diffusion model, set to a single humming tone. #ai #art',
    label: 'Dreaming in Neon',
  },
  {
    by: 'luna',
    category: 'ai',
    lang: 'zh-CN',
    title: 'AI 画出的城市夜景',
    description: '用扩散模型生成的城市夜景，配上简单的正弦音。你最喜欢哪一帧？',
    label: 'AI City Nights',
  },
  {
    by: 'luna',
    category: 'ai',
    lang: 'en_US',
    title: 'Prompt battle: cats vs robots',
    description: 'Two prompts, one model. Vote in the comments for the winner!',
    label: 'Cats vs Robots',
  },
  {
    by: 'pixel',
    category: 'ai',
    lang: 'en_US',
    title: 'How large language models read your words',
    description: 'Tokens, embeddings and attention in a few seconds. A tiny explainer. 大模型如何读懂你的话。',
    label: 'How LLMs Read',
  },
  // Gaming
  {
    by: 'kai',
    category: 'gaming',
    lang: 'en_US',
    title: 'Speedrun: level 1 in five seconds',
    description: 'Frame-perfect jumps and one lucky skip. Can you beat my time?',
    label: 'Speedrun Level 1',
  },
  {
    by: 'kai',
    category: 'gaming',
    lang: 'zh-CN',
    title: '像素风独立游戏推荐',
    description: '三款值得一玩的像素风独立游戏，周末就玩它们。',
    label: 'Pixel Indie Picks',
  },
  {
    by: 'kai',
    category: 'gaming',
    lang: 'en_US',
    title: 'Boss fight, no damage',
    description: 'The final boss, beaten without taking a single hit. Patterns explained.',
    label: 'No Damage Boss',
  },
  {
    by: 'giggles',
    category: 'gaming',
    lang: 'en_US',
    title: 'When the tutorial is harder than the game',
    description: 'We have all been there. Press X to jump... no, the other X.',
    label: 'Tutorial Pain',
  },
  // Music
  {
    by: 'xiaoyu',
    category: 'music',
    lang: 'zh-CN',
    title: '钢琴小品：雨夜',
    description: '一段雨夜里写的小旋律，戴上耳机听。A short piano piece for rainy nights.',
    label: 'Rainy Night Piano',
  },
  {
    by: 'xiaoyu',
    category: 'music',
    lang: 'en_US',
    title: 'Lo-fi beats to study to (tiny edition)',
    description: 'A few seconds of calm. Loop it, focus, repeat.',
    label: 'Lo-fi Study',
  },
  {
    by: 'xiaoyu',
    category: 'music',
    lang: 'zh-CN',
    title: '吉他和弦入门：C 大调',
    description: 'C 大调的三个基本和弦，新手也能马上学会。',
    label: 'C Major Chords',
  },
  {
    by: 'nina',
    category: 'music',
    lang: 'en_US',
    title: 'Street music in Lisbon',
    description: 'A fado guitarist on a tram stop corner. The city sounds like this at dusk.',
    label: 'Lisbon Street Music',
  },
  // Crypto
  {
    by: 'cryptocat',
    category: 'crypto',
    lang: 'en_US',
    title: 'Bitcoin halving explained',
    description: 'Why the block reward halves every four years, with one simple chart.',
    label: 'Halving Explained',
  },
  {
    by: 'cryptocat',
    category: 'crypto',
    lang: 'zh-CN',
    title: '什么是钱包助记词？',
    description: '助记词就是你的钱包。永远不要把它告诉任何人。',
    label: 'Seed Phrases',
  },
  {
    by: 'cryptocat',
    category: 'crypto',
    lang: 'en_US',
    title: 'Gas fees, simply',
    description: 'What you pay for when you send a transaction, and how to pay less.',
    label: 'Gas Fees Simply',
  },
  {
    by: 'pixel',
    category: 'crypto',
    lang: 'en_US',
    title: 'Building a tiny blockchain in TypeScript',
    description: 'Blocks, hashes and proof of work in under a hundred lines of code.',
    label: 'Tiny Blockchain',
  },
  // Tech
  {
    by: 'pixel',
    category: 'tech',
    lang: 'en_US',
    title: 'Unboxing a tiny single-board computer',
    description: 'Smaller than a credit card, runs Linux. First boot and benchmarks.',
    label: 'Tiny Computer',
  },
  {
    by: 'pixel',
    category: 'tech',
    lang: 'zh-CN',
    title: '五分钟搭建个人网站',
    description: '从零开始，用免费工具搭建你自己的个人网站。',
    label: 'Build a Website',
  },
  {
    by: 'pixel',
    category: 'tech',
    lang: 'en_US',
    title: 'Mechanical keyboard sound test',
    description: 'Linear, tactile or clicky? Listen with headphones and pick your favourite.',
    label: 'Keyboard Sound Test',
  },
  {
    by: 'luna',
    category: 'tech',
    lang: 'en_US',
    title: 'Phone camera vs real camera',
    description: 'Same scene, two cameras. Can you tell which is which?',
    label: 'Phone vs Camera',
  },
  // Travel
  {
    by: 'nina',
    category: 'travel',
    lang: 'en_US',
    title: 'Sunrise over the Alps',
    description: 'Woke up at 4 am for this. Worth every minute.',
    label: 'Alpine Sunrise',
  },
  {
    by: 'nina',
    category: 'travel',
    lang: 'zh-CN',
    title: '成都三日游攻略',
    description: '吃火锅、看熊猫、逛宽窄巷子，三天玩转成都。',
    label: 'Chengdu in 3 Days',
  },
  {
    by: 'nina',
    category: 'travel',
    lang: 'en_US',
    title: 'Night train across Norway',
    description: 'Fjords by moonlight from a sleeper cabin. 挪威夜班火车。',
    label: 'Norway Night Train',
  },
  {
    by: 'ajie',
    category: 'travel',
    lang: 'zh-CN',
    title: '杭州西湖的清晨',
    description: '清晨六点的西湖，游客还没来，只有晨练的人和薄雾。',
    label: 'West Lake Morning',
  },
  // Food
  {
    by: 'ajie',
    category: 'food',
    lang: 'zh-CN',
    title: '番茄炒蛋的正确做法',
    description: '家常菜里的顶流，关键是先炒蛋再炒番茄。',
    label: 'Tomato and Egg',
  },
  {
    by: 'ajie',
    category: 'food',
    lang: 'zh-CN',
    title: '三分钟学会手冲咖啡',
    description: '水温九十二度，粉水比一比十五，慢慢注水。Pour-over coffee in three minutes.',
    label: 'Pour-over Coffee',
  },
  {
    by: 'ajie',
    category: 'food',
    lang: 'en_US',
    title: 'The crispiest dumplings ever',
    description: 'Pan-fried, lace skirt and all. The trick is a spoon of starch water.',
    label: 'Crispy Dumplings',
  },
  {
    by: 'nina',
    category: 'food',
    lang: 'en_US',
    title: 'Street food tour in Bangkok',
    description: 'Mango sticky rice, pad kra pao and the best iced tea of my life.',
    label: 'Bangkok Street Food',
  },
  // Funny
  {
    by: 'giggles',
    category: 'funny',
    lang: 'en_US',
    title: 'My cat vs the vacuum cleaner',
    description: 'Round one goes to the cat. Round two... watch till the end.',
    label: 'Cat vs Vacuum',
  },
  {
    by: 'giggles',
    category: 'funny',
    lang: 'zh-CN',
    title: '当你第一次用筷子吃面',
    description: '筷子新手的真实写照，笑出声。',
    label: 'Chopsticks Rookie',
  },
  {
    by: 'giggles',
    category: 'funny',
    lang: 'en_US',
    title: 'Dad jokes, rated by a robot',
    description: 'The robot did not laugh once. We did.',
    label: 'Robot Rates Jokes',
  },
  {
    by: 'kai',
    category: 'funny',
    lang: 'en_US',
    title: 'Epic fail compilation #7',
    description: 'Physics engines are hilarious. 游戏翻车合集。',
    label: 'Epic Fails 7',
  },
];

const topComments = {
  en_US: [
    'This is so satisfying to watch 😍',
    'Watched it three times already.',
    'The colours in this one are amazing!',
    'Can you make a longer version?',
    'That sound at the end 🔥',
    'Saving this for later.',
    'Underrated creator, more people need to see this.',
    'Who else is watching this at 3 am?',
  ],
  'zh-CN': [
    '太治愈了，循环播放中',
    '这个配色绝了！',
    '求出一个长版本 🙏',
    '收藏了，慢慢看',
    '第一次刷到这种视频，好有意思',
    '声音好好听，有原曲吗？',
  ],
};

const replies = {
  en_US: ['Agreed!', 'Same here 😂', 'Right? I keep coming back to it.', '+1 for a longer version'],
  'zh-CN': ['同意！', '哈哈哈一样', '我也是循环了好几遍', '+1 求长版'],
};

const authorReplies = {
  en_US: 'Thanks for watching! More coming soon.',
  'zh-CN': '谢谢支持，下期更精彩！',
};

/** A number in [0, 1) fixed by `key`: the same decisions on every run, in any order. */
function chance(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) / 2 ** 32;
}

function pick<T>(items: readonly T[], key: string): T {
  return items[Math.floor(chance(key) * items.length)]!;
}

/** A colour per clip: hues a golden angle apart, so neighbours differ. */
function clipColor(i: number): string {
  const hue = (i * 137.508) % 360;
  const s = 0.62;
  const l = 0.42;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${[0, 8, 4]
    .map((n) =>
      Math.round(channel(n) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The clip of the i-th demo video: its own colour, pattern, pitch (a semitone apart) and length (4 to 8 s). */
export function demoClipSpec(i: number): DemoClipSpec {
  const video = videos[i]!;
  return {
    pattern: DEMO_PATTERNS[i % DEMO_PATTERNS.length]!,
    color: clipColor(i),
    frequency: Math.round(220 * 2 ** (i / 12) * 100) / 100,
    seconds: 4 + (i % 5),
    label: video.label,
  };
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 20);

export interface ClipMedia {
  coverKey: string;
  mp4Key: string;
  hlsKey: string;
  duration: number;
  width: number;
  height: number;
}

interface Manifest {
  duration: number;
  width: number;
  height: number;
  /** Paths relative to the clip's folder; `media.json` itself is not listed. */
  files: string[];
}

function parseManifest(data: Buffer | string): Manifest | null {
  try {
    const m = JSON.parse(data.toString()) as Partial<Manifest>;
    const ok =
      typeof m.duration === 'number' &&
      typeof m.width === 'number' &&
      typeof m.height === 'number' &&
      Array.isArray(m.files) &&
      ['video.mp4', 'poster.jpg', 'hls/index.m3u8'].every((f) => m.files!.includes(f));
    return ok ? (m as Manifest) : null;
  } catch {
    return null;
  }
}

/** Generated clips are kept here too, so a fresh data folder (tests, e2e) copies instead of encoding. */
export function defaultMediaCacheDir(): string {
  return path.join(serverRoot, 'node_modules', '.cache', 'taice-demo-media');
}

async function cachedManifest(dir: string): Promise<Manifest | null> {
  try {
    return parseManifest(await fsp.readFile(path.join(dir, 'media.json')));
  } catch {
    return null;
  }
}

/** Encodes the clip, its poster and its HLS rendition into `dir` (written aside and renamed, so `dir` is complete or absent). */
async function buildClip(spec: DemoClipSpec, dir: string): Promise<Manifest> {
  const tmp = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await fsp.mkdir(tmp, { recursive: true });
  try {
    const video = path.join(tmp, 'video.mp4');
    await generateDemoClip(spec, video);
    await makePoster(video, path.join(tmp, 'poster.jpg'), { atSeconds: Math.min(1, spec.seconds / 2) });
    const hls = await packageHls(video, path.join(tmp, 'hls'), DEMO_SEGMENT_SECONDS);
    const info = await probeVideo(video);
    const manifest: Manifest = { ...info, files: ['video.mp4', 'poster.jpg', ...hls.files.map((f) => `hls/${f}`)] };
    await fsp.writeFile(path.join(tmp, 'media.json'), JSON.stringify(manifest));
    try {
      await fsp.rename(tmp, dir);
    } catch {
      // Another process placed the same clip first (its files are as good), or a broken leftover is in the way.
      const theirs = await cachedManifest(dir);
      if (theirs) return theirs;
      await fsp.rm(dir, { recursive: true, force: true });
      await fsp.rename(tmp, dir);
    }
    return manifest;
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}

/**
 * The media of a demo clip in `storage` under `demo/videos/<spec hash>/`:
 * found there by its manifest (written last), else copied from the local
 * cache, else generated. `generated` tells whether ffmpeg ran.
 */
export async function ensureClipMedia(
  storage: Storage,
  spec: DemoClipSpec,
  cacheDir = defaultMediaCacheDir(),
): Promise<{ media: ClipMedia; generated: boolean }> {
  const hash = hashOf({ v: MEDIA_VERSION, spec });
  const prefix = `demo/videos/${hash}/`;
  const manifestKey = `${prefix}media.json`;
  const stored = await storage.get(manifestKey);
  let manifest = stored && parseManifest(stored);
  let generated = false;
  if (!manifest) {
    let dir = path.join(cacheDir, hash);
    let cached = await cachedManifest(dir);
    if (!cached) {
      try {
        await fsp.mkdir(cacheDir, { recursive: true });
      } catch {
        dir = path.join(os.tmpdir(), 'taice-demo-media', hash);
      }
      cached = await buildClip(spec, dir);
      generated = true;
    }
    for (const file of cached.files) {
      await storage.putFile(`${prefix}${file}`, path.join(dir, file), contentTypeOf(file));
    }
    await storage.put(manifestKey, Buffer.from(JSON.stringify(cached)), 'application/json');
    manifest = cached;
  }
  return {
    media: {
      coverKey: `${prefix}poster.jpg`,
      mp4Key: `${prefix}video.mp4`,
      hlsKey: `${prefix}hls/index.m3u8`,
      duration: Math.round(manifest.duration * 100) / 100,
      width: manifest.width,
      height: manifest.height,
    },
    generated,
  };
}

/** A 256 px avatar: the user's colour, a ring and their initials (the ring and colour show even without fonts). */
async function ensureAvatar(storage: Storage, user: DemoUser): Promise<string> {
  const key = `demo/avatars/${hashOf({ v: 1, initials: user.initials, color: user.color })}.webp`;
  if (!(await storage.exists(key))) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${user.color}"/><stop offset="1" stop-color="#111827"/>
  </linearGradient></defs>
  <rect width="256" height="256" fill="url(#g)"/>
  <circle cx="128" cy="128" r="92" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="10"/>
  <text x="128" y="152" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif"
    font-size="76" font-weight="700" fill="#ffffff">${user.initials}</text>
</svg>`;
    const { default: sharp } = await import('sharp');
    await storage.put(key, await sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer(), 'image/webp');
  }
  return storage.publicUrl(key);
}

/** Runs `fn` over `items`, `limit` at a time, keeping the order of results. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Adds `delta` to a counter column of each row named in `deltas` (id → delta). */
async function bump(
  deltas: Map<number, number>,
  apply: (id: number, delta: number) => Promise<unknown>,
): Promise<void> {
  for (const [id, delta] of deltas) if (delta !== 0) await apply(id, delta);
}

const add = (map: Map<number, number>, id: number, by = 1) => map.set(id, (map.get(id) ?? 0) + by);

/** A UUID fixed by `key` (the demo views' ids, so they are inserted once). */
function uuidOf(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

async function seedDemoVideos({ db, storage, log }: SeedContext): Promise<void> {
  const started = Date.now();
  const specs = videos.map((_, i) => demoClipSpec(i));
  const parallel = Math.max(1, Math.min(2, os.availableParallelism()));
  const clips = await mapLimit(specs, parallel, (spec) => ensureClipMedia(storage, spec));
  const avatars = await mapLimit(demoUsers, 4, (user) => ensureAvatar(storage, user));
  const generated = clips.filter((c) => c.generated).length;
  log(`demo media: ${generated} clips generated, ${clips.length - generated} reused (${Date.now() - started} ms)`);

  const seededAt = new Date();
  const hoursAgo = (h: number) => new Date(seededAt.getTime() - h * 3_600_000);

  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);

    // Users and creator profiles (existing accounts are left as they are).
    const emailOf = (u: DemoUser) => `${u.handle}@${EMAIL_DOMAIN}`;
    await tx
      .insert(users)
      .values(
        demoUsers.map((u, i) => ({
          email: emailOf(u),
          passwordHash: null,
          name: u.handle,
          nickname: u.nickname,
          avatar: avatars[i]!,
          gender: u.gender,
          // Generated codes never hold 0 or 1, so these cannot collide.
          inviteCode: `DEMO${String(i + 1).padStart(4, '0')}`,
          createdAt: hoursAgo(24 * 30 - i),
        })),
      )
      .onConflictDoNothing();
    const userRows = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, demoUsers.map(emailOf)));
    const idByEmail = new Map(userRows.map((r) => [r.email, r.id]));
    const userId = new Map(demoUsers.map((u) => [u.handle, idByEmail.get(emailOf(u))]));
    const present = demoUsers.filter((u) => userId.get(u.handle) !== undefined);
    const uid = (handle: string) => userId.get(handle)!;
    await tx
      .insert(creatorProfiles)
      .values(
        creators.filter((c) => userId.has(c.handle)).map((c) => ({ userId: uid(c.handle), description: c.about! })),
      )
      .onConflictDoNothing();

    // Posts, found again by their clip, or by author and title (an operator may have renamed one).
    const postColumns = {
      id: posts.id,
      authorId: posts.authorId,
      title: posts.title,
      mp4Key: posts.mp4Key,
      duration: posts.duration,
      publishedAt: posts.publishedAt,
    };
    const categoryRows = await tx.select({ id: categories.id, key: categories.key }).from(categories);
    const categoryId = new Map(categoryRows.map((c) => [c.key, c.id]));
    const creatorIds = creators.map((c) => uid(c.handle)).filter((id) => id !== undefined);
    const existing = await tx.select(postColumns).from(posts).where(inArray(posts.authorId, creatorIds));
    const postByKey = new Map(existing.map((p) => [`${p.authorId}|${p.title}`, p]));
    const postByClip = new Map(existing.map((p) => [p.mp4Key, p]));
    const postNum = new Map<number, number>();
    const categoryPostNum = new Map<number, number>();
    const demoPosts: { id: number; video: DemoVideo; duration: number; publishedAt: Date; index: number }[] = [];
    for (const [i, video] of videos.entries()) {
      const authorId = uid(video.by);
      const category = categoryId.get(video.category);
      if (authorId === undefined || category === undefined) continue;
      let row = postByClip.get(clips[i]!.media.mp4Key) ?? postByKey.get(`${authorId}|${video.title}`);
      if (!row) {
        const { media } = clips[i]!;
        const publishedAt = hoursAgo(2 + i * 6 + chance(`published:${i}`) * 5);
        const [created] = await tx
          .insert(posts)
          .values({
            authorId,
            categoryId: category,
            title: video.title,
            description: video.description,
            lang: video.lang,
            status: POST_STATUS.published,
            ...media,
            publishedAt,
            createdAt: publishedAt,
            updatedAt: publishedAt,
          })
          .returning(postColumns);
        row = created!;
        add(postNum, authorId);
        add(categoryPostNum, category);
      }
      demoPosts.push({ id: row.id, video, duration: row.duration, publishedAt: row.publishedAt, index: i });
    }
    await bump(postNum, (id, n) =>
      tx
        .update(users)
        .set({ postNum: sql`${users.postNum} + ${n}` })
        .where(eq(users.id, id)),
    );
    await bump(categoryPostNum, (id, n) =>
      tx
        .update(categories)
        .set({ postNum: sql`${categories.postNum} + ${n}` })
        .where(eq(categories.id, id)),
    );

    // Likes, dislikes, Liked Videos and views by the demo users.
    const reactionRows: { userId: number; postId: number; kind: number }[] = [];
    const collectRows: { userId: number; postId: number }[] = [];
    const sessionRows: (typeof watchSessions.$inferInsert)[] = [];
    const historyRows: (typeof watchHistory.$inferInsert)[] = [];
    for (const post of demoPosts) {
      for (const user of present) {
        const key = `${user.handle}:${post.index}`;
        const r = chance(`reaction:${key}`);
        if (r < 0.5) reactionRows.push({ userId: uid(user.handle), postId: post.id, kind: 1 });
        else if (r > 0.95) reactionRows.push({ userId: uid(user.handle), postId: post.id, kind: -1 });
        if (chance(`collect:${key}`) < 0.2) collectRows.push({ userId: uid(user.handle), postId: post.id });
        if (chance(`view:${key}`) < 0.75) {
          const startedAt = new Date(
            post.publishedAt.getTime() + chance(`viewAt:${key}`) * (seededAt.getTime() - post.publishedAt.getTime()),
          );
          const credited = Math.max(1, Math.round(post.duration * (0.4 + 0.6 * chance(`watched:${key}`))));
          const endedAt = new Date(startedAt.getTime() + credited * 1000);
          sessionRows.push({
            id: uuidOf(`demo-view:${key}`),
            postId: post.id,
            userId: uid(user.handle),
            viewerKey: `user:${uid(user.handle)}`,
            startedAt,
            lastBeatAt: endedAt,
            credited,
            countedAt: credited >= Math.min(10, post.duration / 2) ? endedAt : null,
            viewCounted: true,
            endedAt,
          });
          historyRows.push({
            userId: uid(user.handle),
            postId: post.id,
            watchedSeconds: credited,
            finished: credited >= post.duration * 0.9,
            lastWatchedAt: endedAt,
          });
        }
      }
    }
    const likes = new Map<number, number>();
    const dislikes = new Map<number, number>();
    if (reactionRows.length > 0) {
      const inserted = await tx
        .insert(postReactions)
        .values(reactionRows.map((r) => ({ ...r, createdAt: seededAt })))
        .onConflictDoNothing()
        .returning({ postId: postReactions.postId, kind: postReactions.kind });
      for (const r of inserted) add(r.kind === 1 ? likes : dislikes, r.postId);
    }
    const collects = new Map<number, number>();
    if (collectRows.length > 0) {
      const inserted = await tx
        .insert(postCollects)
        .values(collectRows.map((r) => ({ ...r, createdAt: seededAt })))
        .onConflictDoNothing()
        .returning({ postId: postCollects.postId });
      for (const r of inserted) add(collects, r.postId);
    }
    const views = new Map<number, number>();
    const watchSeconds = new Map<number, number>();
    if (sessionRows.length > 0) {
      const inserted = await tx
        .insert(watchSessions)
        .values(sessionRows)
        .onConflictDoNothing()
        .returning({ postId: watchSessions.postId, credited: watchSessions.credited });
      for (const r of inserted) {
        add(views, r.postId);
        add(watchSeconds, r.postId, r.credited);
      }
      await tx.insert(watchHistory).values(historyRows).onConflictDoNothing();
    }

    // Comments and replies, found again by post, author, parent and text.
    const postIds = demoPosts.map((p) => p.id);
    const commentRows =
      postIds.length === 0
        ? []
        : await tx
            .select({
              id: comments.id,
              postId: comments.postId,
              userId: comments.userId,
              parentId: comments.parentId,
              content: comments.content,
            })
            .from(comments)
            .where(inArray(comments.postId, postIds));
    const commentKey = (postId: number, userId: number, parentId: number | null, content: string) =>
      `${postId}|${userId}|${parentId ?? 0}|${content}`;
    const commentIds = new Map(commentRows.map((c) => [commentKey(c.postId, c.userId, c.parentId, c.content), c.id]));
    const commentNum = new Map<number, number>();
    const replyNum = new Map<number, number>();
    const demoComments: { id: number; userId: number; key: string }[] = [];
    async function ensureComment(
      postId: number,
      userId: number,
      parentId: number | null,
      replyToUserId: number | null,
      content: string,
      createdAt: Date,
    ): Promise<number> {
      const key = commentKey(postId, userId, parentId, content);
      let id = commentIds.get(key);
      if (id === undefined) {
        const [created] = await tx
          .insert(comments)
          .values({ postId, userId, parentId, replyToUserId, content, createdAt })
          .returning({ id: comments.id });
        id = created!.id;
        commentIds.set(key, id);
        add(commentNum, postId);
        if (parentId !== null) add(replyNum, parentId);
      }
      demoComments.push({ id, userId, key });
      return id;
    }
    const at = (post: (typeof demoPosts)[number], minutes: number) =>
      new Date(Math.min(seededAt.getTime() - 60_000, post.publishedAt.getTime() + minutes * 60_000));
    for (const post of demoPosts) {
      const authorId = uid(post.video.by);
      const commenters = [...present]
        .sort((a, b) => chance(`commenter:${post.index}:${a.handle}`) - chance(`commenter:${post.index}:${b.handle}`))
        .slice(0, 1 + Math.floor(chance(`comments:${post.index}`) * 4));
      for (const [k, commenter] of commenters.entries()) {
        const lang =
          chance(`commentLang:${post.index}:${k}`) < 0.8
            ? post.video.lang
            : post.video.lang === 'en_US'
              ? 'zh-CN'
              : 'en_US';
        const pool = topComments[lang];
        const content = pool[(Math.floor(chance(`comment:${post.index}`) * pool.length) + k) % pool.length]!;
        const topId = await ensureComment(post.id, uid(commenter.handle), null, null, content, at(post, 30 + k * 47));
        const replyCount = Math.floor(chance(`replies:${post.index}:${k}`) * 3);
        let previous: number | null = null;
        for (let j = 0; j < replyCount; j += 1) {
          const byAuthor = j === replyCount - 1 && chance(`authorReply:${post.index}:${k}`) < 0.5;
          const others = present.filter((u) => u.handle !== commenter.handle && uid(u.handle) !== authorId);
          const replier = byAuthor ? authorId : uid(pick(others, `replier:${post.index}:${k}:${j}`).handle);
          const text = byAuthor ? authorReplies[lang] : replies[lang][(k + j) % replies[lang].length]!;
          // The second reply answers the first, like a reply to a reply in the app.
          await ensureComment(post.id, replier, topId, previous, text, at(post, 60 + k * 47 + j * 13));
          previous = replier;
        }
      }
    }
    const commentLikes = new Map<number, number>();
    const likeRows = demoComments.flatMap((c) =>
      present
        .filter((u) => uid(u.handle) !== c.userId && chance(`commentLike:${u.handle}:${c.key}`) < 0.25)
        .map((u) => ({ userId: uid(u.handle), commentId: c.id, kind: 1 })),
    );
    if (likeRows.length > 0) {
      const inserted = await tx
        .insert(commentReactions)
        .values(likeRows)
        .onConflictDoNothing()
        .returning({ commentId: commentReactions.commentId });
      for (const r of inserted) add(commentLikes, r.commentId);
    }

    for (const post of demoPosts) {
      const id = post.id;
      const d = {
        like: likes.get(id) ?? 0,
        dislike: dislikes.get(id) ?? 0,
        collect: collects.get(id) ?? 0,
        view: views.get(id) ?? 0,
        watch: Math.round(watchSeconds.get(id) ?? 0),
        comment: commentNum.get(id) ?? 0,
      };
      if (Object.values(d).every((v) => v === 0)) continue;
      await tx
        .update(posts)
        .set({
          likeNum: sql`${posts.likeNum} + ${d.like}`,
          dislikeNum: sql`${posts.dislikeNum} + ${d.dislike}`,
          collectNum: sql`${posts.collectNum} + ${d.collect}`,
          viewNum: sql`${posts.viewNum} + ${d.view}`,
          watchSeconds: sql`${posts.watchSeconds} + ${d.watch}`,
          commentNum: sql`${posts.commentNum} + ${d.comment}`,
        })
        .where(eq(posts.id, id));
    }
    await bump(replyNum, (id, n) =>
      tx
        .update(comments)
        .set({ replyNum: sql`${comments.replyNum} + ${n}` })
        .where(eq(comments.id, id)),
    );
    await bump(commentLikes, (id, n) =>
      tx
        .update(comments)
        .set({ likeNum: sql`${comments.likeNum} + ${n}` })
        .where(eq(comments.id, id)),
    );

    // Follows: every demo user follows some of the creators.
    const followRows = present.flatMap((u) =>
      creators
        .filter((c) => c.handle !== u.handle && userId.has(c.handle) && chance(`follow:${u.handle}:${c.handle}`) < 0.55)
        .map((c) => ({
          followerId: uid(u.handle),
          followeeId: uid(c.handle),
          createdAt: hoursAgo(24 * 20 * chance(`followAt:${u.handle}:${c.handle}`)),
        })),
    );
    if (followRows.length > 0) {
      const inserted = await tx
        .insert(follows)
        .values(followRows)
        .onConflictDoNothing()
        .returning({ followerId: follows.followerId, followeeId: follows.followeeId });
      const following = new Map<number, number>();
      const followers = new Map<number, number>();
      for (const f of inserted) {
        add(following, f.followerId);
        add(followers, f.followeeId);
      }
      await bump(following, (id, n) =>
        tx
          .update(users)
          .set({ followingNum: sql`${users.followingNum} + ${n}` })
          .where(eq(users.id, id)),
      );
      await bump(followers, (id, n) =>
        tx
          .update(users)
          .set({ followerNum: sql`${users.followerNum} + ${n}` })
          .where(eq(users.id, id)),
      );
    }
  });
  log(`demo videos: ${videos.length} videos by ${creators.length} creators (${Date.now() - started} ms)`);
}

export const videoDemoSeeds: SeedStep[] = [{ name: 'videos.demo.v1', demo: true, run: seedDemoVideos }];
