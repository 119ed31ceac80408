import type { Localized } from '@taice/contract';
import type { SeedStep } from '../../seed/seed';
import { SYSTEM_ACCOUNTS } from './ledger';
import { inviteTasks, ledgerAccounts, pointsSettings, signInConfigs, taskTemplates } from './points.schema';

/** TAICE → hundredths. */
const taice = (n: number) => Math.round(n * 100);

/** Amounts and caps of spec section 9 (product decisions: configuration, not literals). */
export const DEFAULT_SETTINGS = {
  new_user_reward: taice(200),
  referral_reward: taice(500),
  'sign_in.seven_day_bonus': taice(100),
  'daily.group_bonus': taice(100),
  'daily.max_groups': 5,
} as const;
export type PointsSettingKey = keyof typeof DEFAULT_SETTINGS;

const SIGN_IN_REWARDS = [10, 10, 20, 20, 30, 30, 50];

type Template = {
  code: string;
  taskType: 'new_user' | 'day' | 'week' | 'advanced';
  taskKey: string;
  unitKey?: 'time' | 'other';
  totalNum: number;
  point: number;
  groupNo?: number;
  name: Localized;
};

const watchMinutes = (n: number): Localized => ({
  en_US: `Watch videos for ${n} minutes`,
  'zh-CN': `观看视频 ${n} 分钟`,
  'zh-TW': `觀看影片 ${n} 分鐘`,
});
const watchVideos = (n: number): Localized => ({
  en_US: n === 1 ? 'Watch a video' : `Watch ${n} videos`,
  'zh-CN': `观看 ${n} 个视频`,
  'zh-TW': `觀看 ${n} 部影片`,
});
const like = (n: number): Localized => ({
  en_US: n === 1 ? 'Like a video' : `Like ${n} videos`,
  'zh-CN': `点赞 ${n} 个视频`,
  'zh-TW': `按讚 ${n} 部影片`,
});
const comment = (n: number): Localized => ({
  en_US: n === 1 ? 'Comment on a video' : `Post ${n} comments`,
  'zh-CN': `发表 ${n} 条评论`,
  'zh-TW': `發表 ${n} 則留言`,
});
const share = (n: number): Localized => ({
  en_US: n === 1 ? 'Share a video' : `Share ${n} videos`,
  'zh-CN': `分享 ${n} 个视频`,
  'zh-TW': `分享 ${n} 部影片`,
});
const invite = (n: number): Localized => ({
  en_US: n === 1 ? 'Invite a friend' : `Invite ${n} friends`,
  'zh-CN': `邀请 ${n} 位好友`,
  'zh-TW': `邀請 ${n} 位好友`,
});

/** Five daily groups of three subtasks, each group a little harder. */
const dailyGroups: [Template['taskKey'], 'time' | 'other', number, number, Localized][][] = [
  [
    ['watch_video', 'time', 3, 10, watchMinutes(3)],
    ['like', 'other', 1, 5, like(1)],
    ['watch_video', 'other', 2, 10, watchVideos(2)],
  ],
  [
    ['watch_video', 'time', 5, 10, watchMinutes(5)],
    ['comment', 'other', 1, 10, comment(1)],
    ['share_post', 'other', 1, 10, share(1)],
  ],
  [
    ['watch_video', 'time', 8, 15, watchMinutes(8)],
    ['like', 'other', 3, 10, like(3)],
    ['watch_video', 'other', 4, 15, watchVideos(4)],
  ],
  [
    ['watch_video', 'time', 10, 20, watchMinutes(10)],
    ['comment', 'other', 2, 15, comment(2)],
    ['share_post', 'other', 2, 15, share(2)],
  ],
  [
    ['watch_video', 'time', 15, 25, watchMinutes(15)],
    ['like', 'other', 5, 15, like(5)],
    ['watch_video', 'other', 6, 20, watchVideos(6)],
  ],
];

