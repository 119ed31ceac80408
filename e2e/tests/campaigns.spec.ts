import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { CampaignCard, CampaignDetail, OpsCampaign } from '@taice/contract';
import { apiGet, apiPost, createAccount, logInAs, verifySecondFactor, type Account } from './api';
import { DESKTOP, ops, PHONE, snap, watchFirstVideo } from './support';

/**
 * The campaign screens against the real server: a member opens the campaign center (from the sidebar on a wide
 * screen), opens an ongoing campaign that needs a join, joins it, watches and shares a video and sees the
 * progress fill and the qualified state. A campaign the member joined ends while they do it; an operator
 * settles it, and its incentive page shows the ended state, the member among the winners and their reward,
 * which opens in PromoteRewards. A visitor asked to join gets the login dialog, and anyone can check a draw.
 */

const strings = {
  en: {
    sidebarCampaign: 'Campaign',
    center: 'Campaigns',
    completed: 'Completed',
    live: 'Live',
    join: 'Join',
    joinedToast: "You're in! Meet every condition before the end to qualify.",
    joined: 'You have joined',
    notQualified: 'Not qualified yet',
    qualified: 'You qualify',
    finalQualified: 'You qualified',
    ended: 'This incentive activity has ended',
    resultsOut: 'The results are out.',
    you: 'You',
    viewReward: 'See it in my rewards',
    pending: 'Being verified',
  },
  tw: {
    sidebarCampaign: '活動',
    center: '活動中心',
    completed: '已結束',
    live: '進行中',
    join: '立即報名',
    joinedToast: '報名成功！在結束前完成所有條件即可達標。',
    joined: '已報名',
    notQualified: '尚未達標',
    qualified: '已達標',
    finalQualified: '你已達標',
    ended: '此激勵活動已結束',
    resultsOut: '結果已公布。',
    you: '我',
    viewReward: '在我的獎勵中查看',
    pending: '審核中',
  },
} as const;

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text, { exact: true });

/** How long the campaign that ends during a journey runs: longer than the steps before its settlement. */
const SHORT_WINDOW_MS = 40_000;

let operator: Account;
let banner: string;

/** A campaign created through the operator API, its title tagged so each journey finds its own. */
async function createCampaign(
  tag: string,
  options: {
    endsInMs: number;
    split: 'equal' | 'rank';
    conditions: { min_watched: number; min_invites: number; min_shares: number };
  },
): Promise<OpsCampaign> {
  const now = Date.now();
  return apiPost<OpsCampaign>(
    '/api/ops/campaigns/create',
    {
      title: { en_US: `Sprint ${tag}`, 'zh-CN': `冲刺 ${tag}`, 'zh-TW': `衝刺 ${tag}` },
      rules: {
        en_US: 'Join, then watch one video and share one.\nThe top two split the jackpot: 70% and 30%.',
        'zh-CN': '报名后观看 1 个视频并分享 1 次。\n前两名瓜分奖池：70% 和 30%。',
        'zh-TW': '報名後觀看 1 個影片並分享 1 次。\n前兩名瓜分獎池：70% 和 30%。',
      },
      banner,
      starts_at: new Date(now - 3_600_000).toISOString(),
      ends_at: new Date(now + options.endsInMs).toISOString(),
      jackpot: 500,
      currency: 'TAICE',
      split: options.split,
      join_mode: 'explicit',
      rank_shares: options.split === 'rank' ? [70, 30] : [],
      conditions: options.conditions,
    },
    operator.token,
  );
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  operator = await createAccount();
  ops('users', 'grant', operator.email, 'admin');
  await verifySecondFactor(operator.token);
  // Campaigns of the tests wear the banner of a demo campaign.
  const demo = await apiGet<{ list: CampaignCard[] }>('/api/frontend/activity/list', operator.token, {
    page: '1',
    size: '20',
  });
  banner = demo.list.find((c) => c.banner)?.banner ?? '/favicon.svg';
});

