import { POOL_TYPE, WATCHED_AFTER_SECONDS, type ApiLang, type Localized, type PoolTypeInfo } from '@taice/contract';

interface PoolKind {
  type: number;
  name: Localized;
  description: Localized;
  /** The seconds to watch are the platform's counted watch, not the creator's. */
  fixedWatch: boolean;
}

/** The kinds of pool (decision 050): both pay a fixed amount per viewer until the pool is spent. */
const KINDS: PoolKind[] = [
  {
    type: POOL_TYPE.watch,
    name: { en_US: 'Watch reward', 'zh-CN': '观看奖励', 'zh-TW': '觀看獎勵' },
    description: {
      en_US: 'Each viewer who watches the video for the seconds you choose gets the reward',
      'zh-CN': '每位观看视频达到指定秒数的观众可获得奖励',
      'zh-TW': '每位觀看影片達到指定秒數的觀眾可獲得獎勵',
    },
    fixedWatch: false,
  },
  {
    type: POOL_TYPE.first_viewers,
    name: { en_US: 'First viewers', 'zh-CN': '先到先得', 'zh-TW': '先到先得' },
    description: {
      en_US: `The first viewers whose watch counts (${WATCHED_AFTER_SECONDS} s, or half a short video) get the reward`,
      'zh-CN': `最先完成有效观看（${WATCHED_AFTER_SECONDS} 秒，短视频为一半时长）的观众获得奖励`,
      'zh-TW': `最先完成有效觀看（${WATCHED_AFTER_SECONDS} 秒，短影片為一半長度）的觀眾獲得獎勵`,
    },
    fixedWatch: true,
  },
];

export function poolTypes(lang: ApiLang): PoolTypeInfo[] {
  return KINDS.map((k) => ({
    type: k.type,
    name: k.name[lang],
    description: k.description[lang],
    fixed_watch: k.fixedWatch ? 1 : 0,
  }));
}

/**
 * The seconds a pool of `type` asks of a viewer on a video of `duration` seconds: the creator's for a watch
 * reward, the counted watch (10 s, or half a shorter video, rounded up) for first viewers.
 */
export function watchSecondsFor(type: number, duration: number, asked: number | undefined): number | undefined {
  if (type === POOL_TYPE.first_viewers) return Math.max(1, Math.ceil(Math.min(WATCHED_AFTER_SECONDS, duration / 2)));
  return asked;
}
