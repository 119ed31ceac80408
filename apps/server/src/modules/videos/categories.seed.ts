import type { Localized } from '@taice/contract';
import type { SeedStep } from '../../seed/seed';
import { categories } from './videos.schema';

const seeded: { key: string; name: Localized }[] = [
  { key: 'ai', name: { en_US: 'AI', 'zh-CN': 'AI 创作', 'zh-TW': 'AI 創作' } },
  { key: 'gaming', name: { en_US: 'Gaming', 'zh-CN': '游戏', 'zh-TW': '遊戲' } },
  { key: 'music', name: { en_US: 'Music', 'zh-CN': '音乐', 'zh-TW': '音樂' } },
  { key: 'crypto', name: { en_US: 'Crypto', 'zh-CN': '加密货币', 'zh-TW': '加密貨幣' } },
  { key: 'tech', name: { en_US: 'Tech', 'zh-CN': '科技', 'zh-TW': '科技' } },
  { key: 'travel', name: { en_US: 'Travel', 'zh-CN': '旅行', 'zh-TW': '旅行' } },
  { key: 'food', name: { en_US: 'Food', 'zh-CN': '美食', 'zh-TW': '美食' } },
  { key: 'funny', name: { en_US: 'Funny', 'zh-CN': '搞笑', 'zh-TW': '搞笑' } },
];

/** The video categories; an operator may rename or reorder them later. */
export const categorySeeds: SeedStep[] = [
  {
    name: 'videos.categories.v1',
    demo: false,
    async run({ db }) {
      await db
        .insert(categories)
        .values(seeded.map((c, i) => ({ ...c, sort: i + 1 })))
        .onConflictDoNothing();
    },
  },
];
