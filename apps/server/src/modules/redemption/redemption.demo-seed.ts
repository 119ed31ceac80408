import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Localized, PrizeType } from '@taice/contract';
import type { SeedContext, SeedStep } from '../../seed/seed';
import type { Storage } from '../../platform/media/storage';
import { prizeArtSvg, type ArtSpec } from './prize-art';
import { prizeCodes, prizes } from './redemption.schema';

/**
 * A living demo catalogue, so a new user sees a real store: physical goods, virtual products with a
 * pool of codes, and three membership tiers, each with a generated product illustration, stock and
 * its text in the three languages. A second run adds only what is missing (prizes are known by
 * their English name, codes by their text).
 */

/** Serialises concurrent runs of this step. */
const SEED_LOCK = 7_246_130_017;
const CODES_PER_VIRTUAL = 40;

interface DemoPrize {
  type: PrizeType;
  name: Localized;
  description: Localized;
  /** TAICE. */
  price: number;
  stock: number;
  perUserLimit?: number;
  membershipDays?: number;
  art: ArtSpec;
}

const demoPrizes: DemoPrize[] = [
  {
    type: 'physical',
    name: { en_US: 'Wireless Headphones', 'zh-CN': '无线耳机', 'zh-TW': '無線耳機' },
    description: {
      en_US: 'Over-ear Bluetooth headphones with 30 hours of battery and a soft carrying pouch.',
      'zh-CN': '头戴式蓝牙耳机，续航 30 小时，附柔软收纳袋。',
      'zh-TW': '頭戴式藍牙耳機，續航 30 小時，附柔軟收納袋。',
    },
    price: 12_000,
    stock: 25,
    perUserLimit: 1,
    art: { kind: 'headphones', color: '#2563eb', tint: '#93c5fd' },
  },
  {
    type: 'physical',
    name: { en_US: 'Smart Watch', 'zh-CN': '智能手表', 'zh-TW': '智慧手錶' },
    description: {
      en_US: 'Tracks steps, sleep and heart rate; a week on one charge. Water resistant.',
      'zh-CN': '记录步数、睡眠与心率，一次充电用一周，防水。',
      'zh-TW': '記錄步數、睡眠與心率，一次充電用一週，防水。',
    },
    price: 18_000,
    stock: 12,
    perUserLimit: 1,
    art: { kind: 'watch', color: '#6b7280', tint: '#fcd34d' },
  },
  {
    type: 'physical',
    name: { en_US: 'TAICE Hoodie', 'zh-CN': 'TAICE 连帽卫衣', 'zh-TW': 'TAICE 連帽衛衣' },
    description: {
      en_US: 'Heavy cotton hoodie in violet with the TAICE logo. Sizes S to XXL (tell support yours).',
      'zh-CN': '紫色厚棉连帽卫衣，印有 TAICE 标志。S 至 XXL 码（请告知客服尺码）。',
      'zh-TW': '紫色厚棉連帽衛衣，印有 TAICE 標誌。S 至 XXL 碼（請告知客服尺碼）。',
    },
    price: 6_000,
    stock: 60,
    perUserLimit: 2,
    art: { kind: 'hoodie', color: '#7c3aed', tint: '#c4b5fd', label: 'TAICE' },
  },
  {
    type: 'physical',
    name: { en_US: 'Ceramic Mug', 'zh-CN': '陶瓷马克杯', 'zh-TW': '陶瓷馬克杯' },
    description: {
      en_US: 'A 350 ml glazed mug for the coffee you drink while watching.',
      'zh-CN': '350 毫升釉面马克杯，边看视频边喝咖啡。',
      'zh-TW': '350 毫升釉面馬克杯，邊看影片邊喝咖啡。',
    },
    price: 1_500,
    stock: 200,
    art: { kind: 'mug', color: '#ea580c', tint: '#fed7aa', label: 'TAICE' },
  },
  {
    type: 'physical',
    name: { en_US: 'City Backpack', 'zh-CN': '城市双肩包', 'zh-TW': '城市雙肩包' },
    description: {
      en_US: 'A 20 l backpack with a padded laptop sleeve and a hidden pocket.',
      'zh-CN': '20 升双肩包，带笔记本电脑软垫夹层和隐藏口袋。',
      'zh-TW': '20 公升雙肩包，附筆電軟墊夾層與隱藏口袋。',
    },
    price: 8_000,
    stock: 30,
    art: { kind: 'backpack', color: '#059669', tint: '#a7f3d0' },
  },
  {
    type: 'physical',
    name: { en_US: 'Bluetooth Speaker', 'zh-CN': '蓝牙音箱', 'zh-TW': '藍牙音箱' },
    description: {
      en_US: 'A pocket speaker with deep bass and 12 hours of play.',
      'zh-CN': '口袋大小的音箱，低音浑厚，可播放 12 小时。',
      'zh-TW': '口袋大小的音箱，低音渾厚，可播放 12 小時。',
    },
    price: 9_500,
    stock: 3,
    art: { kind: 'speaker', color: '#db2777', tint: '#fbcfe8' },
  },
  {
    type: 'virtual',
    name: { en_US: 'Gift Card 50', 'zh-CN': '50 元礼品卡', 'zh-TW': '50 元禮品卡' },
    description: {
      en_US: 'A 50-unit shopping gift card. The code arrives in your message center at once.',
      'zh-CN': '50 元购物礼品卡，兑换码将立即发送到消息中心。',
      'zh-TW': '50 元購物禮品卡，兌換碼將立即傳送到訊息中心。',
    },
    price: 5_000,
    stock: CODES_PER_VIRTUAL,
    art: { kind: 'giftcard', color: '#4f46e5', tint: '#c7d2fe', label: 'GIFT 50' },
  },
  {
    type: 'virtual',
    name: { en_US: 'Game Credits', 'zh-CN': '游戏点数', 'zh-TW': '遊戲點數' },
    description: {
      en_US: '1,000 credits for popular online games, delivered as a code.',
      'zh-CN': '热门网络游戏 1000 点数，以兑换码发放。',
      'zh-TW': '熱門線上遊戲 1000 點數，以兌換碼發放。',
    },
    price: 3_000,
    stock: CODES_PER_VIRTUAL,
    perUserLimit: 3,
    art: { kind: 'gamepad', color: '#0f766e', tint: '#99f6e4', label: 'GAME' },
  },
  {
    type: 'virtual',
    name: { en_US: 'Cinema Ticket', 'zh-CN': '电影票', 'zh-TW': '電影票' },
    description: {
      en_US: 'One 2D cinema ticket at partner cinemas. Redeem the code online.',
      'zh-CN': '合作影院 2D 电影票一张，在线使用兑换码。',
      'zh-TW': '合作影院 2D 電影票一張，線上使用兌換碼。',
    },
    price: 2_500,
    stock: CODES_PER_VIRTUAL,
    art: { kind: 'ticket', color: '#dc2626', tint: '#fecaca', label: 'CINEMA' },
  },
  {
    type: 'virtual',
    name: { en_US: 'Mobile Data 10 GB', 'zh-CN': '10GB 流量包', 'zh-TW': '10GB 行動數據' },
    description: {
      en_US: 'A 10 GB mobile data top-up valid for 30 days.',
      'zh-CN': '10GB 手机流量充值，30 天有效。',
      'zh-TW': '10GB 行動數據儲值，30 天有效。',
    },
    price: 2_000,
    stock: CODES_PER_VIRTUAL,
    art: { kind: 'giftcard', color: '#0891b2', tint: '#a5f3fc', label: 'DATA 10GB' },
  },
  ...[30, 90, 365].map((days, i): DemoPrize => ({
    type: 'membership',
    name: {
      en_US: `Membership, ${days} days`,
      'zh-CN': `会员 ${days} 天`,
      'zh-TW': `會員 ${days} 天`,
    },
    description: {
      en_US: `${days} more days of membership: an ad-free player and the member badge.`,
      'zh-CN': `会员延长 ${days} 天：无广告播放与会员徽章。`,
      'zh-TW': `會員延長 ${days} 天：無廣告播放與會員徽章。`,
    },
    price: [3_000, 8_000, 28_000][i]!,
    stock: 10_000,
    membershipDays: days,
    art: { kind: 'crown', color: ['#ca8a04', '#9333ea', '#0f172a'][i]!, tint: '#fde68a', label: `${days} DAYS` },
  })),
];

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

