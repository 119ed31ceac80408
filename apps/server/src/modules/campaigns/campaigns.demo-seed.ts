import { createHash, randomBytes } from 'node:crypto';
import { asc, inArray, like, sql } from 'drizzle-orm';
import type { Localized } from '@taice/contract';
import type { SeedContext, SeedStep } from '../../seed/seed';
import type { Storage } from '../../platform/media/storage';
import { users } from '../accounts/accounts.schema';
import { userRewards } from '../races/races.schema';
import { bannerSvg, type BannerSpec } from './banner-art';
import { campaignParticipants, campaigns } from './campaigns.schema';
import { meetsConditions, scoreOf, type CampaignRow } from './progress';
import { sha256Hex, splitJackpot } from './split';

/**
 * Demo campaigns, so the activity center is alive at first start: two running (one members join, one everyone
 * takes part in) and one finished draw with its results, each with a generated banner and texts in the three
 * languages. Windows are placed around the time of seeding. A second run adds only what is missing
 * (campaigns are known by their English title). Progress of the running ones comes from real activity
 * through the refresh job; the finished one keeps the figures written here.
 */

/** Serialises concurrent runs of this step. */
const SEED_LOCK = 7_246_130_021;
/** The demo accounts of the videos demo seed. */
const DEMO_EMAILS = '%@demo.taice.io';
const DAY_MS = 86_400_000;

interface DemoCampaign {
  key: 'marathon' | 'sharing' | 'draw';
  title: Localized;
  rules: Localized;
  banner: BannerSpec;
  /** Days from seeding. */
  startsIn: number;
  endsIn: number;
  columns: Pick<
    CampaignRow,
    'jackpot' | 'currency' | 'split' | 'joinMode' | 'winners' | 'rankShares' | 'minWatched' | 'minInvites' | 'minShares'
  >;
}

const demoCampaigns: DemoCampaign[] = [
  {
    key: 'marathon',
    title: { en_US: 'Weekly Watch Marathon', 'zh-CN': '每周观看马拉松', 'zh-TW': '每週觀看馬拉松' },
    rules: {
      en_US:
        'Join, then watch at least 5 videos and share 1 before the end.\nThe top 3 by videos watched + friends invited + shares split 10,000 TAICE: 50%, 30% and 20%.\nTies go to the earlier account. Prizes are paid after verification, within a week.',
      'zh-CN':
        '报名后，在活动结束前观看至少 5 个视频并分享 1 次。\n按观看视频数 + 邀请好友数 + 分享次数排名，前 3 名瓜分 10,000 TAICE：50%、30%、20%。\n同分时注册较早的账户优先。奖励审核通过后一周内发放。',
      'zh-TW':
        '報名後，在活動結束前觀看至少 5 個影片並分享 1 次。\n按觀看影片數 + 邀請好友數 + 分享次數排名，前 3 名瓜分 10,000 TAICE：50%、30%、20%。\n同分時註冊較早的帳戶優先。獎勵審核通過後一週內發放。',
    },
    banner: {
      from: '#4f46e5',
      to: '#0f172a',
      accent: '#fbbf24',
      headline: 'WATCH MARATHON',
      subline: '10,000 TAICE · TOP 3',
    },
    startsIn: -2,
    endsIn: 5,
    columns: {
      jackpot: 1_000_000,
      currency: 'TAICE',
      split: 'rank',
      joinMode: 'explicit',
      winners: null,
      rankShares: [5_000, 3_000, 2_000],
      minWatched: 5,
      minInvites: 0,
      minShares: 1,
    },
  },
  {
    key: 'sharing',
    title: { en_US: 'Share & Earn Week', 'zh-CN': '分享赚币周', 'zh-TW': '分享賺幣週' },
    rules: {
      en_US:
        'Everyone takes part: no sign-up needed.\nWatch 3 videos and share 3 times during the week.\nEveryone who does shares 5,000 TAICE equally.',
      'zh-CN': '全员自动参与，无需报名。\n活动期间观看 3 个视频并分享 3 次。\n完成的用户平分 5,000 TAICE。',
      'zh-TW': '全員自動參與，無需報名。\n活動期間觀看 3 個影片並分享 3 次。\n完成的使用者平分 5,000 TAICE。',
    },
    banner: {
      from: '#059669',
      to: '#134e4a',
      accent: '#a7f3d0',
      headline: 'SHARE & EARN',
      subline: '5,000 TAICE · SHARED EQUALLY',
    },
    startsIn: -1,
    endsIn: 9,
    columns: {
      jackpot: 500_000,
      currency: 'TAICE',
      split: 'equal',
      joinMode: 'auto',
      winners: null,
      rankShares: [],
      minWatched: 3,
      minInvites: 0,
      minShares: 3,
    },
  },
  {
    key: 'draw',
    title: { en_US: 'Launch Lucky Draw', 'zh-CN': '上线幸运抽奖', 'zh-TW': '上線幸運抽獎' },
    rules: {
      en_US:
        'Join and watch 3 videos and share once to enter the draw.\n5 winners share 3,000 TAICE.\nThe draw seed was published as its SHA-256 when the campaign was created; a winner has one of the smallest SHA-256(seed:user id).',
      'zh-CN':
        '报名并观看 3 个视频、分享 1 次即可参与抽奖。\n5 位中奖者平分 3,000 TAICE。\n抽奖种子在活动创建时以 SHA-256 公布；SHA-256(种子:用户ID) 最小者中奖。',
      'zh-TW':
        '報名並觀看 3 個影片、分享 1 次即可參與抽獎。\n5 位中獎者平分 3,000 TAICE。\n抽獎種子在活動建立時以 SHA-256 公布；SHA-256(種子:使用者ID) 最小者中獎。',
    },
    banner: {
      from: '#db2777',
      to: '#4c1d95',
      accent: '#fde68a',
      headline: 'LUCKY DRAW',
      subline: '3,000 TAICE · 5 WINNERS',
    },
    startsIn: -20,
    endsIn: -6,
    columns: {
      jackpot: 300_000,
      currency: 'TAICE',
      split: 'draw',
      joinMode: 'explicit',
      winners: 5,
      rankShares: [],
      minWatched: 3,
      minInvites: 0,
      minShares: 1,
    },
  },
];

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

