import { randomBytes, randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { encodeStartParam } from '@taice/contract';
import type { UserInfo } from '@taice/contract';
import { apiGet, apiPost, createAccount, logInAs } from './api';
import { sql } from './database';
import { DESKTOP, PHONE, snap } from './support';
import { BOT_TOKEN, signMiniAppInitData } from './telegram';
import {
  BRIDGE_WALLET_LINK,
  BRIDGE_WALLET_NAME,
  bridgeWalletsList,
  createBridgeWallet,
  startTonBridge,
} from './ton-bridge';
import { createTestTonWallet } from '../../apps/server/test/support/ton-wallet';

// The Telegram Mini App as Telegram starts it (issue 19): the launch parameters in the fragment and the
// native side behind window.TelegramWebviewProxy.postEvent (recorded here), which answers the viewport and
// safe-area requests through window.Telegram.WebView.receiveEvent, as the Telegram apps do.

const hex = () => randomBytes(3).toString('hex');

const THEME = {
  bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  secondary_bg_color: '#232e3c',
  section_separator_color: '#111921',
  destructive_text_color: '#ec3942',
  accent_text_color: '#6ab2f2',
};
const LIGHT_THEME = { ...THEME, bg_color: '#ffffff', text_color: '#000000', secondary_bg_color: '#f1f1f1' };
const SAFE_AREA = { top: 47, bottom: 34, left: 0, right: 0 };
const CONTENT_SAFE_AREA = { top: 46, bottom: 0, left: 0, right: 0 };

declare global {
  interface Window {
    tgEvents: [string, unknown][];
    Telegram?: { WebView?: { receiveEvent?: (type: string, data?: unknown) => void } };
  }
}

async function mockTelegram(page: Page) {
  await page.addInitScript(
    ({ safeArea, contentSafeArea }) => {
      window.tgEvents = [];
      const answer = (type: string, data: unknown) =>
        setTimeout(() => {
          const webView = window.Telegram?.WebView;
          webView?.receiveEvent?.(type, data);
        }, 10);
      (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = {
        postEvent(type: string, data?: string) {
          window.tgEvents.push([type, data ? JSON.parse(data) : undefined]);
          if (type === 'web_app_request_safe_area') answer('safe_area_changed', safeArea);
          if (type === 'web_app_request_content_safe_area') answer('content_safe_area_changed', contentSafeArea);
          if (type === 'web_app_request_viewport')
            answer('viewport_changed', {
              height: window.innerHeight,
              width: window.innerWidth,
              is_expanded: true,
              is_state_stable: true,
            });
        },
      };
    },
    { safeArea: SAFE_AREA, contentSafeArea: CONTENT_SAFE_AREA },
  );
}

function launchFragment(initData: string, startParam: string): string {
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'ios',
    tgWebAppThemeParams: JSON.stringify(THEME),
    tgWebAppStartParam: startParam,
  });
  return `#${params}`;
}

const events = (page: Page, type: string) =>
  page.evaluate((t) => window.tgEvents.filter(([name]) => name === t).map(([, data]) => data), type);

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

