import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import type { Address, Order } from '@taice/contract';
import { apiPost, createAccount, logInAs, type Account } from './api';
import { DESKTOP, ops, PHONE, snap, watchFirstVideo } from './support';

/**
 * The orders screens (/V2/myorder and /ExchangeHistory) against the real
 * server: one user earns 200 TAICE by watching a video, then exchanges
 * physical goods four times (one stays not shipped, one is shipped, one
 * shipped and completed, one cancelled and refunded by the operator), a
 * virtual product (its code) and a membership. Each journey checks the status
 * tabs, tracking and address, the hidden code revealed and copied, the
 * membership expiry and the single order a message links to.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const run = Date.now().toString(36);
const CODE = `ORD-${run.toUpperCase()}-7788`;

let account: Account;
const placed = {} as Record<'waiting' | 'shipped' | 'completed' | 'cancelled' | 'virtual' | 'membership', Order>;

/** Creates a prize with the operator CLI and returns its id. */
function createPrize(type: string, names: [string, string, string], extra: string[]): number {
  const out = ops(
    'prizes',
    'create',
    '--type',
    type,
    '--name-en',
    names[0],
    '--name-cn',
    names[1],
    '--name-tw',
    names[2],
    '--text-en',
    'For the orders test.',
    '--text-cn',
    '订单测试用。',
    '--text-tw',
    '訂單測試用。',
    '--price',
    '5',
    ...extra,
  );
  const id = Number(/prize #(\d+) created/.exec(out)?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

const exchange = (kind: string, body: Record<string, unknown>) =>
  apiPost<Order>(
    `/api/frontend/prize/${kind}`,
    { ...body, idempotency_key: `orders-${run}-${Math.random().toString(36).slice(2, 10)}` },
    account.token,
  );

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const physical = createPrize(
    'physical',
    [`Earbuds ${run}`, `无线耳机 ${run}`, `無線耳機 ${run}`],
    ['--stock', '10', '--image', path.join(here, 'avatar.png')],
  );
  const virtual = createPrize('virtual', [`Game card ${run}`, `游戏点卡 ${run}`, `遊戲點卡 ${run}`], []);
  const csv = path.join(tmpdir(), `orders-codes-${run}.csv`);
  writeFileSync(csv, `${CODE}\n`);
  ops('codes', 'import', String(virtual), csv);
  const membership = createPrize(
    'membership',
    [`VIP 30 days ${run}`, `VIP 30 天 ${run}`, `VIP 30 天 ${run}`],
    ['--stock', '10', '--days', '30'],
  );

  // A new user earns 200 spendable TAICE with the first watched video.
  account = await createAccount();
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await logInAs(page, account, '/Home');
  await watchFirstVideo(page, '200.00');
  await context.close();

  const address = await apiPost<Address>(
    '/api/frontend/user-address/store',
    {
      first_name: 'Ada',
      last_name: 'Lovelace',
      country: 'GB',
      dial_code: '44',
      phone: '2071234567',
      detail_address: '12 St James’s Square, London SW1Y 4LE',
    },
    account.token,
  );
  for (const key of ['waiting', 'shipped', 'completed', 'cancelled'] as const) {
    placed[key] = await exchange('exchange-physical', { prize_id: physical, address_id: address.id });
  }
  placed.virtual = await exchange('exchange-virtual-products', { prize_id: virtual });
  placed.membership = await exchange('exchange-member', { prize_id: membership });

  ops('orders', 'ship', placed.shipped.order_no, '--carrier', 'DHL', '--tracking', 'JD0001');
  ops('orders', 'ship', placed.completed.order_no, '--carrier', 'SF Express', '--tracking', 'SF0002');
  ops('orders', 'complete', placed.completed.order_no);
  ops('orders', 'cancel', placed.cancelled.order_no);
});

const journeys = [
  {
    lang: 'en',
    locale: 'en-US',
    size: DESKTOP,
    t: {
      myOrders: 'My orders',
      history: 'Redemption history',
      all: 'All',
      notShipped: 'Not shipped',
      shipped: 'Shipped',
      completed: 'Completed',
      cancelled: 'Cancelled',
      earbuds: `Earbuds ${run}`,
      card: `Game card ${run}`,
      vip: `VIP 30 days ${run}`,
      preparing: /preparing your order/,
      country: 'United Kingdom',
      copyTracking: 'Copy tracking number',
      showCode: 'Show code',
      copyCode: 'Copy code',
      copied: 'copy success!',
      memberUntil: 'Member until',
      refunded: '5.00 TAICE refunded to your balance',
      details: 'Order details',
      back: 'All orders',
    },
  },
  {
    lang: 'cn',
    locale: 'zh-CN',
    size: PHONE,
    t: {
      myOrders: '我的订单',
      history: '兑换记录',
      all: '全部',
      notShipped: '待发货',
      shipped: '已发货',
      completed: '已完成',
      cancelled: '已取消',
      earbuds: `无线耳机 ${run}`,
      card: `游戏点卡 ${run}`,
      vip: `VIP 30 天 ${run}`,
      preparing: /我们正在准备你的订单/,
      country: '英国',
      copyTracking: '复制运单号',
      showCode: '显示兑换码',
      copyCode: '复制兑换码',
      copied: '复制成功！',
      memberUntil: '会员有效期至',
      refunded: '已退还 5.00 TAICE 到你的余额',
      details: '订单详情',
      back: '全部订单',
    },
  },
  { lang: 'en', locale: 'en-US', size: PHONE, t: null },
  { lang: 'cn', locale: 'zh-CN', size: DESKTOP, t: null },
] as const;

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text, { exact: true });

