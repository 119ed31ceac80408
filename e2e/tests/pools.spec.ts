import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiPost, createAccount, logInAs, verifySecondFactor, type Account } from './api';
import { sql } from './database';
import { DESKTOP, ops, PHONE, snap } from './support';

/**
 * Reward pools in the browser, against the real server: a creator with TAICE funds a pool on their ready
 * video; a second member watches it, sees the countdown, claims and sees the celebration; the creator sees
 * the rewards left drop, and the channel's statistics count the payout. Once in English at 1280 px, once in Simplified Chinese at 390 px (and the creator's
 * panel once in Traditional Chinese).
 */

const journeys = [
  {
    lang: 'en',
    size: DESKTOP,
    t: {
      panel: 'Reward pool',
      empty: 'No reward pool yet',
      fund: 'Fund a pool',
      total: 'Total (TAICE)',
      perViewer: 'Per viewer (TAICE)',
      seconds: 'Seconds to watch',
      viewers: 'Rewards 5 viewers',
      submit: 'Fund 5.00 TAICE',
      funded: 'Reward pool funded',
      left: (n: number) => `${n} of 5 rewards left`,
      claimedCount: '1 claimed',
      countdown: /Keep watching: \d+ s to go/,
      claim: 'Claim 1.00 TAICE',
      celebrate: 'Reward claimed!',
      claimed: 'Claimed',
      payouts: 'Paid from your pools (TAICE)',
    },
  },
  {
    lang: 'cn',
    size: PHONE,
    t: {
      panel: '奖励池',
      empty: '还没有奖励池',
      fund: '设立奖励池',
      total: '总额（TAICE）',
      perViewer: '每人奖励（TAICE）',
      seconds: '需观看秒数',
      viewers: '可奖励 5 位观众',
      submit: '注资 5.00 TAICE',
      funded: '奖励池已设立',
      left: (n: number) => `剩余 ${n} / 5 份奖励`,
      claimedCount: '已领取 1 份',
      countdown: /继续观看：还需 \d+ 秒/,
      claim: '领取 1.00 TAICE',
      celebrate: '奖励已领取！',
      claimed: '已领取',
      payouts: '奖励池发放（TAICE）',
    },
  },
] as const;

let operator: Account;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  operator = await createAccount();
  ops('users', 'grant', operator.email, 'admin');
  await verifySecondFactor(operator.token);
});

/** Gives `account` spendable TAICE as an operator would (an adjustment through the ledger). */
async function giveTaice(account: Account, amount: number) {
  await apiPost(
    '/api/ops/users/adjust',
    {
      user_id: account.user.id,
      amount,
      reason: 'e2e: reward pool budget',
      idempotency_key: randomBytes(12).toString('hex'),
    },
    operator.token,
  );
}

/**
 * A ready video of the creator's own: a copy of the longest published demo video (its media and poster), as
 * the studio would have left it once processed. The demo catalogue may still be processing at start-up.
 */
async function readyVideoOf(creator: Account): Promise<{ id: number; duration: number }> {
  await expect
    .poll(async () => (await sql(`select count(*)::int as n from posts where status = 1`)).rows[0].n, {
      timeout: 120_000,
      intervals: [1_000],
    })
    .toBeGreaterThan(0);
  const { rows } = await sql(
    `insert into posts (author_id, category_id, title, description, status, cover_key, mp4_key, hls_key, duration, width, height)
     select $1, category_id, $2, 'A video with a reward pool', 1, cover_key, mp4_key, hls_key, duration, width, height
     from posts where status = 1 order by duration desc, id limit 1
     returning id, duration`,
    [creator.user.id, `Pool video ${randomBytes(3).toString('hex')}`],
  );
  return { id: rows[0].id as number, duration: Number(rows[0].duration) };
}

async function openAs(browser: Browser, account: Account, lang: string, size: typeof PHONE, path: string) {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
  await logInAs(page, account, path);
  return page;
}

const panelRow = (page: Page) => page.getByTestId('reward-pool-panel').getByTestId('pool-row').first();