/** The banner in the storage (generated once per design); its key. */
async function ensureBanner(storage: Storage, spec: BannerSpec): Promise<string> {
  const key = `demo/campaigns/${hashOf({ v: 1, spec })}.webp`;
  if (!(await storage.exists(key))) {
    const { default: sharp } = await import('sharp');
    await storage.put(
      key,
      await sharp(Buffer.from(bannerSvg(spec)))
        .webp({ quality: 84 })
        .toBuffer(),
      'image/webp',
    );
  }
  return key;
}

/** Made-up final figures of the finished draw's participants, fixed by their place. */
const drawFigures = (i: number) => ({ watched: 2 + ((i * 7) % 9), invites: i % 3, shares: (i * 5) % 4 });

async function seedDemoCampaigns({ db, storage, log }: SeedContext): Promise<void> {
  const banners = await Promise.all(demoCampaigns.map((c) => ensureBanner(storage, c.banner)));
  const seededAt = new Date();
  const daysFromNow = (days: number) => new Date(seededAt.getTime() + days * DAY_MS);

  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const existing = await tx
      .select({ title: sql<string>`${campaigns.title}->>'en_US'` })
      .from(campaigns)
      .where(
        inArray(
          sql`${campaigns.title}->>'en_US'`,
          demoCampaigns.map((c) => c.title.en_US),
        ),
      );
    const known = new Set(existing.map((c) => c.title));
    const demoUsers = await tx
      .select({ id: users.id })
      .from(users)
      .where(like(users.email, DEMO_EMAILS))
      .orderBy(asc(users.id))
      .limit(12);
    let added = 0;
    for (const [i, demo] of demoCampaigns.entries()) {
      if (known.has(demo.title.en_US)) continue;
      const seed = randomBytes(32).toString('hex');
      const startsAt = daysFromNow(demo.startsIn);
      const endsAt = daysFromNow(demo.endsIn);
      const [c] = await tx
        .insert(campaigns)
        .values({
          title: demo.title,
          rules: demo.rules,
          banner: banners[i]!,
          startsAt,
          endsAt,
          ...demo.columns,
          drawSeed: seed,
          drawCommitment: sha256Hex(seed),
          createdAt: daysFromNow(demo.startsIn - 3),
          updatedAt: daysFromNow(demo.startsIn - 3),
        })
        .returning();
      added += 1;
      if (demo.key === 'marathon' && demoUsers.length > 0) {
        // Members who pressed Join; their progress is counted by the refresh job.
        const joined = demoUsers.slice(0, 8);
        await tx
          .insert(campaignParticipants)
          .values(joined.map((u, n) => ({ campaignId: c!.id, userId: u.id, joinedAt: daysFromNow(-1.5 + n / 10) })));
        await tx
          .update(campaigns)
          .set({ participants: joined.length })
          .where(sql`${campaigns.id} = ${c!.id}`);
      }
      if (demo.key === 'draw' && demoUsers.length > 0) {
        const rows = demoUsers.map((u, n) => {
          const figures = drawFigures(n);
          return {
            campaignId: c!.id,
            userId: u.id,
            joinedAt: daysFromNow(demo.startsIn + 1 + n / 10),
            ...figures,
            score: scoreOf(figures),
            qualified: meetsConditions(c!, figures),
          };
        });
        await tx.insert(campaignParticipants).values(rows);
        const prizes = splitJackpot(
          c!,
          rows.filter((r) => r.qualified),
        );
        const settledAt = new Date(endsAt.getTime() + 120_000);
        if (prizes.length > 0) {
          await tx.insert(userRewards).values(
            prizes.map((p) => ({
              userId: p.userId,
              source: 'campaign' as const,
              sourceId: c!.id,
              title: demo.title,
              rank: p.rank,
              amount: p.amount,
              currency: demo.columns.currency,
              status: 'pending' as const,
              createdAt: settledAt,
            })),
          );
        }
        await tx
          .update(campaigns)
          .set({
            participants: rows.length,
            qualified: rows.filter((r) => r.qualified).length,
            refreshedAt: settledAt,
            settledAt,
          })
          .where(sql`${campaigns.id} = ${c!.id}`);
      }
    }
    log(`demo campaigns: ${added} added, ${demoCampaigns.length - added} already there`);
  });
}

export const campaignsDemoSeeds: SeedStep[] = [{ name: 'campaigns.demo.v1', demo: true, run: seedDemoCampaigns }];