for (const { lang, locale, size, t: strings } of journeys) {
  const t = strings ?? journeys.find((j) => j.lang === lang && j.t)!.t!;
  const full = strings !== null;
  test(`orders by status, tracking, code and membership (${lang}, ${size.width}px)`, async ({ page, context }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize(size);
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    await logInAs(page, account, '/V2/myorder');

    // All orders, newest first.
    await expect(page.getByRole('heading', { level: 1, name: t.myOrders })).toBeVisible();
    await expect(page.getByRole('tab', { name: t.all, exact: true })).toHaveAttribute('aria-selected', 'true');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(6);
    await expect(cards.first()).toHaveAccessibleName(t.vip);
    await expect(cards.first().getByRole('img', { name: t.vip })).toHaveCount(0);
    await expect(cards.last().getByRole('img', { name: t.earbuds })).toBeVisible();
    await noHorizontalOverflow(page);
    await snap(page, `orders-all-${lang}`);

    // Not shipped: the one still waiting, with what happens next.
    await page.getByRole('tab', { name: t.notShipped, exact: true }).click();
    await expect(page).toHaveURL(/status=not_shipped/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(placed.waiting.order_no);
    await expect(cards.first().getByText(t.preparing)).toBeVisible();

    // Shipped: carrier, tracking number (copied) and the address it goes to.
    await page.getByRole('tab', { name: t.shipped, exact: true }).click();
    await expect(page).toHaveURL(/status=shipped$/);
    await expect(cards).toHaveCount(1);
    const shipped = cards.first();
    await expect(shipped).toContainText(placed.shipped.order_no);
    await expect(shipped.getByText('DHL', { exact: true })).toBeVisible();
    await expect(shipped.getByText('JD0001', { exact: true })).toBeVisible();
    await expect(shipped.getByText('Ada Lovelace')).toBeVisible();
    await expect(shipped.getByText('+44 2071234567')).toBeVisible();
    await expect(shipped.getByText(t.country, { exact: true })).toBeVisible();
    if (full) {
      await shipped.getByRole('button', { name: t.copyTracking }).click();
      await expect(toast(page, t.copied).last()).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('JD0001');
    }
    await noHorizontalOverflow(page);
    await snap(page, `orders-shipped-${lang}`);

    // Completed: the delivered physical order, the code (hidden, then shown and copied) and the membership.
    await page.getByRole('tab', { name: t.completed, exact: true }).click();
    await expect(page).toHaveURL(/status=completed/);
    await expect(cards).toHaveCount(3);
    await expect(page.getByRole('article', { name: t.earbuds })).toContainText('SF0002');
    const virtual = page.getByRole('article', { name: t.card });
    await expect(virtual.getByText(CODE)).toHaveCount(0);
    await virtual.getByRole('button', { name: t.showCode }).click();
    await expect(virtual.getByTestId('order-code')).toHaveText(CODE);
    if (full) {
      await virtual.getByRole('button', { name: t.copyCode }).click();
      await expect(toast(page, t.copied).last()).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CODE);
    }
    const expiry = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(
      new Date(placed.membership.member_expires_at!),
    );
    await expect(page.getByRole('article', { name: t.vip })).toContainText(`${t.memberUntil} ${expiry}`);
    await virtual.screenshot({ path: `screenshots/orders-code-${lang}-${size.width}.png` });
    await noHorizontalOverflow(page);
    await snap(page, `orders-completed-${lang}`);

    // Cancelled: refunded.
    await page.getByRole('tab', { name: t.cancelled, exact: true }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(placed.cancelled.order_no);
    await expect(cards.first().getByText(t.refunded)).toBeVisible();

    // A message's link: that one order, and the way back to all of them.
    await page.goto(`/V2/myorder?id=${placed.shipped.id}`);
    await expect(page.getByRole('heading', { name: t.details })).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(placed.shipped.order_no);
    await expect(cards.first().getByText('JD0001', { exact: true })).toBeVisible();
    await noHorizontalOverflow(page);
    await snap(page, `orders-single-${lang}`);
    await page.getByRole('link', { name: t.back }).click();
    await expect(page).toHaveURL(/\/V2\/myorder$/);
    await expect(cards).toHaveCount(6);

    if (full) {
      // The same page as the redemption history, with a tab kept in the URL; an empty tab points to the store.
      await page.goto('/ExchangeHistory?status=cancelled');
      await expect(page.getByRole('heading', { level: 1, name: t.history })).toBeVisible();
      await expect(page.getByRole('tab', { name: t.cancelled, exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(cards).toHaveCount(1);
    }
  });
}

test('an order tab with nothing in it points to the redemption center', async ({ page }) => {
  const newcomer = await createAccount();
  await page.setViewportSize(PHONE);
  await logInAs(page, newcomer, '/V2/myorder?status=cancelled');
  await expect(page.getByText('No cancelled orders')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the redemption center' }).click();
  await expect(page).toHaveURL(/\/V2\/exchange$/);
});