for (const lang of ['en', 'cn'] as const) {
  test(`the Mini App logs in, keeps the inviter, follows Telegram's theme and BackButton (${lang}, 390px)`, async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    await mockTelegram(page);
    const inviter = await createAccount();
    const feed = await apiGet<{ list: { id: number }[] }>('/api/frontend/post/list', inviter.token, {
      page: '1',
      limit: '1',
    });
    const postId = feed.list[0]!.id;
    const startParam = encodeStartParam({ postId, inviteCode: inviter.user.invite_code });
    const initData = signMiniAppInitData(BOT_TOKEN, {
      user: { id: randomInt(1, 2 ** 40), first_name: `Mini${hex()}`, username: `mini_${hex()}` },
      start_param: startParam,
      extra: { chat_type: 'private', chat_instance: String(randomInt(1, 2 ** 40)), signature: 'e2e-signature' },
    });

    // What the page looks like before the SDK's chunk can have arrived: Telegram's background already.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.dataset.e2eFirstBg = getComputedStyle(document.body).backgroundColor;
      }),
    );
    const login = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/frontend/auth/telegram/login');
    await page.goto(`/Home${launchFragment(initData, startParam)}`);
    await expect(page.locator('html')).toHaveAttribute('data-e2e-first-bg', rgb(THEME.bg_color));
    const response = await login;
    expect(response.request().headers()['app-type']).toBe('tg_mini');
    expect(response.request().postDataJSON()).toMatchObject({ user: initData, invite_code: inviter.user.invite_code });
    const { data } = (await response.json()) as { data: { user: { id: number } } };

    // Logged in without a dialog; the new account's inviter is the owner of the start_param's code.
    await expect(page.getByTestId('header-points')).toBeVisible();
    const { rows } = await sql('select inviter_id from users where id = $1', [data.user.id]);
    expect(rows[0]).toEqual({ inviter_id: inviter.user.id });

    // The start_param's video opened; Telegram's BackButton is shown, and its press goes back home.
    await expect(page).toHaveURL(new RegExp(`/videoDetail\\?id=${postId}$`));
    await expect
      .poll(async () => (await events(page, 'web_app_setup_back_button')).at(-1))
      .toEqual({
        is_visible: true,
      });

    // Telegram's theme on the product's tokens, the safe areas as padding, the viewport expanded.
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe(rgb(THEME.bg_color));
    expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe(rgb(THEME.text_color));
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.querySelector('header')!).paddingTop))
      .toBe(`${SAFE_AREA.top + CONTENT_SAFE_AREA.top}px`);
    expect(await events(page, 'web_app_expand')).toHaveLength(1);
    expect(await events(page, 'web_app_ready')).toHaveLength(1);
    await snap(page, `telegram-miniapp-video-${lang}`);

    await page.evaluate(() => window.Telegram!.WebView!.receiveEvent!('back_button_pressed'));
    await expect(page).toHaveURL(/\/Home(#.*)?$/);
    await expect
      .poll(async () => (await events(page, 'web_app_setup_back_button')).at(-1))
      .toEqual({
        is_visible: false,
      });
    const tabBar = page.locator('nav.fixed.bottom-0');
    await expect.poll(() => tabBar.evaluate((el) => getComputedStyle(el).paddingBottom)).toBe(`${SAFE_AREA.bottom}px`);

    // The user switches Telegram to its light theme: the page follows at once.
    await page.evaluate(
      (theme) => window.Telegram!.WebView!.receiveEvent!('theme_changed', { theme_params: theme }),
      LIGHT_THEME,
    );
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe('rgb(255, 255, 255)');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await snap(page, `telegram-miniapp-home-light-${lang}`);
  });
}

/** The e2e server's Mini App (start-server.mjs: the bot's name; the app's short name is the default). */
const MINI_APP = 'https://t.me/taice_e2e_bot/app';

const TEXTS = {
  en: {
    premium: 'Telegram Premium username',
    premiumInvalid: 'Enter the Telegram Premium username as tme/XXX or @XXX',
    save: 'Save changes',
    saved: 'Changes saved',
    share: /^Share\b/,
    beta: 'Open in Telegram',
    qr: 'QR code of the link that opens TAICE in Telegram',
    inside: 'You are already in the TAICE Mini App',
    close: 'Close',
  },
  cn: {
    premium: 'Telegram Premium 用户名',
    premiumInvalid: '请按 tme/XXX 或 @XXX 的格式填写 Telegram Premium 用户名',
    save: '保存修改',
    saved: '修改成功',
    share: /^分享/,
    beta: '在 Telegram 中打开',
    qr: '在 Telegram 中打开 TAICE 的二维码',
    inside: '你已经在 TAICE 小程序中了',
    close: '关闭',
  },
} as const;

/** A Telegram user whose account exists with the new-user guide seen (so no dialog covers the page). */
async function miniAppAccount(): Promise<{ initData: string; user: UserInfo; token: string }> {
  const initData = signMiniAppInitData(BOT_TOKEN, {
    user: { id: randomInt(1, 2 ** 40), first_name: `Share${hex()}`, username: `share_${hex()}` },
    extra: { chat_type: 'private', chat_instance: String(randomInt(1, 2 ** 40)), signature: 'e2e-signature' },
  });
  const { token } = await apiPost<{ token: string }>('/api/frontend/auth/telegram/login', { user: initData });
  const user = await apiPost<UserInfo>('/api/frontend/user/completeGuide', {}, token);
  return { initData, user, token };
}

/** The link and text of the one share this page asked Telegram for (`web_app_open_tg_link` to t.me/share/url). */
async function telegramShare(page: Page): Promise<{ url: string | null; text: string | null }> {
  const shares = async () =>
    ((await events(page, 'web_app_open_tg_link')) as { path_full: string }[]).filter((e) =>
      e.path_full.startsWith('/share/url?'),
    );
  await expect.poll(async () => (await shares()).length).toBe(1);
  const params = new URL(`https://t.me${(await shares())[0]!.path_full}`).searchParams;
  return { url: params.get('url'), text: params.get('text') };
}