/** The illustration in the storage (generated once per design); its key. */
async function ensureArt(storage: Storage, art: ArtSpec): Promise<string> {
  const key = `demo/prizes/${hashOf({ v: 1, art })}.webp`;
  if (!(await storage.exists(key))) {
    const { default: sharp } = await import('sharp');
    await storage.put(
      key,
      await sharp(Buffer.from(prizeArtSvg(art)))
        .webp({ quality: 86 })
        .toBuffer(),
      'image/webp',
    );
  }
  return key;
}

/** Codes that look like real vouchers, fixed by the prize and position so a second run makes the same. */
const demoCode = (prize: string, i: number) =>
  hashOf({ prize, i })
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1-');

async function seedDemoPrizes({ db, storage, log }: SeedContext): Promise<void> {
  const images = await Promise.all(demoPrizes.map((p) => ensureArt(storage, p.art)));
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const names = demoPrizes.map((p) => p.name.en_US);
    const existing = await tx
      .select({ id: prizes.id, name: sql<string>`${prizes.name}->>'en_US'` })
      .from(prizes)
      .where(inArray(sql`${prizes.name}->>'en_US'`, names));
    const idOf = new Map(existing.map((p) => [p.name, p.id]));
    const missing = demoPrizes.map((p, i) => ({ p, i })).filter(({ p }) => !idOf.has(p.name.en_US));
    if (missing.length > 0) {
      const inserted = await tx
        .insert(prizes)
        .values(
          missing.map(({ p, i }) => ({
            type: p.type,
            name: p.name,
            description: p.description,
            images: [images[i]!],
            price: p.price * 100,
            stock: p.stock,
            perUserLimit: p.perUserLimit ?? null,
            membershipDays: p.membershipDays ?? null,
            sort: (i + 1) * 10,
          })),
        )
        .returning({ id: prizes.id, name: sql<string>`${prizes.name}->>'en_US'` });
      for (const p of inserted) idOf.set(p.name, p.id);
    }
    const codes = demoPrizes
      .filter((p) => p.type === 'virtual')
      .flatMap((p) =>
        Array.from({ length: CODES_PER_VIRTUAL }, (_, i) => ({
          prizeId: idOf.get(p.name.en_US)!,
          code: demoCode(p.name.en_US, i),
        })),
      );
    await tx.insert(prizeCodes).values(codes).onConflictDoNothing();
    log(`demo prizes: ${missing.length} added, ${demoPrizes.length - missing.length} already there`);
  });
}

export const redemptionDemoSeeds: SeedStep[] = [{ name: 'redemption.demo.v1', demo: true, run: seedDemoPrizes }];
