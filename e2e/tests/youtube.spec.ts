import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, logInAs } from './api';
import { DESKTOP, PHONE, snap } from './support';

/**
 * YouTube sync in the browser, against the stand-ins started by start-server.mjs: a creator
 * connects the channel through the OpenID Connect stand-in for Google (read-only YouTube scope),
 * lists the channel from the YouTube Data API stand-in, is told to select a video first, imports two
 * into a category with Publish, sees them marked imported and in My videos, and the video page
 * plays one through YouTube's embedded player while heartbeats measure the watch. There is no
 * internet: the IFrame API script and the embed are answered by the test (a fake player that the
 * test makes report "playing").
 */

const journeys = [
  {
    lang: 'en',
    size: DESKTOP,
    t: {
      title: 'Sync videos',
      connect: 'Connect YouTube',
      connected: 'YouTube channel connected',
      sync: 'Sync videos',
      noVideo: 'Select at least one video',
      noCategory: 'Select a category',
      noPublish: 'Select Publish',
      category: 'Category',
      publish: 'Publish',
      importedToast: '2 videos imported',
      imported: 'Imported',
      view: 'View',
      private: 'Private',
      noEmbed: 'Embedding off',
    },
  },
  {
    lang: 'cn',
    size: PHONE,
    t: {
      title: '同步视频',
      connect: '连接 YouTube',
      connected: 'YouTube 频道已连接',
      sync: '同步视频',
      noVideo: '请至少选择一个视频',
      noCategory: '请选择分类',
      noPublish: '请选择发布',
      category: '分类',
      publish: '发布',
      importedToast: '已导入 2 个视频',
      imported: '已导入',
      view: '查看',
      private: '私享',
      noEmbed: '不允许嵌入',
    },
  },
] as const;

/** The stand-in channel's first uploads (e2e/youtube-stand-in.mjs): two public ones, then a private one. */
const FIRST = 'Sunrise over the harbour';
const SECOND = 'Street food night market';

/** A stand-in for YouTube's IFrame API: players the test makes report a state, as YouTube's would. */
const FAKE_IFRAME_API = `
window.__ytPlayers = [];
window.YT = {
  Player: function (element, options) {
    var player = { element: element, time: 0 };
    player.getCurrentTime = function () { return player.time; };
    player.report = function (state) {
      if (state === 1) player.time += 1;
      options.events.onStateChange({ data: state, target: player });
    };
    window.__ytPlayers.push(player);
    return player;
  },
};
setTimeout(function () { if (window.onYouTubeIframeAPIReady) window.onYouTubeIframeAPIReady(); }, 0);
`;

async function fakeYoutube(page: Page) {
  await page.route('https://www.youtube.com/iframe_api', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_IFRAME_API }),
  );
  await page.route('https://www.youtube.com/embed/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<body style="margin:0;background:#000;color:#fff;font:16px sans-serif;display:grid;place-items:center;height:100vh">YouTube player (stand-in)</body>',
    }),
  );
}

/** Signs in at the OpenID Connect stand-in for Google and grants the consent it asks for. */
async function signInAtProvider(page: Page, login: string) {
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

const item = (page: Page, title: string) => page.getByTestId('youtube-video').filter({ hasText: title });
/** A toast saying `text` (sonner's notifications region). */
const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text);

