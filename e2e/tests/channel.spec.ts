import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { apiGet, apiPost, createAccount, logInAs, type Account } from './api';
import { sql } from './database';
import { DESKTOP, PHONE, snap } from './support';

/**
 * The creator's channel in the browser, against the real server: a creator with two ready videos takes one
 * down (it leaves the public list) and puts it back up, deletes the other through the confirm dialog, and
 * reads on /Analyze the view of a second member who watched. Once in English at 1280 px, once in Simplified
 * Chinese at 390 px (and the statistics once in Traditional Chinese).
 */

const journeys = [
  {
    lang: 'en',
    size: DESKTOP,
    t: {
      myVideos: 'My videos',
      published: 'Published',
      takenDown: 'Taken down',
      takeDown: 'Take down',
      putUp: 'Put up',
      delete: 'Delete',
      deleteTitle: 'Delete this video?',
      tookDown: 'Video taken down: only you can see it now',
      deleted: 'Video deleted',
      analytics: 'Analytics',
      views: 'Views',
      viewsChart: 'Views: 1',
      pools: 'Reward pool',
    },
  },
  {
    lang: 'cn',
    size: PHONE,
    t: {
      myVideos: '我的视频',
      published: '已发布',
      takenDown: '已下架',
      takeDown: '下架',
      putUp: '上架',
      delete: '删除',
      deleteTitle: '确定删除该视频？',
      tookDown: '视频已下架，现在仅您自己可见',
      deleted: '视频已删除',
      analytics: '数据分析',
      views: '播放量',
      viewsChart: '播放量：1',
      pools: '奖励池',
    },
  },
] as const;

/**
 * A ready video of the creator's own: a copy of a published demo video (its media and poster), as the studio
 * leaves one once processed, the creator's and category's published counts kept true. The demo catalogue may
 * still be processing at start-up.
 */
async function readyVideoOf(creator: Account, title: string): Promise<{ id: number; duration: number }> {
  await expect
    .poll(
      async () => (await sql(`select count(*)::int as n from posts where status = 1 and hls_key <> ''`)).rows[0].n,
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBeGreaterThan(0);
  const { rows } = await sql(
    `insert into posts (author_id, category_id, title, status, cover_key, mp4_key, hls_key, duration, width, height)
     select $1, category_id, $2, 1, cover_key, mp4_key, hls_key, duration, width, height
     from posts where status = 1 and hls_key <> '' order by duration desc, id limit 1
     returning id, duration, category_id`,
    [creator.user.id, title],
  );
  await sql(`update users set post_num = post_num + 1 where id = $1`, [creator.user.id]);
  await sql(`update categories set post_num = post_num + 1 where id = $1`, [rows[0].category_id]);
  return { id: rows[0].id as number, duration: Number(rows[0].duration) };
}

/** A second member watches the video until the server counts the view (10 s, or half a shorter video). */
async function watchUntilCounted(viewer: Account, video: { id: number; duration: number }) {
  const opened = await apiPost<{ session_id: string }>('/api/frontend/post/addViewLog', { id: video.id }, viewer.token);
  const seconds = Math.min(10, video.duration / 2) + 1;
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const beat = await apiPost<{ counted: number }>(
    '/api/frontend/post/addViewLog',
    { id: video.id, session_id: opened.session_id },
    viewer.token,
  );
  expect(beat.counted).toBe(1);
}

/** Whether the video is in its creator's public list, as any visitor's page asks for it. */
async function inPublicList(viewer: Account, creator: Account, id: number): Promise<boolean> {
  const page = await apiGet<{ list: { id: number }[] }>('/api/frontend/post/list', viewer.token, {
    author_id: String(creator.user.id),
    size: '50',
  });
  return page.list.some((p) => p.id === id);
}

async function openAs(browser: Browser, account: Account, lang: string, size: typeof PHONE, path: string) {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
  await logInAs(page, account, path);
  return page;
}

const cardOf = (page: Page, id: number): Locator => page.locator(`[data-testid="my-video"][data-post-id="${id}"]`);
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text, { exact: true });