for (const lang of ['en', 'tw'] as const) {
  for (const size of [PHONE, DESKTOP]) {
    test(`a member joins a campaign, sees the progress, and reads a finished one with their reward (${lang}, ${size.width}px)`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      const t = strings[lang];
      const tag = randomBytes(3).toString('hex');
      const running = await createCampaign(`${tag}-A`, {
        endsInMs: 2 * 86_400_000,
        split: 'rank',
        conditions: { min_watched: 1, min_invites: 0, min_shares: 1 },
      });
      const member = await createAccount();
      // A campaign that ends while the member is busy with the other one; they take part from the start.
      const ending = await createCampaign(`${tag}-B`, {
        endsInMs: SHORT_WINDOW_MS,
        split: 'equal',
        conditions: { min_watched: 0, min_invites: 0, min_shares: 0 },
      });
      await apiPost('/api/frontend/activity/join', { id: ending.id }, member.token);
      const title = (name: string) => (lang === 'en' ? `Sprint ${tag}-${name}` : `衝刺 ${tag}-${name}`);

      await page.setViewportSize(size);
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      if (size === DESKTOP) {
        // The sidebar's Campaign entry lands on the campaign center.
        await logInAs(page, member, '/V2/videos');
        await page.locator('aside').getByRole('link', { name: t.sidebarCampaign, exact: true }).click();
        await expect(page).toHaveURL(/\/V2\/compagin$/);
      } else {
        await logInAs(page, member, '/activitycenter');
      }
      await expect(page.getByRole('heading', { level: 1, name: t.center })).toBeVisible();
      const card = page.getByTestId('campaign-card').filter({ hasText: title('A') });
      await expect(card).toBeVisible();
      await expect(card.getByTestId('campaign-status')).toHaveText(t.live);
      await expect(card).toContainText('500.00');
      await snap(page, `campaigns-center-${lang}`);

      // The ongoing campaign: join it; nothing counted yet.
      await card.getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/activityinfo\\?id=${running.id}$`));
      await expect(page.getByTestId('campaign-title')).toHaveText(title('A'));
      await expect(page.getByTestId('countdown')).toBeVisible();
      await expect(page.getByTestId('rank-shares')).toContainText('350.00');
      const progress = page.getByTestId('my-progress');
      await progress.getByRole('button', { name: t.join }).click();
      await expect(toast(page, t.joinedToast)).toBeVisible();
      await expect(progress.getByTestId('joined')).toHaveText(t.joined);
      await expect(progress.getByTestId('qualified-state')).toHaveText(t.notQualified);
      await expect(progress.getByTestId('condition-watched').getByTestId('condition-figure')).toHaveText(
        /^0\s*\/\s*1$/,
      );
      await expect(progress.getByTestId('condition-shares').getByTestId('condition-figure')).toHaveText(/^0\s*\/\s*1$/);
      await expect(page.getByTestId('campaign-participant').filter({ hasText: t.you })).toBeVisible();
      await snap(page, `campaigns-joined-${lang}`);

      // Something that counts: a video watched, then shared.
      await page.goto('/Home');
      await watchFirstVideo(page, '200.00');
      const videoId = Number(new URL(page.url()).searchParams.get('id'));
      await apiPost('/api/frontend/post/share', { id: videoId, channel: 'copy' }, member.token);
      await page.goto(`/activityinfo?id=${running.id}`);
      await expect(progress.getByTestId('condition-watched').getByTestId('condition-figure')).toHaveText(
        /^1\s*\/\s*1$/,
      );
      await expect(progress.getByTestId('condition-shares').getByTestId('condition-figure')).toHaveText(/^1\s*\/\s*1$/);
      await expect(progress.getByTestId('qualified-state')).toHaveText(t.qualified);
      await expect(progress.getByRole('progressbar').first()).toHaveAttribute('aria-valuenow', '1');
      await snap(page, `campaigns-qualified-${lang}`);

      // The other campaign has ended meanwhile; the operator settles it (the job would, a minute later).
      await expect
        .poll(
          async () =>
            apiPost<OpsCampaign>('/api/ops/campaigns/settle', { id: ending.id }, operator.token).then(
              (c) => c.status,
              () => 'not yet',
            ),
          { timeout: SHORT_WINDOW_MS + 30_000, intervals: [2_000] },
        )
        .toBe('settled');

      // It shows among the completed ones, and its incentive page says it has ended, with the results.
      await page.goto('/activitycenter');
      await page.getByRole('tab', { name: t.completed }).click();
      await expect(page).toHaveURL(/\/activitycenter\?status=completed$/);
      await expect(page.getByTestId('campaign-card').filter({ hasText: title('B') })).toBeVisible();
      await page.goto(`/Incentive?id=${ending.id}`);
      await expect(page.getByTestId('campaign-title')).toHaveText(title('B'));
      const ended = page.getByTestId('campaign-ended');
      await expect(ended).toContainText(t.ended);
      await expect(ended).toContainText(t.resultsOut);
      await expect(page.getByTestId('countdown')).toHaveCount(0);
      await expect(page.getByRole('button', { name: t.join })).toHaveCount(0);
      await expect(page.getByTestId('my-progress').getByTestId('qualified-state')).toHaveText(t.finalQualified);
      const me = page.getByTestId('campaign-winner').filter({ hasText: t.you });
      await expect(me).toContainText('500.00');
      const reward = page.getByTestId('my-reward');
      await expect(reward).toContainText('500.00');
      await expect(reward.getByTestId('reward-status')).toHaveText(t.pending);
      await snap(page, `campaigns-incentive-ended-${lang}`);

      // The reward opens among the member's rewards.
      const detail = await apiGet<CampaignDetail>('/api/frontend/activity/detail', member.token, {
        id: String(ending.id),
      });
      await reward.getByRole('link', { name: t.viewReward }).click();
      await expect(page).toHaveURL(new RegExp(`/PromoteRewards\\?id=${detail.me!.reward!.id}$`));
      await expect(page.getByRole('dialog')).toContainText(title('B'));
    });
  }
}

test('a visitor is asked to log in to join, and anyone can check a finished draw (en, 390px and 1280px)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const running = await createCampaign(`${tag}-V`, {
    endsInMs: 86_400_000,
    split: 'rank',
    conditions: { min_watched: 1, min_invites: 0, min_shares: 1 },
  });
  await page.setViewportSize(PHONE);
  await page.goto(`/activityinfo?id=${running.id}`);
  const progress = page.getByTestId('my-progress');
  await expect(progress.getByTestId('condition-watched')).toContainText('Goal: 1');
  await progress.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await snap(page, 'campaigns-visitor');

  // The demo's finished draw: its seed, revealed, checks against the commitment and the winners' tickets.
  await page.setViewportSize(DESKTOP);
  await page.goto('/activitycenter?status=completed');
  await page.getByTestId('campaign-card').filter({ hasText: 'Launch Lucky Draw' }).getByRole('link').click();
  await expect(page.getByTestId('campaign-ended')).toContainText('This incentive activity has ended');
  await expect(page.getByTestId('draw-commitment')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(page.getByTestId('draw-seed')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(page.getByTestId('campaign-winner').first()).toBeVisible();
  await page.getByRole('button', { name: 'Check the draw' }).click();
  const check = page.getByTestId('draw-check');
  await expect(check).toContainText('The seed matches the published commitment.');
  await expect(check).toContainText("Every winner's ticket is SHA-256(seed:user id).");
  await expect(check).toContainText('The winners are in the order of their tickets, smallest first.');
  await snap(page, 'campaigns-draw-checked');
});

test('a join that comes after the end gets the server’s answer and the page turns to the ended state (tw, 390px)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const closing = await createCampaign(`${tag}-L`, {
    endsInMs: 8_000,
    split: 'equal',
    conditions: { min_watched: 0, min_invites: 0, min_shares: 0 },
  });
  const member = await createAccount();
  await page.setViewportSize(PHONE);
  await page.addInitScript(() => localStorage.setItem('lang', 'tw'));
  // The page's clock stands still, as a page left open would be a moment behind: it still offers Join.
  await page.clock.setFixedTime(new Date());
  await logInAs(page, member, `/activityinfo?id=${closing.id}`);
  const join = page.getByTestId('my-progress').getByRole('button', { name: strings.tw.join });
  await expect(join).toBeVisible();
  await expect
    .poll(
      async () =>
        (await apiGet<CampaignDetail>('/api/frontend/activity/detail', member.token, { id: String(closing.id) }))
          .status,
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe('ended');
  await join.click();
  await expect(toast(page, strings.tw.ended)).toBeVisible();
  await expect(page.getByTestId('campaign-ended')).toContainText(strings.tw.ended);
  await expect(join).toHaveCount(0);
  await snap(page, 'campaigns-join-too-late-tw');
});
