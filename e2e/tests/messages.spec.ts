import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiGet, apiPost, createAccount, logInAs, type Account } from './api';
import { DESKTOP, ops, PHONE, snap, watchFirstVideo } from './support';

/**
 * The message center in the browser, against the real server: notices an operator sends to one
 * user light the header bell (and, on phones, the Mine tab) with the unread count; the message
 * center marks them unread, opening one reads it and the badge drops at once and for good, and
 * "Mark all as read" clears it. A user without messages is shown where to go next; a redeemed code
 * arrives as a message with the code to copy and a link to its order.
 */

const strings = {
  en: {
    messages: 'Messages',
    unread: (n: number) => `Messages, ${n} unread`,
    // The badge's hidden text follows the label as a block of its own: some browsers put a space between.
    mine: (n: number) => new RegExp(`^Mine ?, ${n} unread$`),
    tabBar: 'Tab bar',
    title: 'Message center',
    all: 'All',
    unreadTab: (n: number) => `Unread (${n})`,
    unreadTabEmpty: 'Unread',
    unreadMark: 'Unread: ',
    markAll: 'Mark all as read',
    empty: 'No messages yet',
    goToExchange: 'Visit the redemption center',
    noUnread: "You're all caught up",
    viewOrder: 'View order',
    viewPoints: 'See TAICE details',
    copyCode: 'Copy code',
    copied: 'copy success!',
    codeTitle: 'Your code has arrived',
    welcomeTitle: 'Welcome reward',
  },
  cn: {
    messages: '消息',
    unread: (n: number) => `消息, ${n} 条未读`,
    mine: (n: number) => new RegExp(`^我的 ?, ${n} 条未读$`),
    tabBar: '底部导航',
    title: '消息中心',
    all: '全部',
    unreadTab: (n: number) => `未读 (${n})`,
    unreadTabEmpty: '未读',
    unreadMark: '未读: ',
    markAll: '全部标为已读',
    empty: '暂无消息',
    goToExchange: '去兑换中心看看',
    noUnread: '消息已全部读完',
    viewOrder: '查看订单',
    viewPoints: '查看 TAICE 明细',
    copyCode: '复制兑换码',
    copied: '复制成功！',
    codeTitle: '兑换码已发放',
    welcomeTitle: '新人奖励',
  },
} as const;

type Lang = keyof typeof strings;

/** Notices as the operator writes them: the newest last. The second has two lines and a code in it. */
const notices = [
  {
    en: ['Welcome to TAICE', 'Watch, like and share videos to earn TAICE, then spend it in the redemption center.'],
    cn: ['欢迎来到 TAICE', '观看、点赞和分享视频即可赚取 TAICE，然后在兑换中心使用。'],
  },
  {
    en: ['Your bonus code', 'Thanks for joining the beta!\nYour bonus code: BETA-2026-XY7Q'],
    cn: ['您的奖励码', '感谢参与内测！\n您的奖励码：BETA-2026-XY7Q'],
  },
  {
    en: ['Weekend double points', 'This weekend every watched minute earns double TAICE. Enjoy!'],
    cn: ['周末双倍积分', '本周末每观看一分钟都可获得双倍 TAICE，尽情享受吧！'],
  },
] as const;

function sendNotices(account: Account) {
  for (const n of notices) {
    ops(
      'messages',
      'send',
      '--user',
      account.email,
      '--title-en',
      n.en[0],
      '--text-en',
      n.en[1],
      '--title-cn',
      n.cn[0],
      '--text-cn',
      n.cn[1],
    );
  }
}