for (const lang of ['en', 'cn'] as const) {
  test(`the Mini App shares a video, the invite link and a campaign to Telegram chats, and /Beta knows it is inside (${lang}, 390px)`, async ({
    page,
  }) => {
    const t = TEXTS[lang];
    await page.setViewportSize(PHONE);
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    await mockTelegram(page);
    // Once the video's watch counts, the webview offers today's sign-in reward 1 s after each page's wallet
    // answer (spec section 4), at a moment this journey does not control: the offer is closed whenever it
    // stands in the way, by its close button: a click waits for the button to be ready (an Escape pressed while the
    // dialog was still opening was lost once, and the handler waited for it to close until the test timed out).
    const signInOffer = page.getByTestId('sign-in-dialog');
    await page.addLocatorHandler(signInOffer, () => signInOffer.getByRole('button', { name: t.close }).click());
    const { initData, user } = await miniAppAccount();
    const feed = await apiGet<{ list: { id: number; title: string }[] }>('/api/frontend/post/list', '', {
      page: '1',
      limit: '1',
    });
    const post = feed.list[0]!;

    await page.goto(`/Home${launchFragment(initData, encodeStartParam({ postId: post.id }))}`);
    await expect(page).toHaveURL(new RegExp(`/videoDetail\\?id=${post.id}$`));
    // Signed in from Telegram's launch data, then the wallet read: on a loaded CI machine this took over 10 s once.
    await expect(page.getByTestId('header-points')).toBeVisible({ timeout: 30_000 });

    // The video goes to Telegram's chat picker as the Mini App's link with the video and the sharer's code.
    await page.getByRole('button', { name: t.share }).first().click();
    const recorded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/frontend/post/share');
    await page.getByRole('dialog').getByRole('button', { name: 'Telegram' }).click();
    expect((await recorded).request().postDataJSON()).toMatchObject({ id: post.id, channel: 'telegram' });
    expect(await telegramShare(page)).toEqual({
      url: `${MINI_APP}?startapp=v${post.id}_r${user.invite_code}`,
      text: post.title,
    });
    const { rows } = await sql('select channel from shares where user_id = $1 and post_id = $2', [user.id, post.id]);
    expect(rows).toEqual([{ channel: 'telegram' }]);
    await snap(page, `telegram-miniapp-share-${lang}`);
    await page.keyboard.press('Escape');

    // The invite link goes the same way, as the Mini App's link with the code.
    await page.goto('/Referral');
    await page.getByRole('button', { name: t.share }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Telegram' }).click();
    expect((await telegramShare(page)).url).toBe(`${MINI_APP}?startapp=r${user.invite_code}`);
    await page.keyboard.press('Escape');

    // A campaign too, as the Mini App's link to the campaign with the code.
    const campaigns = await apiGet<{ list: { id: number }[] }>('/api/frontend/activity/list', '', {
      page: '1',
      size: '1',
    });
    const campaignId = campaigns.list[0]!.id;
    await page.goto(`/activityinfo?id=${campaignId}`);
    await page.getByRole('button', { name: t.share }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Telegram' }).click();
    expect((await telegramShare(page)).url).toBe(`${MINI_APP}?startapp=c${campaignId}_r${user.invite_code}`);
    await snap(page, `telegram-miniapp-campaign-share-${lang}`);
    await page.keyboard.press('Escape');

    // /Beta says the visitor is in the Mini App already.
    await page.goto('/Beta');
    await expect(page.getByTestId('beta-inside')).toHaveText(t.inside);
    await expect(page.getByTestId('beta-open')).toHaveCount(0);
    await snap(page, `telegram-miniapp-beta-${lang}`);
  });

  for (const size of [PHONE, DESKTOP]) {
    test(`/Beta shows the Mini App and how to open it in Telegram (${lang}, ${size.width}px)`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      await page.goto('/Beta');
      const open = page.getByRole('link', { name: TEXTS[lang].beta });
      await expect(open).toHaveAttribute('href', MINI_APP);
      // The QR code of the same link on a wide screen only.
      const qr = page.getByRole('img', { name: TEXTS[lang].qr });
      if (size === DESKTOP) await expect(qr).toBeVisible();
      else await expect(qr).toHaveCount(0);
      await snap(page, `beta-${lang}`);
    });
  }
}

for (const lang of ['en', 'cn'] as const) {
  test(`the profile takes a Telegram Premium username as tme/XXX or @XXX (${lang}, 390px)`, async ({ page }) => {
    const t = TEXTS[lang];
    await page.setViewportSize(PHONE);
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    const account = await createAccount();
    await logInAs(page, account, '/profile-edit');
    const field = page.getByLabel(t.premium);
    await field.fill('lin_premium');
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.premiumInvalid).first()).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await snap(page, `profile-telegram-premium-invalid-${lang}`);

    await field.fill('@lin_premium');
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.saved).first()).toBeVisible();
    await expect
      .poll(async () => (await apiGet<UserInfo>('/api/frontend/user/info', account.token)).telegram_premium)
      .toBe('@lin_premium');
  });
}