for (const { lang, size, t } of journeys) {
  test(`a creator funds a pool, a viewer watches, counts down and claims, the creator sees it (${lang}, ${size.width}px)`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const creator = await createAccount();
    await giveTaice(creator, 100);
    const video = await readyVideoOf(creator);
    // Long enough to see the countdown tick, short enough for the clip (one session credits its length at most).
    const seconds = Math.max(3, Math.min(12, Math.floor(video.duration) - 1));

    // The creator funds the pool from the panel.
    const studio = await openAs(browser, creator, lang, size, `/V2/rewardpools?post_id=${video.id}`);
    const panel = studio.getByTestId('reward-pool-panel');
    await expect(panel.getByRole('heading', { name: t.panel })).toBeVisible();
    await expect(panel.getByText(t.empty)).toBeVisible();
    await panel.getByRole('button', { name: t.fund }).click();
    const dialog = studio.getByRole('dialog');
    await expect(dialog.getByTestId('pool-spendable')).toContainText('100.00');
    await dialog.getByLabel(t.total).fill('5');
    await dialog.getByLabel(t.perViewer).fill('1');
    await dialog.getByLabel(t.seconds).fill(String(seconds));
    await expect(dialog.getByTestId('pool-viewers')).toHaveText(t.viewers);
    await snap(studio, `pools-fund-dialog-${lang}`);
    await dialog.getByRole('button', { name: t.submit }).click();
    await expect(studio.locator('[data-sonner-toast]').getByText(t.funded)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(panelRow(studio).getByTestId('pool-left')).toHaveText(t.left(5));
    await snap(studio, `pools-panel-funded-${lang}`);

    // A second member watches: the card shows the reward and the countdown, then the claim and the celebration.
    const viewer = await createAccount();
    const watch = await openAs(browser, viewer, lang, size, `/videoDetail?id=${video.id}`);
    const card = watch.getByTestId('video-pool-card');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('pool-card-left')).toContainText('5');
    await expect(card.getByTestId('pool-countdown')).toHaveText(t.countdown);
    const claim = card.getByRole('button', { name: t.claim });
    await expect(claim).toBeDisabled();
    // Keep the clip playing through the watch (the demo clips are short).
    await watch.locator('video').evaluate((el) => {
      const v = el as HTMLVideoElement;
      v.loop = true;
      v.muted = true;
      void v.play();
    });
    await snap(watch, `pools-countdown-${lang}`);
    await expect(claim).toBeEnabled({ timeout: 60_000 });
    await claim.click();
    await expect(card.getByTestId('pool-celebration')).toContainText(t.celebrate);
    await expect(card.getByTestId('pool-celebration')).toContainText('+1.00 TAICE');
    await expect(card.getByTestId('pool-claimed-note')).toHaveText(t.claimed);
    await expect(card.getByTestId('pool-card-left')).toContainText('4');
    await snap(watch, `pools-claimed-${lang}`);

    // The creator sees one reward fewer left.
    await studio.reload();
    await expect(panelRow(studio).getByTestId('pool-left')).toHaveText(t.left(4));
    await expect(panelRow(studio).getByTestId('pool-claimed')).toHaveText(t.claimedCount);
    await snap(studio, `pools-panel-claimed-${lang}`);

    // The channel's statistics count the claim among the video's pool payouts: its total and its chart.
    await studio.goto(`/Analyze?post_id=${video.id}`);
    await expect(studio.getByTestId('total-pool-paid')).toContainText('1.00');
    await expect(studio.getByRole('region', { name: t.payouts })).toContainText('1.00');
    await snap(studio, `pools-analyze-${lang}`);

    if (lang === 'cn') {
      // Once in Traditional Chinese: the same panel.
      await studio.evaluate(() => localStorage.setItem('lang', 'tw'));
      await studio.addInitScript(() => localStorage.setItem('lang', 'tw'));
      await studio.goto(`/V2/rewardpools?post_id=${video.id}`);
      await expect(studio.getByTestId('reward-pool-panel').getByRole('heading', { name: '獎勵池' })).toBeVisible();
      await expect(panelRow(studio).getByTestId('pool-left')).toHaveText('剩餘 4 / 5 份獎勵');
      await snap(studio, 'pools-panel-claimed-tw');
    }
  });
}