for (const { lang, size, t } of journeys) {
  test(`a creator connects YouTube, imports two videos and one plays embedded (${lang}, ${size.width}px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    // Only the first page load picks the language: the journey switches to tw once and back.
    await page.addInitScript((l) => localStorage.getItem('lang') || localStorage.setItem('lang', l), lang);
    await fakeYoutube(page);
    const account = await createAccount();
    await logInAs(page, account, '/Youtube');

    // Not connected: the page offers to connect, and Google's sign-in brings the creator back.
    await expect(page.getByRole('heading', { name: t.title, level: 1 })).toBeVisible();
    const connect = page.getByRole('button', { name: t.connect });
    await expect(connect).toBeVisible();
    await snap(page, `youtube-connect-${lang}`);
    await connect.click();
    await signInAtProvider(page, `creator-${randomBytes(4).toString('hex')}`);
    await expect(page).toHaveURL(/\/Youtube$/);
    await expect(toast(page, t.connected)).toBeVisible();

    // The channel's uploads, with durations; a private and a non-embeddable one cannot be chosen.
    await expect(page.getByTestId('youtube-video')).toHaveCount(12);
    await expect(item(page, FIRST)).toContainText('1:00');
    const blocked = page.getByTestId('youtube-video').nth(2);
    await expect(blocked).toContainText(t.private);
    await expect(blocked.getByRole('checkbox')).toBeDisabled();
    await expect(page.getByTestId('youtube-video').nth(4)).toContainText(t.noEmbed);

    // The spec's messages, in the order the server checks them.
    await page.getByRole('button', { name: t.sync, exact: true }).click();
    await expect(toast(page, t.noVideo)).toBeVisible();
    await page.getByRole('checkbox', { name: FIRST }).check();
    await page.getByRole('checkbox', { name: SECOND }).check();
    await page.getByRole('button', { name: t.sync, exact: true }).click();
    await expect(toast(page, t.noCategory)).toBeVisible();
    await page.getByLabel(t.category).selectOption({ index: 1 });
    await page.getByRole('button', { name: t.sync, exact: true }).click();
    await expect(toast(page, t.noPublish)).toBeVisible();
    await page.getByRole('switch', { name: t.publish }).click();
    await snap(page, `youtube-selected-${lang}`);
    await page.getByRole('button', { name: t.sync, exact: true }).click();
    await expect(toast(page, t.importedToast)).toBeVisible();

    // Both are marked imported and can no longer be chosen.
    for (const title of [FIRST, SECOND]) {
      await expect(item(page, title).getByTestId('youtube-imported')).toHaveText(t.imported);
      await expect(item(page, title).getByRole('checkbox')).toBeDisabled();
    }
    await expect(page.getByTestId('youtube-imported')).toHaveCount(2);
    await snap(page, `youtube-imported-${lang}`);
    if (lang === 'cn') {
      // One look in Traditional Chinese.
      await page.evaluate(() => localStorage.setItem('lang', 'tw'));
      await page.reload();
      await expect(item(page, FIRST).getByTestId('youtube-imported')).toHaveText('已匯入');
      await snap(page, 'youtube-imported-tw');
      await page.evaluate(() => localStorage.setItem('lang', 'cn'));
      await page.reload();
    }

    // My videos lists them.
    await page.goto('/V2/myvideos');
    await expect(page.getByText(FIRST).first()).toBeVisible();
    await expect(page.getByText(SECOND).first()).toBeVisible();

    // The video page plays it through YouTube's embedded player, and watching sends heartbeats.
    await page.goto('/Youtube');
    await item(page, FIRST).getByRole('link', { name: t.view }).click();
    await expect(page).toHaveURL(/\/videoDetail\?id=\d+/);
    const postId = Number(new URL(page.url()).searchParams.get('id'));
    const embed = page.getByTestId('youtube-embed');
    await expect(embed).toBeVisible();
    const src = new URL((await embed.getAttribute('src'))!);
    expect(src.origin + src.pathname).toMatch(/^https:\/\/www\.youtube\.com\/embed\/[\w-]{11}$/);
    expect(src.searchParams.get('enablejsapi')).toBe('1');
    await expect(page.locator('video')).toHaveCount(0);
    // The IFrame API loads after the embed shows: until then there is no list of players at all.
    await page.waitForFunction(() => ((window as unknown as { __ytPlayers?: unknown[] }).__ytPlayers?.length ?? 0) > 0);

    const isBeat = (r: { url(): string; method(): string }) =>
      r.method() === 'POST' && new URL(r.url()).pathname === '/api/frontend/post/addViewLog';
    const opening = page.waitForRequest(isBeat);
    await page.evaluate(() =>
      (window as unknown as { __ytPlayers: { report(state: number): void }[] }).__ytPlayers[0]!.report(1),
    );
    expect((await opening).postDataJSON()).toMatchObject({ id: postId });
    // The next one carries the session the server opened, after the server's interval (5 s).
    const next = await page.waitForRequest(isBeat, { timeout: 15_000 });
    expect(next.postDataJSON()).toMatchObject({ id: postId, session_id: expect.any(String) });
    await snap(page, `youtube-video-${lang}`);
  });
}