const TON_TEXTS = {
  en: { bindTon: 'Bind TON wallet', bound: 'bind wallet success', menu: 'Account menu', logout: 'Log out' },
  cn: { bindTon: '绑定 TON 钱包', bound: '钱包绑定成功', menu: '账户菜单', logout: '退出登录' },
} as const;

/** Where TON Connect keeps its wallet session (the SDK's local storage key). */
const TON_SESSION_KEY = 'ton-connect-storage_bridge-connection';

// Inside the Mini App TON Connect UI opens a wallet by its universal link and waits on the wallet's HTTP
// bridge: here a local bridge (ton-bridge.ts) and a wallet answering through it with a real ton_proof.
for (const [lang, reopen] of [
  ['en', false],
  ['cn', true],
] as const) {
  test(`the Mini App binds a TON wallet through its HTTP bridge, and logout disconnects it${reopen ? ' after the Mini App was reopened' : ''} (${lang}, 390px)`, async ({
    page,
    context,
    baseURL,
  }) => {
    const t = TON_TEXTS[lang];
    await page.setViewportSize(PHONE);
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    await mockTelegram(page);
    const bridge = await startTonBridge();
    const tonWallet = createTestTonWallet();
    const wallet = createBridgeWallet(bridge, tonWallet);
    try {
      // Offline: TON Connect's analytics go nowhere; its wallets list is just the bridge wallet.
      await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
      await page.route('https://config.ton.org/wallets-v2.json', (route) =>
        route.fulfill({ json: bridgeWalletsList(bridge, `${baseURL}/icon-192.png`) }),
      );
      // The wallet app: whatever window the universal link opens in, the wallet takes the link.
      const opened: string[] = [];
      await context.route(`${BRIDGE_WALLET_LINK}**`, async (route) => {
        opened.push(route.request().url());
        await wallet.openLink(route.request().url());
        await route.fulfill({ contentType: 'text/html', body: '<title>E2E Bridge Wallet</title><p>Connected</p>' });
      });

      const { initData, user, token } = await miniAppAccount();
      await page.goto(`/profile-edit${launchFragment(initData, '')}`);
      await expect(page.getByTestId('header-points')).toBeVisible();
      const row = page.getByTestId('bind-ton');
      await row.getByRole('button', { name: t.bindTon }).click();

      // TON Connect's modal lists the bridge wallet; choosing it opens the wallet by its link.
      const choice = page.getByText(BRIDGE_WALLET_NAME).first();
      await expect(choice).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: `screenshots/telegram-miniapp-ton-connect-${lang}-390.png` });
      const bind = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/frontend/user/tonBind');
      await choice.click();
      await expect.poll(() => opened.length).toBe(1);
      const link = new URL(opened[0]!);
      expect(link.searchParams.get('v')).toBe('2');
      expect(link.searchParams.get('id')).toMatch(/^[0-9a-f]{64}$/);

      // The wallet's connect event came through the bridge; the app sent its proof to the server.
      expect((await bind).postDataJSON()).toMatchObject({
        wallet_info: { account: { address: tonWallet.address, chain: '-239' } },
      });
      await expect(page.getByText(t.bound).first()).toBeVisible();
      await expect(row).toContainText(
        `${tonWallet.friendlyAddress.slice(0, 6)}…${tonWallet.friendlyAddress.slice(-4)}`,
      );
      await expect(row.getByRole('button')).toHaveCount(0);
      const me = await apiGet<UserInfo>('/api/frontend/user/info', token);
      expect(me.id).toBe(user.id);
      expect(me.bindings?.ton).toBe(tonWallet.friendlyAddress);
      expect(await page.evaluate((key) => localStorage.getItem(key), TON_SESSION_KEY)).not.toBeNull();
      await page.screenshot({ path: `screenshots/telegram-miniapp-ton-bound-${lang}-390.png` });

      // Reopened, the Mini App has not loaded TON Connect yet; logout must still disconnect the wallet.
      if (reopen) {
        await page.reload();
        await expect(page.getByTestId('header-points')).toBeVisible();
      }
      expect(wallet.requests).toEqual([]);
      await page.getByRole('button', { name: t.menu }).click();
      await page.getByRole('button', { name: t.logout }).click();
      await expect.poll(() => wallet.requests.map((r) => r.method)).toEqual(['disconnect']);
      expect(bridge.posted.filter((m) => m.topic === 'disconnect')).toEqual([
        { from: wallet.clientId, to: wallet.sessionId, topic: 'disconnect' },
      ]);
      await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), TON_SESSION_KEY)).toBeNull();
    } finally {
      wallet.close();
      await bridge.close();
    }
  });
}