/** A virtual product of 20 TAICE with one code (the demo catalogue costs more than a new user has). */
function createCodePrize(): { prizeId: number; code: string } {
  const tag = randomBytes(3).toString('hex');
  const created = ops(
    'prizes',
    'create',
    '--type',
    'virtual',
    '--name-en',
    `Music pass ${tag}`,
    '--name-cn',
    `音乐月卡 ${tag}`,
    '--name-tw',
    `音樂月卡 ${tag}`,
    '--text-en',
    'A month of music streaming.',
    '--text-cn',
    '一个月的音乐畅听。',
    '--text-tw',
    '一個月的音樂暢聽。',
    '--price',
    '20',
  );
  const prizeId = Number(/prize #(\d+)/.exec(created)?.[1]);
  const code = `MUSIC-${randomBytes(4).toString('hex').toUpperCase()}`;
  const csv = path.join(mkdtempSync(path.join(tmpdir(), 'codes-')), 'codes.csv');
  writeFileSync(csv, `${code}\n`);
  ops('codes', 'import', String(prizeId), csv);
  return { prizeId, code };
}

async function open(page: Page, lang: Lang, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
}

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const journeys = [
  { lang: 'en', size: DESKTOP },
  { lang: 'cn', size: PHONE },
  { lang: 'en', size: PHONE },
  { lang: 'cn', size: DESKTOP },
] as const;

for (const { lang, size } of journeys) {
  const t = strings[lang];
  const phone = size.width < 900;

  test(`notices light the badge; opening one reads it, and all can be read at once (${lang}, ${size.width}px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const account = await createAccount();
    sendNotices(account);
    await open(page, lang, size);
    await logInAs(page, account, '/Home');

    // The header bell carries the count, and on phones the Mine tab too.
    const header = page.getByRole('banner');
    const bell = header.getByRole('link', { name: t.unread(3), exact: true });
    await expect(bell).toBeVisible();
    await expect(bell).toHaveText('3');
    const mine = page.getByRole('navigation', { name: t.tabBar }).getByRole('link', { name: t.mine(3) });
    if (phone) await expect(mine).toBeVisible();
    await noHorizontalOverflow(page);

    // The message center: newest first, all three unread.
    await bell.click();
    await expect(page).toHaveURL(/\/V2\/messagecenter$/);
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible({ timeout: 30_000 });
    const items = page.getByTestId('message');
    await expect(items).toHaveCount(3);
    await expect(items.first()).toContainText(notices[2][lang][0]);
    await expect(page.locator('[data-testid="message"][data-unread]')).toHaveCount(3);
    await expect(page.getByRole('tab', { name: t.unreadTab(3) })).toBeVisible();
    await noHorizontalOverflow(page);
    await snap(page, `messages-list-${lang}`);

    // Opening the one with the code: its whole text shows, with its line break, and it is read.
    const codeMessage = page.getByRole('button', { name: new RegExp(`^${t.unreadMark}${notices[1][lang][0]}`) });
    await codeMessage.click();
    await expect(page.getByRole('button', { name: new RegExp(`^${notices[1][lang][0]}`) })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const text = page.getByText('BETA-2026-XY7Q', { exact: false }).last();
    await expect(text).toBeVisible();
    expect(await text.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-wrap');
    expect(await text.evaluate((el) => (el as HTMLElement).innerText.split('\n').length)).toBe(2);
    await expect(page.locator('[data-testid="message"][data-unread]')).toHaveCount(2);
    await expect(header.getByRole('link', { name: t.unread(2), exact: true })).toBeVisible();
    if (phone) await expect(page.getByRole('link', { name: t.mine(2) })).toBeVisible();
    await snap(page, `messages-opened-${lang}`);

    // The server kept it: after a reload two are still unread.
    await page.reload();
    await expect(items).toHaveCount(3);
    await expect(page.locator('[data-testid="message"][data-unread]')).toHaveCount(2);
    await expect(header.getByRole('link', { name: t.unread(2), exact: true })).toBeVisible();

    // The unread tab lists the two; "Mark all as read" clears them and the badge.
    await page.getByRole('tab', { name: t.unreadTab(2) }).click();
    await expect(page).toHaveURL(/filter=unread/);
    await expect(items).toHaveCount(2);
    const markAll = page.getByRole('button', { name: t.markAll });
    await markAll.click();
    await expect(page.getByText(t.noUnread)).toBeVisible();
    await expect(markAll).toBeDisabled();
    await expect(header.getByRole('link', { name: t.messages, exact: true })).toBeVisible();
    await expect(page.getByTestId('unread-badge')).toHaveCount(0);
    await snap(page, `messages-all-read-${lang}`);

    await page.getByRole('tab', { name: t.all }).click();
    await expect(items).toHaveCount(3);
    await expect(page.locator('[data-testid="message"][data-unread]')).toHaveCount(0);
    const after = await apiGet<{ unread_num: number }>('/api/frontend/message/list', account.token);
    expect(after.unread_num).toBe(0);
  });

  test(`a user without messages is shown where to go next (${lang}, ${size.width}px)`, async ({ page }) => {
    const account = await createAccount();
    await open(page, lang, size);
    await logInAs(page, account, '/V2/messagecenter');
    await expect(page.getByText(t.empty)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: t.goToExchange })).toBeVisible();
    await expect(page.getByRole('button', { name: t.markAll })).toBeDisabled();
    await expect(page.getByRole('banner').getByRole('link', { name: t.messages, exact: true })).toBeVisible();
    await noHorizontalOverflow(page);
    await snap(page, `messages-empty-${lang}`);
  });
}

for (const { lang, size } of [journeys[0], journeys[1]]) {
  const t = strings[lang];
  test(`a redeemed code arrives with a copy button and a link to its order (${lang}, ${size.width}px)`, async ({
    page,
    context,
  }) => {
    test.setTimeout(150_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const account = await createAccount();
    await open(page, lang, size);
    await logInAs(page, account, '/Home');
    // The first watched video pays the welcome reward (and writes its message).
    await watchFirstVideo(page, '200.00');
    const { prizeId, code } = createCodePrize();
    const order = await apiPost<{ id: number }>(
      '/api/frontend/prize/exchange-virtual-products',
      { prize_id: prizeId, idempotency_key: `e2e-${randomBytes(6).toString('hex')}` },
      account.token,
    );

    await page.goto('/V2/messagecenter');
    const items = page.getByTestId('message');
    // A code comes as one message (no separate "order placed"), after the welcome reward.
    await expect(items).toHaveCount(2, { timeout: 30_000 });
    await expect(items.nth(0)).toContainText(t.codeTitle);
    await expect(items.nth(1)).toContainText(t.welcomeTitle);
    await expect(page.getByRole('banner').getByRole('link', { name: t.unread(2), exact: true })).toBeVisible();

    await page.getByRole('button', { name: new RegExp(`^${t.unreadMark}${t.codeTitle}`) }).click();
    await page.getByRole('button', { name: t.copyCode }).click();
    await expect(page.locator('[data-sonner-toast]').getByText(t.copied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await expect(items.nth(0)).toContainText(code);
    await page.getByRole('button', { name: new RegExp(`^${t.unreadMark}${t.welcomeTitle}`) }).click();
    await expect(page.getByRole('link', { name: t.viewPoints })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: t.messages, exact: true })).toBeVisible();
    await snap(page, `messages-code-${lang}`);

    await page.getByRole('link', { name: t.viewOrder }).click();
    await expect(page).toHaveURL(new RegExp(`/V2/myorder\\?id=${order.id}$`));
  });
}