const templates: Template[] = [
  ...dailyGroups.flatMap((group, g) =>
    group.map(([taskKey, unitKey, totalNum, point, name], i) => ({
      code: `day.${g + 1}.${i + 1}`,
      taskType: 'day' as const,
      taskKey,
      unitKey,
      totalNum,
      point,
      groupNo: g + 1,
      name,
    })),
  ),
  {
    code: 'new_user.sign_in',
    taskType: 'new_user',
    taskKey: 'sign_in',
    totalNum: 1,
    point: 20,
    name: {
      en_US: 'Sign in for the first time',
      'zh-CN': '完成首次签到',
      'zh-TW': '完成首次簽到',
    },
  },
  { code: 'new_user.comment', taskType: 'new_user', taskKey: 'comment', totalNum: 1, point: 20, name: comment(1) },
  { code: 'new_user.share', taskType: 'new_user', taskKey: 'share_post', totalNum: 1, point: 30, name: share(1) },
  { code: 'new_user.invite', taskType: 'new_user', taskKey: 'invite', totalNum: 1, point: 50, name: invite(1) },
  {
    code: 'week.watch',
    taskType: 'week',
    taskKey: 'watch_video',
    unitKey: 'time',
    totalNum: 60,
    point: 100,
    name: watchMinutes(60),
  },
  {
    code: 'week.sign_in',
    taskType: 'week',
    taskKey: 'sign_in',
    totalNum: 5,
    point: 100,
    name: {
      en_US: 'Sign in on 5 days this week',
      'zh-CN': '本周签到 5 天',
      'zh-TW': '本週簽到 5 天',
    },
  },
  { code: 'week.share', taskType: 'week', taskKey: 'share_post', totalNum: 5, point: 50, name: share(5) },
  { code: 'week.invite', taskType: 'week', taskKey: 'invite', totalNum: 2, point: 100, name: invite(2) },
  {
    code: 'advanced.buy_spk_nft',
    taskType: 'advanced',
    taskKey: 'buy_spk_nft',
    totalNum: 1,
    point: 500,
    name: {
      en_US: 'Buy an SPK spectacles NFT',
      'zh-CN': '购买一个 SPK 眼镜 NFT',
      'zh-TW': '購買一個 SPK 眼鏡 NFT',
    },
  },
  {
    code: 'advanced.invite_base_nft',
    taskType: 'advanced',
    taskKey: 'invite_base_nft',
    totalNum: 1,
    point: 500,
    name: {
      en_US: 'Invite a friend who buys an NFT',
      'zh-CN': '邀请一位购买 NFT 的好友',
      'zh-TW': '邀請一位購買 NFT 的好友',
    },
  },
  { code: 'advanced.invite', taskType: 'advanced', taskKey: 'invite', totalNum: 10, point: 1000, name: invite(10) },
];

const INVITE_MILESTONES = [
  [1, 50],
  [5, 300],
  [10, 800],
  [50, 5000],
] as const;

export const pointsSeeds: SeedStep[] = [
  {
    name: 'points.rules.v1',
    demo: false,
    async run({ db }) {
      for (const kind of SYSTEM_ACCOUNTS) {
        await db.insert(ledgerAccounts).values({ kind }).onConflictDoNothing();
      }
      await db
        .insert(pointsSettings)
        .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
        .onConflictDoNothing();
      await db
        .insert(signInConfigs)
        .values(SIGN_IN_REWARDS.map((reward, i) => ({ day: i + 1, reward: taice(reward) })))
        .onConflictDoNothing();
      await db
        .insert(taskTemplates)
        .values(templates.map((t, i) => ({ ...t, point: taice(t.point), sort: i + 1 })))
        .onConflictDoNothing();
      await db
        .insert(inviteTasks)
        .values(INVITE_MILESTONES.map(([inviteNum, point]) => ({ inviteNum, point: taice(point) })))
        .onConflictDoNothing();
    },
  },
  {
    // Operators' balance adjustments (decision 045) came after the first step had run on existing databases.
    name: 'points.adjustments-account.v1',
    demo: false,
    async run({ db }) {
      await db.insert(ledgerAccounts).values({ kind: 'adjustments' }).onConflictDoNothing();
    },
  },
  {
    // The escrow of reward pools on videos (decision 050).
    name: 'points.pools-account.v1',
    demo: false,
    async run({ db }) {
      await db.insert(ledgerAccounts).values({ kind: 'pools' }).onConflictDoNothing();
    },
  },
];
