import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import type { Address, Order } from '@taice/contract';
import { apiPost, createAccount, logInAs, verifySecondFactor, type Account } from './api';
import { DESKTOP, ops, PHONE, snap } from './support';

/**
 * The operator console (/ops) against the real server: an admin enrols the TOTP second factor (the code
 * computed here as an authenticator app would), finds a member, adjusts their balance with a reason and
 * finds the adjustment in the member's ledger and in the audit log; a support operator ships an order and is
 * offered no balance change; a member opening /ops is turned away, a visitor asked to log in.
 */

const strings = {
  en: {
    enrolTitle: 'Set up your authenticator',
    code: '6-digit code',
    verify: 'Verify',
    dashboard: 'Dashboard',
    users: 'Users',
    search: 'E-mail, uuid, id, name, wallet address or Telegram id',
    searchButton: 'Search',
    adjust: 'Adjust balance',
    amount: 'Amount (TAICE)',
    reason: 'Reason',
    reasonRequired: 'Reason: is required',
    adjusted: 'Balance adjusted.',
    ledgerTab: 'Ledger',
    operatorAdjust: 'Operator adjustment',
    verifyLedger: 'Verify the ledger',
    ledgerOk: 'The ledger agrees',
    inAudit: 'In the audit log',
    audit: 'Audit log',
    orders: 'Orders',
    ship: 'Ship',
    carrier: 'Carrier',
    tracking: 'Tracking number',
    shipped: 'Order shipped; the member is told.',
    shippedStatus: 'Shipped',
    notOperator: 'This account is not an operator',
    logIn: 'Log in',
    menu: 'Open the menu',
  },
  cn: {
    enrolTitle: '设置身份验证器',
    code: '6 位验证码',
    verify: '验证',
    dashboard: '数据概览',
    users: '用户',
    search: '邮箱、uuid、ID、名称、钱包地址或 Telegram ID',
    searchButton: '搜索',
    adjust: '调整余额',
    amount: '金额（TAICE）',
    reason: '原因',
    reasonRequired: '原因：不能为空',
    adjusted: '余额已调整。',
    ledgerTab: '账本',
    operatorAdjust: '人工调整',
    verifyLedger: '校验账本',
    ledgerOk: '账本一致',
    inAudit: '查看审计日志',
    audit: '审计日志',
    orders: '订单',
    ship: '发货',
    carrier: '物流公司',
    tracking: '运单号',
    shipped: '订单已发货，已通知用户。',
    shippedStatus: '已发货',
    notOperator: '此账号不是运营人员',
    logIn: '登录',
    menu: '打开菜单',
  },
} as const;

type Lang = keyof typeof strings;

/** An account granted `role` with the operator CLI. */
async function operatorAccount(role: 'admin' | 'support'): Promise<Account> {
  const account = await createAccount();
  ops('users', 'grant', account.email, role);
  return account;
}

/** Opens the console in `lang` as `account`. */
async function openConsole(page: Page, account: Account | null, lang: Lang, path = '/ops'): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
  if (account) await logInAs(page, account, path);
  else await page.goto(path);
}

/** Enrols the authenticator shown on the page: its key, read as a person would type it, gives the code. */
async function enrolInBrowser(page: Page, t: (typeof strings)[Lang]): Promise<void> {
  await expect(page.getByRole('heading', { name: t.enrolTitle })).toBeVisible();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel(t.code).fill(await generate({ secret }));
  await page.getByRole('button', { name: t.verify }).click();
  await expect(page.getByRole('heading', { name: t.dashboard, level: 1 })).toBeVisible();
}

