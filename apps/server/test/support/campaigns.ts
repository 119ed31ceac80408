import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { opsCampaignCalls, type CallBody, type OpsCampaign } from '@taice/contract';
import { createSettlement } from '../../src/modules/campaigns/settlement';
import { createMessages } from '../../src/modules/messages/messages.module';
import { createRewardNotices } from '../../src/modules/races/reward-notices';
import { businessDay } from '../../src/platform/time/business-day';
import type { Registered } from './accounts';
import type { TestApp } from './test-app';
import { createPost } from './videos';

export type CampaignBody = CallBody<typeof opsCampaignCalls.opsCampaignCreate>;

const HOUR_MS = 3_600_000;
let made = 0;

/** Valid settings: running from an hour from now for a day, 100 TAICE shared equally, no conditions. */
export function campaignBody(t: TestApp, change: Partial<CampaignBody> = {}): CampaignBody {
  made += 1;
  const now = t.clock.now().getTime();
  return {
    title: { en_US: `Test campaign ${made}`, 'zh-CN': `测试活动 ${made}`, 'zh-TW': `測試活動 ${made}` },
    rules: { en_US: 'Line one\nLine two', 'zh-CN': '规则', 'zh-TW': '規則' },
    banner: 'https://cdn.example.com/banner.webp',
    starts_at: new Date(now + HOUR_MS).toISOString(),
    ends_at: new Date(now + 25 * HOUR_MS).toISOString(),
    jackpot: 100,
    split: 'equal',
    ...change,
  };
}

/** A campaign created through the operator API by `admin`. */
export async function createCampaign(
  t: TestApp,
  admin: Registered,
  change: Partial<CampaignBody> = {},
): Promise<OpsCampaign> {
  const res = await t.call(
    opsCampaignCalls.opsCampaignCreate,
    { body: campaignBody(t, change) },
    { token: admin.token },
  );
  if (res.code !== 0) throw new Error(`campaign create failed: ${res.msg}`);
  return res.data;
}

/** The campaigns' job (refresh and settlement) on the test's clock, as the scheduled job runs it. */
export function campaignJob(t: TestApp) {
  const { db } = t.database;
  return createSettlement({
    db,
    clock: t.clock,
    notices: createRewardNotices(createMessages({ db, clock: t.clock })),
  });
}

/**
 * Activity written straight into the tables progress is counted from, at the clock's time: videos watched on
 * the business day (as the heartbeat batch leaves them) and shares of a fresh video.
 */
export async function addActivity(t: TestApp, userId: number, activity: { watched?: number; shares?: number }) {
  const { db } = t.database;
  const now = t.clock.now();
  if (activity.watched) {
    await db.execute(sql`
      insert into user_daily_stats (user_id, day, watched_videos) values (${userId}, ${businessDay(now)}, ${activity.watched})
      on conflict (user_id, day) do update set watched_videos = user_daily_stats.watched_videos + excluded.watched_videos`);
  }
  if (activity.shares) {
    const postId = await createPost(t, userId);
    for (let i = 0; i < activity.shares; i++) {
      await db.execute(sql`
        insert into shares (code, post_id, user_id, channel, created_at)
        values (${randomBytes(8).toString('hex')}, ${postId}, ${userId}, 'copy', ${now.toISOString()}::timestamptz)`);
    }
  }
}
