import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { API_LANGS, DOC_TYPES, type Localized } from '@taice/contract';
import { seedDataDir } from '../../platform/process/paths';
import type { SeedStep } from '../../seed/seed';
import { banners, documents, keyValues } from './content.schema';

const settings: { key: string; value: string | Localized; description: string }[] = [
  { key: 'site.name', value: 'TAICE', description: 'Product name shown in the header and titles' },
  {
    key: 'site.slogan',
    value: { en_US: 'Watch. Earn. Redeem.', 'zh-CN': '看视频，赚积分，换好礼', 'zh-TW': '看影片，賺積分，換好禮' },
    description: 'Short line under the logo and on the start page',
  },
  { key: 'contact.email', value: 'support@taice.io', description: 'Support e-mail address' },
  { key: 'contact.telegram', value: 'https://t.me/taice_official', description: 'Telegram community link' },
  { key: 'contact.twitter', value: 'https://x.com/taice_official', description: 'X (Twitter) account link' },
  { key: 'contact.discord', value: 'https://discord.gg/taice', description: 'Discord server link' },
  {
    key: 'contact.youtube',
    value: 'https://www.youtube.com/@taice_official',
    description: 'YouTube channel link',
  },
];

/** How every placeholder document of the first release began. */
const PLACEHOLDER_START = 'Temporary text paragraph';

async function readDocument(type: string, lang: string) {
  const file = path.join(seedDataDir, 'docs', `${type}.${lang}.md`);
  const text = (await fs.readFile(file, 'utf8')).replace(/\r\n/g, '\n');
  const [first = '', ...rest] = text.split('\n');
  return { title: first.replace(/^#\s*/, '').trim(), content: rest.join('\n').trim() };
}

/** Every document in every language, as the files in `seed-data/docs` hold them (the first line the title). */
async function documentFiles() {
  const rows = [];
  for (const type of DOC_TYPES) {
    for (const lang of API_LANGS) rows.push({ type, lang, ...(await readDocument(type, lang)) });
  }
  return rows;
}

const demoBanners = [
  {
    slug: 'home-watch-earn',
    image: '/static/banners/watch-earn.svg',
    link: '/V2/task',
    title: {
      en_US: 'Watch videos, earn TAICE',
      'zh-CN': '看视频，赚 TAICE',
      'zh-TW': '看影片，賺 TAICE',
    },
    subtitle: {
      en_US: 'Every minute you watch counts towards your daily tasks',
      'zh-CN': '观看的每一分钟都计入每日任务',
      'zh-TW': '觀看的每一分鐘都計入每日任務',
    },
  },
  {
    slug: 'home-invite',
    image: '/static/banners/invite.svg',
    link: '/Referral',
    title: {
      en_US: 'Invite friends, get 500 TAICE each',
      'zh-CN': '邀请好友，每位奖励 500 TAICE',
      'zh-TW': '邀請好友，每位獎勵 500 TAICE',
    },
    subtitle: {
      en_US: 'Paid once your friend watches a video and shares one',
      'zh-CN': '好友观看并分享一个视频后即可到账',
      'zh-TW': '好友觀看並分享一部影片後即可入帳',
    },
  },
  {
    slug: 'home-redeem',
    image: '/static/banners/redeem.svg',
    link: '/V2/exchange',
    title: {
      en_US: 'Redeem real rewards',
      'zh-CN': '兑换真实好礼',
      'zh-TW': '兌換真實好禮',
    },
    subtitle: {
      en_US: 'Gadgets, gift cards and membership in the redemption center',
      'zh-CN': '数码好物、礼品卡和会员，尽在兑换中心',
      'zh-TW': '數位好物、禮品卡和會員，盡在兌換中心',
    },
  },
];

export const contentSeeds: SeedStep[] = [
  {
    name: 'content.settings.v1',
    demo: false,
    async run({ db }) {
      await db.insert(keyValues).values(settings).onConflictDoNothing();
    },
  },
  {
    name: 'content.documents.v1',
    demo: false,
    async run({ db }) {
      await db
        .insert(documents)
        .values(await documentFiles())
        .onConflictDoNothing();
    },
  },
  {
    // The first release seeded placeholder paragraphs: they give way to the real texts, a document an
    // operator has written since is left as it is.
    name: 'content.documents.v2',
    demo: false,
    async run({ db }) {
      for (const doc of await documentFiles()) {
        await db
          .update(documents)
          .set({ title: doc.title, content: doc.content, updatedAt: new Date() })
          .where(
            and(
              eq(documents.type, doc.type),
              eq(documents.lang, doc.lang),
              like(documents.content, `${PLACEHOLDER_START}%`),
            ),
          );
      }
    },
  },
  {
    name: 'content.banners.v1',
    demo: true,
    async run({ db }) {
      await db
        .insert(banners)
        .values(demoBanners.map((b, i) => ({ ...b, position: 'home', sort: i })))
        .onConflictDoNothing();
    },
  },
];
