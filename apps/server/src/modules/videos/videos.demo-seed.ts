import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { POST_STATUS } from '@taice/contract';
import type { SeedContext, SeedStep } from '../../seed/seed';
import type { Db } from '../../platform/db/database';
import { queueJob, type JobSet } from '../../platform/jobs/jobs';
import type { Storage } from '../../platform/media/storage';
import { loadConfig } from '../../config';
import { seedRuns } from '../../seed/seed-runs.schema';
import { users } from '../accounts/accounts.schema';
import type { DemoClipSpec, DemoScene } from './demo-clips';
import { clipPrefix, ensureClipMedia, storedClipMedia, type ClipMedia, type DemoMediaMode } from './demo-media';
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
  /** The title in Latin letters, drawn when the machine has no font with Chinese letters. */
  label: string;
  /** The scene of its clip, and the clip's length in the full catalogue (short clips in the short one). */
  scene: DemoScene;
  seconds: number;
  /** Made at 1080p (1280x720 otherwise), for the full rendition ladder. */
  hd?: boolean;
}

const videos: DemoVideo[] = [
  // AI
  {
    by: 'luna',
    category: 'ai',
    lang: 'en_US',
    title: 'Dreaming in Neon: an AI short',
    description: 'Every frame imagined by a diffusion model, set to a soft synth loop. #ai #art',
    label: 'Dreaming in Neon',
    scene: 'plasma',
    seconds: 30,
  },
  {
    by: 'luna',
    category: 'ai',
    lang: 'zh-CN',
    title: 'AI 画出的城市夜景',
    description: '用扩散模型生成的城市夜景，配上轻柔的合成器音乐。你最喜欢哪一帧？',
    label: 'AI City Nights',
    scene: 'kaleido',
    seconds: 70,
  },
  {
    by: 'luna',
    category: 'ai',
    lang: 'en_US',
    title: 'Prompt battle: cats vs robots',
    description: 'Two prompts, one model. Vote in the comments for the winner!',
    label: 'Cats vs Robots',
    scene: 'tunnel',
    seconds: 20,
  },
  {
    by: 'pixel',
    category: 'ai',
    lang: 'en_US',
    title: 'How large language models read your words',
    description: 'Tokens, embeddings and attention in half a minute. A tiny explainer. 大模型如何读懂你的话。',
    label: 'How LLMs Read',
    scene: 'mandelbrot',
    seconds: 30,
  },
  // Gaming
  {
    by: 'kai',
    category: 'gaming',
    lang: 'en_US',
    title: 'Speedrun: level 1 in five seconds',
    description: 'Frame-perfect jumps and one lucky skip. Can you beat my time?',
    label: 'Speedrun Level 1',
    scene: 'life',
    seconds: 15,
  },
  {
    by: 'kai',
    category: 'gaming',
    lang: 'zh-CN',
    title: '像素风独立游戏推荐',
    description: '三款值得一玩的像素风独立游戏，周末就玩它们。',
    label: 'Pixel Indie Picks',
    scene: 'cells',
    seconds: 65,
  },
  {
    by: 'kai',
    category: 'gaming',
    lang: 'en_US',
    title: 'Boss fight, no damage',
    description: 'The final boss, beaten without taking a single hit. Patterns explained.',
    label: 'No Damage Boss',
    scene: 'life',
    seconds: 100,
  },
  {
    by: 'giggles',
    category: 'gaming',
    lang: 'en_US',
    title: 'When the tutorial is harder than the game',
    description: 'We have all been there. Press X to jump... no, the other X.',
    label: 'Tutorial Pain',
    scene: 'waves',
    seconds: 25,
  },
  // Music
  {
    by: 'xiaoyu',
    category: 'music',
    lang: 'zh-CN',
    title: '钢琴小品：雨夜',
    description: '一段雨夜里写的小旋律，戴上耳机听。A short piano piece for rainy nights.',
    label: 'Rainy Night Piano',
    scene: 'spectrum',
    seconds: 120,
  },
  {
    by: 'xiaoyu',
    category: 'music',
    lang: 'en_US',
    title: 'Lo-fi beats to study to (tiny edition)',
    description: 'Two and a half minutes of calm. Loop it, focus, repeat.',
    label: 'Lo-fi Study',
    scene: 'waveform',
    seconds: 150,
  },
  {
    by: 'xiaoyu',
    category: 'music',
    lang: 'zh-CN',
    title: '吉他和弦入门：C 大调',
    description: 'C 大调的三个基本和弦，新手也能马上学会。',
    label: 'C Major Chords',
    scene: 'scope',
    seconds: 75,
  },
  {
    by: 'nina',
    category: 'music',
    lang: 'en_US',
    title: 'Street music in Lisbon',
    description: 'A fado guitarist on a tram stop corner. The city sounds like this at dusk.',
    label: 'Lisbon Street Music',
    scene: 'spectrum',
    seconds: 30,
  },
  // Crypto
  {
    by: 'cryptocat',
    category: 'crypto',
    lang: 'en_US',
    title: 'Bitcoin halving explained',
    description: 'Why the block reward halves every four years, with one simple chart.',
    label: 'Halving Explained',
    scene: 'sierpinski',
    seconds: 90,
  },
  {
    by: 'cryptocat',
    category: 'crypto',
    lang: 'zh-CN',
    title: '什么是钱包助记词？',
    description: '助记词就是你的钱包。永远不要把它告诉任何人。',
    label: 'Seed Phrases',
    scene: 'cells',
    seconds: 25,
  },
  {
    by: 'cryptocat',
    category: 'crypto',
    lang: 'en_US',
    title: 'Gas fees, simply',
    description: 'What you pay for when you send a transaction, and how to pay less.',
    label: 'Gas Fees Simply',
    scene: 'tunnel',
    seconds: 20,
  },
  {
    by: 'pixel',
    category: 'crypto',
    lang: 'en_US',
    title: 'Building a tiny blockchain in TypeScript',
    description: 'Blocks, hashes and proof of work in under a hundred lines of code.',
    label: 'Tiny Blockchain',
    scene: 'sierpinski',
    seconds: 60,
  },
  // Tech
  {
    by: 'pixel',
    category: 'tech',
    lang: 'en_US',
    title: 'Unboxing a tiny single-board computer',
    description: 'Smaller than a credit card, runs Linux. First boot and benchmarks.',
    label: 'Tiny Computer',
    scene: 'bokeh',
    seconds: 25,
    hd: true,
  },
  {
    by: 'pixel',
    category: 'tech',
    lang: 'zh-CN',
    title: '五分钟搭建个人网站',
    description: '从零开始，用免费工具搭建你自己的个人网站。',
    label: 'Build a Website',
    scene: 'waves',
    seconds: 100,
  },
  {
    by: 'pixel',
    category: 'tech',
    lang: 'en_US',
    title: 'Mechanical keyboard sound test',
    description: 'Linear, tactile or clicky? Listen with headphones and pick your favourite.',
    label: 'Keyboard Sound Test',
    scene: 'waveform',
    seconds: 20,
  },
  {
    by: 'luna',
    category: 'tech',
    lang: 'en_US',
    title: 'Phone camera vs real camera',
    description: 'Same scene, two cameras. Can you tell which is which?',
    label: 'Phone vs Camera',
    scene: 'bokeh',
    seconds: 30,
  },
  // Travel
  {
    by: 'nina',
    category: 'travel',
    lang: 'en_US',
    title: 'Sunrise over the Alps',
    description: 'Woke up at 4 am for this. Worth every minute.',
    label: 'Alpine Sunrise',
    scene: 'aurora',
    seconds: 80,
  },
  {
    by: 'nina',
    category: 'travel',
    lang: 'zh-CN',
    title: '成都三日游攻略',
    description: '吃火锅、看熊猫、逛宽窄巷子，三天玩转成都。',
    label: 'Chengdu in 3 Days',
    scene: 'kaleido',
    seconds: 30,
  },
  {
    by: 'nina',
    category: 'travel',
    lang: 'en_US',
    title: 'Night train across Norway',
    description: 'Fjords by moonlight from a sleeper cabin. 挪威夜班火车。',
    label: 'Norway Night Train',
    scene: 'aurora',
    seconds: 140,
  },
  {
    by: 'ajie',
    category: 'travel',
    lang: 'zh-CN',
    title: '杭州西湖的清晨',
    description: '清晨六点的西湖，游客还没来，只有晨练的人和薄雾。',
    label: 'West Lake Morning',
    scene: 'waves',
    seconds: 25,
  },
  // Food
  {
    by: 'ajie',
    category: 'food',
    lang: 'zh-CN',
    title: '番茄炒蛋的正确做法',
    description: '家常菜里的顶流，关键是先炒蛋再炒番茄。',
    label: 'Tomato and Egg',
    scene: 'plasma',
    seconds: 20,
  },
  {
    by: 'ajie',
    category: 'food',
    lang: 'zh-CN',
    title: '三分钟学会手冲咖啡',
    description: '水温九十二度，粉水比一比十五，慢慢注水。Pour-over coffee in three minutes.',
    label: 'Pour-over Coffee',
    scene: 'bokeh',
    seconds: 120,
  },
  {
    by: 'ajie',
    category: 'food',
    lang: 'en_US',
    title: 'The crispiest dumplings ever',
    description: 'Pan-fried, lace skirt and all. The trick is a spoon of starch water.',
    label: 'Crispy Dumplings',
    scene: 'kaleido',
    seconds: 20,
  },
  {
    by: 'nina',
    category: 'food',
    lang: 'en_US',
    title: 'Street food tour in Bangkok',
    description: 'Mango sticky rice, pad kra pao and the best iced tea of my life.',
    label: 'Bangkok Street Food',
    scene: 'aurora',
    seconds: 30,
  },
  // Funny
  {
    by: 'giggles',
    category: 'funny',
    lang: 'en_US',
    title: 'My cat vs the vacuum cleaner',
    description: 'Round one goes to the cat. Round two... watch till the end.',
    label: 'Cat vs Vacuum',
    scene: 'life',
    seconds: 15,
  },
  {
    by: 'giggles',
    category: 'funny',
    lang: 'zh-CN',
    title: '当你第一次用筷子吃面',
    description: '筷子新手的真实写照，笑出声。',
    label: 'Chopsticks Rookie',
    scene: 'tunnel',
    seconds: 20,
  },
  {
    by: 'giggles',
    category: 'funny',
    lang: 'en_US',
    title: 'Dad jokes, rated by a robot',
    description: 'The robot did not laugh once. We did.',
    label: 'Robot Rates Jokes',
    scene: 'plasma',
    seconds: 25,
  },
  {
    by: 'kai',
    category: 'funny',
    lang: 'en_US',
    title: 'Epic fail compilation #7',
    description: 'Physics engines are hilarious. 游戏翻车合集。',
    label: 'Epic Fails 7',
    scene: 'cells',
    seconds: 20,
  },
  // Added with the full catalogue (decision 053).
  {
    by: 'luna',
    category: 'ai',
    lang: 'en_US',
    title: 'Fractal dive: a million times closer',
    description:
      'An endless zoom into the Mandelbrot set, rendered frame by frame. Put it on a big screen. #fractal #math',
    label: 'Fractal Dive',
    scene: 'mandelbrot',
    seconds: 35,
  },
  {
    by: 'xiaoyu',
    category: 'music',
    lang: 'zh-CN',
    title: '夜晚的合成器即兴',
    description: '深夜里用合成器随手弹的一段旋律，左右声道画出的图形也很好看。Late-night synth jam.',
    label: 'Night Synth Jam',
    scene: 'scope',
    seconds: 30,
  },
  {
    by: 'kai',
    category: 'gaming',
    lang: 'en_US',
    title: 'Retro arcade: cellular chaos',
    description: 'One rule, one row of pixels, endless patterns. The oldest game engine there is.',
    label: 'Cellular Chaos',
    scene: 'cells',
    seconds: 20,
  },
  {
    by: 'pixel',
    category: 'tech',
    lang: 'en_US',
    title: 'What a GPU actually does, visualised',
    description: 'Millions of tiny sums at once, one per pixel. This whole clip is one formula. 每个像素都是一个公式。',
    label: 'What a GPU Does',
    scene: 'plasma',
    seconds: 25,
  },
  {
    by: 'cryptocat',
    category: 'crypto',
    lang: 'zh-CN',
    title: '区块链是怎么连起来的？',
    description: '每个区块都记着上一个区块的指纹，所以改不了历史。用分形图形讲清楚。',
    label: 'How Blocks Chain',
    scene: 'sierpinski',
    seconds: 25,
  },
  {
    by: 'nina',
    category: 'travel',
    lang: 'en_US',
    title: 'Northern lights timelapse',
    description: 'Three hours above Tromsø, squeezed into half a minute. The sky really moves like this.',
    label: 'Northern Lights',
    scene: 'aurora',
    seconds: 30,
    hd: true,
  },
  {
    by: 'ajie',
    category: 'food',
    lang: 'zh-CN',
    title: '深夜食堂：一碗热汤面',
    description: '下班回家，十分钟煮一碗热汤面。灯光、蒸汽和一点点音乐。',
    label: 'Late Night Noodles',
    scene: 'bokeh',
    seconds: 25,
  },
  {
    by: 'giggles',
    category: 'funny',
    lang: 'en_US',
    title: 'Hypnotised by the washing machine',
    description: 'My cat has watched the spin cycle for an hour. Now I get it. You are getting sleepy...',
    label: 'Washing Machine',
    scene: 'tunnel',
    seconds: 15,
  },
  {
    by: 'xiaoyu',
    category: 'music',
    lang: 'en_US',
    title: 'Synthwave sunset loop',
    description: 'A warm loop for the drive home. Headphones on. 合成器波的日落。',
    label: 'Synthwave Sunset',
    scene: 'waveform',
    seconds: 40,
  },
  {
    by: 'kai',
    category: 'gaming',
    lang: 'zh-CN',
    title: '生命游戏：像素世界的演化',
    description: '康威生命游戏：三条规则，整个像素世界自己长出来。你能找到滑翔机吗？',
    label: 'Game of Life',
    scene: 'life',
    seconds: 30,
  },
  {
    by: 'nina',
    category: 'travel',
    lang: 'zh-CN',
    title: '京都雨天散步',
    description: '下雨的京都，石板路和水面上的倒影。慢慢走，慢慢看。',
    label: 'Kyoto in the Rain',
    scene: 'waves',
    seconds: 30,
  },
  {
    by: 'pixel',
    category: 'ai',
    lang: 'en_US',
    title: 'Listening to a neural network learn',
    description: 'The training loss of a small model, turned into sound and drawn as a spectrogram.',
    label: 'Neural Net Sounds',
    scene: 'spectrum',
    seconds: 25,
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

/** The clip's colours, dark to light: hues a golden angle apart from clip to clip, so neighbours differ. */
function clipPalette(i: number): [string, string, string] {
  const hsl = (hue: number, sat: number, light: number) => {
    const k = (n: number) => (n + hue / 30) % 12;
    const a = sat * Math.min(light, 1 - light);
    const channel = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
    return `#${[0, 8, 4]
      .map((n) =>
        Math.round(channel(n) * 255)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  };
  const hue = (i * 137.508) % 360;
  return [hsl(hue, 0.6, 0.12), hsl((hue + 25) % 360, 0.72, 0.5), hsl((hue + 55) % 360, 0.85, 0.85)];
}

/** The videos of the short catalogue (the first ones, across every category). */
const SHORT_COUNT = 32;

/** The videos a mode seeds: all of them in the full catalogue, the first 32 in the short one. */
export function demoCatalogueSize(mode: DemoMediaMode): number {
  return mode === 'full' ? videos.length : Math.min(SHORT_COUNT, videos.length);
}

/**
 * The clip of the i-th demo video: its scene, colours, tune (a root a fourth apart from clip to clip, its own
 * tempo) and title. Full: its own length (15 s to 2.5 min) at 720p or 1080p; short: 4 to 8 s at 360p.
 */
export function demoClipSpec(i: number, mode: DemoMediaMode = 'short'): DemoClipSpec {
  const video = videos[i]!;
  const full = mode === 'full';
  const creator = creators.find((c) => c.handle === video.by);
  return {
    scene: video.scene,
    palette: clipPalette(i),
    variant: i,
    key: Math.round(220 * 2 ** (((i * 5) % 12) / 12) * 100) / 100,
    tempo: 84 + ((i * 7) % 8) * 6,
    seconds: full ? video.seconds : 4 + (i % 5),
    title: video.title,
    label: video.label,
    channel: creator?.nickname ?? video.by,
    lang: video.lang,
    width: full ? (video.hd ? 1920 : 1280) : 640,
    height: full ? (video.hd ? 1080 : 720) : 360,
  };
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 20);

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

/**
 * Inserts what is missing of the demo content for the clips that are ready (`clips[i]` for `videos[i]`, null
 * while it is not made): users, profiles and follows always; a post, its likes, views and comments for each
 * ready clip. A post of the first catalogue (a test-pattern clip, one HLS playlist) gets its new clip.
 */
async function seedCatalogue(
  db: Db,
  storage: Storage,
  clips: (ClipMedia | null)[],
  log: (message: string) => void,
  /** The full catalogue replaces any other demo clip of a video; the short one only the first catalogue's. */
  upgrade = false,
): Promise<void> {
  const started = Date.now();
  const avatars = await mapLimit(demoUsers, 4, (user) => ensureAvatar(storage, user));
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
      hlsKey: posts.hlsKey,
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
      const media = clips[i];
      if (!media) continue;
      let row = postByClip.get(media.mp4Key) ?? postByKey.get(`${authorId}|${video.title}`);
      if (
        row &&
        row.mp4Key !== media.mp4Key &&
        row.mp4Key.startsWith('demo/videos/') &&
        (upgrade || !row.hlsKey.endsWith('master.m3u8'))
      ) {
        // Another demo clip (the first catalogue's test pattern, or a short clip when the full catalogue is made):
        // the video gets this one, the rest stays as it is.
        const [upgraded] = await tx.update(posts).set(media).where(eq(posts.id, row.id)).returning(postColumns);
        row = upgraded!;
      }
      if (!row) {
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
  const ready = clips.filter(Boolean).length;
  log(`demo videos: ${ready} of ${videos.length} videos by ${creators.length} creators (${Date.now() - started} ms)`);
}

const SEED_STEP = 'videos.demo.v2';
const MEDIA_TASK = 'videos.demo_media';
/** Held (for a session) by the process making the next clip of the full catalogue. */
const MEDIA_LOCK = 7_246_130_005;

/** The demo catalogue's mode: DEMO_MEDIA, else `short` in tests and `full` otherwise. */
function demoMediaMode(): DemoMediaMode {
  return loadConfig().DEMO_MEDIA;
}

/** The order the full catalogue is made in: shortest first, so that the home page fills within minutes. */
function fullOrder(): number[] {
  return videos.map((_, i) => i).sort((a, b) => videos[a]!.seconds - videos[b]!.seconds || a - b);
}

/**
 * The demo videos step. Short catalogue: its clips are made (or copied from the local cache) and seeded at
 * once. Full catalogue: the users and what is already made are seeded, and the clips are made one by one in
 * the background by the `videos.demo_media` job, each video appearing once its clip is in.
 */
async function seedDemoVideos({ db, storage, log }: SeedContext): Promise<void> {
  const mode = demoMediaMode();
  const count = demoCatalogueSize(mode);
  const specs = videos.map((_, i) => (i < count ? demoClipSpec(i, mode) : null));
  if (mode === 'short') {
    const started = Date.now();
    const parallel = Math.max(1, Math.min(2, os.availableParallelism()));
    const made = await mapLimit(specs, parallel, (spec) =>
      spec ? ensureClipMedia(storage, spec, { preset: 'ultrafast' }) : Promise.resolve(null),
    );
    const generated = made.filter((c) => c?.generated).length;
    log(`demo media: ${generated} clips generated, ${count - generated} reused (${Date.now() - started} ms)`);
    await seedCatalogue(
      db,
      storage,
      made.map((c) => c?.media ?? null),
      log,
    );
    return;
  }
  const stored = await Promise.all(specs.map((spec) => (spec ? storedClipMedia(storage, spec) : null)));
  await seedCatalogue(db, storage, stored, log, true);
  const missing = stored.filter((c) => c === null).length;
  if (missing > 0) {
    await queueJob(db, MEDIA_TASK, {}, { key: MEDIA_TASK });
    log(`demo media: ${missing} of ${videos.length} clips to make in the background`);
  }
}

export { ensureClipMedia } from './demo-media';

export const videoDemoSeeds: SeedStep[] = [{ name: SEED_STEP, demo: true, run: seedDemoVideos }];

export interface DemoMediaDeps {
  db: Db;
  storage: Storage;
  /** The demo catalogue's mode, whether demo content is seeded, and the transcode preset. */
  config: { DEMO_MEDIA: DemoMediaMode; SEED_DEMO: boolean; VIDEO_PRESET: string; DATA_DIR: string };
  log: { info(fields: object, message: string): void; error(fields: object, message: string): void };
  /** Tests: the clips (default the full catalogue's) and which videos are made, in order (default shortest first). */
  clipSpec?: (i: number) => DemoClipSpec;
  order?: number[];
}

/**
 * Makes the next missing clip of the full catalogue, seeds its video, and queues itself again while clips are
 * missing. One process at a time makes clips (a session advisory lock, freed if the process dies); the task
 * also runs every minute, so a chain broken by a crash goes on soon after the restart. A clip is made aside and
 * stored with its manifest last, so an interrupted one is made again from the start; made ones are kept in
 * the storage (under DATA_DIR with the local driver) and never made again.
 */
export function demoMediaJobs(deps: DemoMediaDeps): JobSet {
  const { db, storage, config, log } = deps;
  const specOf = deps.clipSpec ?? ((i: number) => demoClipSpec(i, 'full'));
  /** The clips not in the storage yet (one manifest lookup each), in the order they are made. */
  const missingClips = async (): Promise<number[]> => {
    if (config.DEMO_MEDIA !== 'full' || !config.SEED_DEMO) return [];
    const [seeded] = await db.select({ name: seedRuns.name }).from(seedRuns).where(eq(seedRuns.name, SEED_STEP));
    if (!seeded) return [];
    const order = deps.order ?? fullOrder();
    // Every video has its post with its clip: done, in one query (the usual answer of the schedule).
    const keys = order.map((i) => `${clipPrefix(specOf(i))}video.mp4`);
    const [posted] = await db
      .select({ n: sql<number>`count(distinct ${posts.mp4Key})::int` })
      .from(posts)
      .where(inArray(posts.mp4Key, keys));
    if ((posted?.n ?? 0) >= keys.length) return [];
    const stored = await Promise.all(order.map((i) => storedClipMedia(storage, specOf(i))));
    return order.filter((_, k) => stored[k] === null);
  };
  return {
    tasks: {
      [MEDIA_TASK]: async (payload, helpers) => {
        // Clips that failed in this chain are left for the next scheduled run, so one bad clip holds up no other.
        const failed = new Set((payload as { failed?: number[] } | null)?.failed ?? []);
        const missing = (await missingClips()).filter((i) => !failed.has(i));
        if (missing.length === 0) return;
        const made = await helpers.withPgClient(async (client) => {
          const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [MEDIA_LOCK]);
          if (!rows[0]?.ok) return false;
          const i = missing[0]!;
          const workDir = path.join(config.DATA_DIR, 'tmp', 'demo-media');
          try {
            // What a process stopped mid-clip left behind (only the holder of the lock makes clips here).
            await fsp.rm(workDir, { recursive: true, force: true });
            const started = Date.now();
            const { generated } = await ensureClipMedia(storage, specOf(i), {
              cacheDir: null,
              workDir,
              preset: config.VIDEO_PRESET,
              signal: helpers.abortSignal,
              priority: 10,
            });
            const clips = await Promise.all(videos.map((_, k) => storedClipMedia(storage, specOf(k))));
            await seedCatalogue(db, storage, clips, () => undefined, true);
            log.info(
              { video: i, seconds: specOf(i).seconds, generated, ms: Date.now() - started, left: missing.length - 1 },
              'demo clip ready',
            );
          } catch (err) {
            // Stopping (a shutdown) retries this job later; any other failure moves on to the next clip.
            if (helpers.abortSignal.aborted) throw err;
            log.error({ video: i, err }, 'demo clip failed');
            failed.add(i);
          } finally {
            await client.query('select pg_advisory_unlock($1)', [MEDIA_LOCK]);
          }
          return true;
        });
        if (made && missing.length > 1) {
          await helpers.addJob(MEDIA_TASK, { failed: [...failed] }, { jobKey: MEDIA_TASK });
        }
      },
    },
    // Every minute: a chain stopped with its process (its job stays locked for hours) goes on within a minute.
    schedule: [{ task: MEDIA_TASK, cron: '* * * * *' }],
  };
}