for (const lang of ['en', 'cn'] as const) {
  test(`an admin enrols the second factor, adjusts a member's balance with a reason and finds it in the ledger and the audit log (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const t = strings[lang];
    const admin = await operatorAccount('admin');
    const member = await createAccount();
    await page.setViewportSize(DESKTOP);
    await openConsole(page, admin, lang);
    await enrolInBrowser(page, t);
    await snap(page, `ops-dashboard-${lang}`);

    await page.getByRole('navigation').getByRole('link', { name: t.users }).click();
    await page.getByRole('searchbox', { name: t.search }).fill(member.email);
    await page.getByRole('button', { name: t.searchButton }).click();
    const rows = page.getByTestId('ops-users').getByRole('row');
    await expect(rows).toHaveCount(2); // the header and the member
    await rows.nth(1).getByRole('link').click();
    await expect(page.getByText(member.email).first()).toBeVisible();

    await page.getByRole('button', { name: t.adjust }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t.amount).fill('25.5');
    // The contract's schema refuses a missing reason before anything is sent.
    await dialog.getByRole('button', { name: t.adjust }).click();
    await expect(dialog.getByText(t.reasonRequired)).toBeVisible();
    const reason = `Goodwill ${randomBytes(3).toString('hex')}`;
    await dialog.getByLabel(t.reason).fill(reason);
    await dialog.getByRole('button', { name: t.adjust }).click();
    await expect(page.getByText(t.adjusted)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('tab', { name: t.ledgerTab }).click();
    const entry = page.getByTestId('ops-ledger').getByRole('row').filter({ hasText: reason });
    await expect(entry).toContainText(t.operatorAdjust);
    await expect(entry).toContainText('+25.50');
    await page.getByRole('button', { name: t.verifyLedger }).click();
    await expect(page.getByTestId('ledger-verify')).toContainText(t.ledgerOk);
    await snap(page, `ops-ledger-${lang}`);

    await page.getByRole('link', { name: t.inAudit }).click();
    await expect(page.getByRole('heading', { name: t.audit, level: 1 })).toBeVisible();
    const row = page.getByTestId('ops-audit').getByRole('row').filter({ hasText: 'balance.adjust' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`user:${member.user.id}`);
    await expect(row).toContainText(reason);
    await snap(page, `ops-audit-${lang}`);
  });
}

test('a support operator ships an order and is offered no balance change', async ({ page }) => {
  test.setTimeout(120_000);
  const t = strings.en;
  const tag = randomBytes(3).toString('hex');
  // The member pays for a physical prize with TAICE an admin gave them.
  const admin = await operatorAccount('admin');
  await verifySecondFactor(admin.token);
  const member = await createAccount();
  await apiPost(
    '/api/ops/users/adjust',
    { user_id: member.user.id, amount: 100, reason: 'For the order', idempotency_key: `ops-e2e-${tag}-order` },
    admin.token,
  );
  const created = ops(
    'prizes',
    'create',
    ...['--type', 'physical', '--name-en', `Mug ${tag}`, '--name-cn', `杯子 ${tag}`, '--name-tw', `杯子 ${tag}`],
    ...['--text-en', 'For the console test.', '--text-cn', '控制台测试用。', '--text-tw', '控制台測試用。'],
    ...['--price', '40', '--stock', '5'],
  );
  const prizeId = Number(/prize #(\d+)/.exec(created)![1]);
  const address = await apiPost<Address>(
    '/api/frontend/user-address/store',
    {
      first_name: 'Grace',
      last_name: 'Hopper',
      country: 'US',
      dial_code: '1',
      phone: '2025550123',
      detail_address: '1 Navy Yard, Washington DC',
    },
    member.token,
  );
  const order = await apiPost<Order>(
    '/api/frontend/prize/exchange-physical',
    { prize_id: prizeId, address_id: address.id, idempotency_key: `ops-e2e-${tag}-exchange` },
    member.token,
  );

  const support = await operatorAccount('support');
  await verifySecondFactor(support.token);
  await page.setViewportSize(DESKTOP);
  await openConsole(page, support, 'en', '/ops/orders?status=not_shipped');
  const row = page.getByTestId('ops-orders').getByRole('row').filter({ hasText: order.order_no });
  await row.getByRole('button', { name: t.ship }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t.carrier).fill('DHL');
  await dialog.getByLabel(t.tracking).fill(`JD${tag}`);
  await dialog.getByRole('button', { name: t.ship }).click();
  await expect(page.getByText(t.shipped)).toBeVisible();
  // Shipped orders leave the not-shipped list; the member's page lists it as shipped.
  await expect(row).toHaveCount(0);
  await snap(page, 'ops-orders-support');

  await page.goto(`/ops/users/${member.user.id}?tab=orders`);
  await expect(page.getByRole('row').filter({ hasText: order.order_no })).toContainText(t.shippedStatus);
  await expect(page.getByRole('button', { name: t.adjust })).toHaveCount(0);
  await expect(page.getByRole('navigation').getByRole('link', { name: t.audit })).toHaveCount(0);
  await expect(page.getByRole('navigation').getByRole('link', { name: t.orders })).toBeVisible();
});

for (const lang of ['en', 'cn'] as const) {
  test(`a member opening /ops is turned away, a visitor asked to log in (${lang})`, async ({ page }) => {
    const t = strings[lang];
    await page.setViewportSize(DESKTOP);
    await openConsole(page, null, lang);
    await expect(page.getByRole('button', { name: t.logIn }).last()).toBeVisible();

    await openConsole(page, await createAccount(), lang);
    await expect(page.getByRole('heading', { name: t.notOperator })).toBeVisible();
    await expect(page.getByRole('link', { name: t.users })).toHaveCount(0);
    await snap(page, `ops-not-operator-${lang}`);
  });
}

test('the console on a phone: the compact menu, a search and a member’s page (390 px)', async ({ page }) => {
  test.setTimeout(90_000);
  const t = strings.en;
  const admin = await operatorAccount('admin');
  await verifySecondFactor(admin.token);
  const member = await createAccount();
  await page.setViewportSize(PHONE);
  await openConsole(page, admin, 'en');
  await expect(page.getByRole('heading', { name: t.dashboard, level: 1 })).toBeVisible();
  await snap(page, 'ops-dashboard-en');
  await page.getByRole('button', { name: t.menu }).click();
  await page.getByRole('dialog').getByRole('link', { name: t.users }).click();
  await expect(page.getByRole('heading', { name: t.users, level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: t.search }).fill(member.email);
  await page.getByRole('button', { name: t.searchButton }).click();
  const card = page.getByTestId('ops-users').getByRole('listitem');
  await expect(card).toHaveCount(1);
  await snap(page, 'ops-users-en');
  await card.getByRole('link').click();
  await expect(page.getByRole('button', { name: t.adjust })).toBeVisible();
  await snap(page, 'ops-user-en');
});

/** Every screen of the console, for people to look at (screenshots at both sizes). */
test('every screen of the console renders for an admin (390 and 1280 px)', async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await operatorAccount('admin');
  await verifySecondFactor(admin.token);
  await openConsole(page, admin, 'en', '/ops/users');
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    for (const screen of [
      '',
      'users',
      'orders',
      'prizes',
      'races',
      'campaigns',
      'broadcasts',
      'videos',
      'content',
      'earning',
      'audit',
    ]) {
      await page.goto(`/ops/${screen}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await snap(page, `ops-screen-${screen || 'dashboard'}`);
    }
  }
  // The console's texts of another language load when it is chosen, the screen stays.
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
  await expect(page.getByRole('heading', { name: '稽核日誌', level: 1 })).toBeVisible();
});