for (const { lang, size, t } of journeys) {
  test(`a creator takes a video down and up, deletes one and reads its views (${lang}, ${size.width}px)`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const [creator, viewer] = await Promise.all([createAccount(), createAccount()]);
    const tag = randomBytes(3).toString('hex');
    const kept = await readyVideoOf(creator, `Harbour at dawn ${tag}`);
    const gone = await readyVideoOf(creator, `Old rehearsal ${tag}`);
    await watchUntilCounted(viewer, kept);

    // The list: both videos published, with their figures.
    const page = await openAs(browser, creator, lang, size, '/V2/myvideos');
    await expect(page.getByRole('heading', { name: t.myVideos, level: 1 })).toBeVisible();
    const card = cardOf(page, kept.id);
    await expect(card.getByTestId('video-status')).toHaveText(t.published);
    await expect(cardOf(page, gone.id).getByTestId('video-status')).toHaveText(t.published);
    await expect(card.getByTestId('video-figures')).toContainText('1');
    await snap(page, `channel-my-videos-${lang}`);

    // Take it down: it leaves the public list at once; put it up: it is back.
    expect(await inPublicList(viewer, creator, kept.id)).toBe(true);
    await card.getByRole('button', { name: t.takeDown }).click();
    await expect(toast(page, t.tookDown)).toBeVisible();
    await expect(card.getByTestId('video-status')).toHaveText(t.takenDown);
    expect(await inPublicList(viewer, creator, kept.id)).toBe(false);
    await snap(page, `channel-taken-down-${lang}`);
    await card.getByRole('button', { name: t.putUp }).click();
    await expect(card.getByTestId('video-status')).toHaveText(t.published);
    expect(await inPublicList(viewer, creator, kept.id)).toBe(true);

    // Delete the other, through the confirm dialog.
    await cardOf(page, gone.id).getByRole('button', { name: t.delete }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: t.deleteTitle })).toBeVisible();
    await expect(dialog).toContainText(`Old rehearsal ${tag}`);
    await snap(page, `channel-delete-confirm-${lang}`);
    await dialog.getByRole('button', { name: t.delete }).click();
    await expect(toast(page, t.deleted)).toBeVisible();
    await expect(cardOf(page, gone.id)).toHaveCount(0);
    expect(await inPublicList(viewer, creator, gone.id)).toBe(false);

    // The creator's own view of the kept video, with its reward pools (the pools feature's panel).
    await card.getByRole('link', { name: `Harbour at dawn ${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/V2/myvideos\\?id=${kept.id}$`));
    await expect(page.getByTestId('reward-pool-panel').getByRole('heading', { name: t.pools })).toBeVisible();
    await snap(page, `channel-video-detail-${lang}`);

    // The statistics: the member's view in the totals and on today's chart.
    await page.goto('/Analyze');
    await expect(page.getByRole('heading', { name: t.analytics, level: 1 })).toBeVisible();
    await expect(page.getByTestId('total-views')).toContainText('1');
    await expect(page.getByTestId('total-videos')).toContainText('1');
    const charts = page.getByTestId('channel-charts');
    await expect(charts.getByRole('img', { name: new RegExp(t.viewsChart) }).first()).toBeVisible();
    await snap(page, `channel-analyze-${lang}`);
    await page.getByTestId('analyze-scope').selectOption(String(kept.id));
    await expect(page).toHaveURL(new RegExp(`post_id=${kept.id}`));
    await expect(page.getByTestId('total-views')).toContainText('1');

    if (lang === 'cn') {
      // Once in the light theme, for the screenshots.
      await page.evaluate(() => localStorage.setItem('theme', 'light'));
      await page.reload();
      await expect(page.getByTestId('total-views')).toContainText('1');
      await snap(page, 'channel-analyze-light-cn');
      await page.goto('/SelfProfile/Creation');
      await expect(cardOf(page, kept.id).getByTestId('video-status')).toHaveText(t.published);
      await snap(page, 'channel-creation-light-cn');
    }
    if (lang === 'en') {
      // Once in Traditional Chinese, for the screenshot.
      await page.evaluate(() => localStorage.setItem('lang', 'tw'));
      await page.addInitScript(() => localStorage.setItem('lang', 'tw'));
      await page.goto('/Analyze?days=30');
      await expect(page.getByRole('heading', { name: '數據分析', level: 1 })).toBeVisible();
      await expect(
        page
          .getByTestId('channel-charts')
          .getByRole('img', { name: /觀看次數：1/ })
          .first(),
      ).toBeVisible();
      await snap(page, 'channel-analyze-tw');
    }
    await page.context().close();
  });
}