test('an admin creates a campaign from the console, its texts in three languages', async ({ page }) => {
  test.setTimeout(90_000);
  const admin = await operatorAccount('admin');
  await verifySecondFactor(admin.token);
  const tag = randomBytes(3).toString('hex');
  await page.setViewportSize(DESKTOP);
  await openConsole(page, admin, 'en', '/ops/campaigns');
  await page.getByRole('button', { name: 'New campaign' }).click();
  const dialog = page.getByRole('dialog');
  // Nothing filled in: each field says what it lacks, before anything is sent.
  await dialog.getByRole('button', { name: 'New campaign' }).click();
  await expect(dialog.getByText('Title · English: is required')).toBeVisible();
  await expect(dialog.getByText('Jackpot: is required')).toBeVisible();
  await snap(page, 'ops-campaign-form');

  const texts = { English: `Console sprint ${tag}`, 简体中文: `控制台冲刺 ${tag}`, 繁體中文: `控制台衝刺 ${tag}` };
  for (const [language, text] of Object.entries(texts)) {
    await dialog.getByLabel(`Title · ${language}`).fill(text);
    await dialog.getByLabel(`Rules · ${language}`).fill(`${text}: watch and share.`);
  }
  await dialog.getByLabel('Banner image URL').fill('/favicon.svg');
  const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);
  await dialog.getByLabel('Starts', { exact: true }).fill(at(1));
  await dialog.getByLabel('Ends', { exact: true }).fill(at(8));
  await dialog.getByLabel('Jackpot', { exact: true }).fill('1000');
  await dialog.getByRole('button', { name: 'New campaign' }).click();
  await expect(page.getByText('Campaign created.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: texts.English })).toContainText('Upcoming');
});
