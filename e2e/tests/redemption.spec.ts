import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiGet, createAccount, logInAs } from './api';
import { sql } from './database';
import { DESKTOP, ops, PHONE, snap, watchFirstVideo } from './support';

/**
 * The redemption center in the browser, against the real server: a member who
 * earned TAICE redeems a physical prize to a new address, a code and a
 * membership; the operator ships the parcel; the member reads the messages and
 * follows the order. A member whose TAICE is all locked is told to earn more.
 */

const journeys = [
  {
    lang: 'en',
    t: {
      center: 'Redemption center',
      physical: 'Physical goods',
      virtual: 'Virtual products',
      membership: 'Membership',
      redeem: 'Redeem',
      confirmTitle: 'Confirm redemption',
      firstName: 'First name',
      lastName: 'Last name',
      country: 'Country/Region',
      search: 'Search countries and regions',
      germany: 'Germany',
      phone: 'Phone number',
      detail: 'Detailed address',
      save: 'Save address',
      confirm: /Redeem for 50\.00 TAICE/,
      confirmVirtual: /Redeem for 20\.00 TAICE/,
      confirmMember: /Redeem for 30\.00 TAICE/,
      done: 'Redeemed',
      viewOrder: 'View order',
      continue: 'Keep browsing',
      notShipped: 'Not shipped',
      shipped: 'Shipped',
      memberUntil: 'Member until',
      insufficient: 'Insufficient TAICE Currently',
      earnMore: 'Please Go to the Task Center to Earn More TAICE',
      goToTasks: 'Go to the task centre',
      messages: /Messages/,
    },
  },
  {
    lang: 'cn',
    t: {
      center: '兑换中心',
      physical: '实物商品',
      virtual: '虚拟商品',
      membership: '会员',
      redeem: '立即兑换',
      confirmTitle: '确认兑换',
      firstName: '名字',
      lastName: '姓氏',
      country: '国家/地区',
      search: '搜索国家/地区',
      germany: '德国',
      phone: '手机号码',
      detail: '详细地址',
      save: '保存地址',
      confirm: /使用 50\.00 TAICE 兑换/,
      confirmVirtual: /使用 20\.00 TAICE 兑换/,
      confirmMember: /使用 30\.00 TAICE 兑换/,
      done: '兑换成功',
      viewOrder: '查看订单',
      continue: '继续逛逛',
      notShipped: '待发货',
      shipped: '已发货',
      memberUntil: '会员有效期至',
      insufficient: '当前 TAICE 余额不足',
      earnMore: '请前往任务中心赚取更多 TAICE',
      goToTasks: '前往任务中心',
      messages: /消息/,
    },
  },
] as const;

type Strings = (typeof journeys)[number]['t'];

/** Prizes of one worker alone (names end with `tag`), created with the operator CLI; the code pool of the card. */
function createPrizes(tag: string) {
  const create = (type: string, [en, cn, tw]: [string, string, string], ...options: string[]) =>
    ops(
      'prizes',
      'create',
      ...['--type', type, '--name-en', `${en} ${tag}`, '--name-cn', `${cn} ${tag}`, '--name-tw', `${tw} ${tag}`],
      ...['--text-en', `${en}: a prize of the end-to-end test.`, '--text-cn', `${cn}：端到端测试的奖品。`],
      ...['--text-tw', `${tw}：端到端測試的獎品。`, '--sort', '0', ...options],
    );
  create('physical', ['Bottle', '水杯', '水杯'], '--price', '50', '--stock', '20');
  create('membership', ['Pass', '周卡', '週卡'], '--price', '30', '--stock', '20', '--days', '7');
  const card = create('virtual', ['Card', '礼品卡', '禮品卡'], '--price', '20');
  const csv = path.join(mkdtempSync(path.join(tmpdir(), 'codes-')), 'codes.csv');
  const codes = Array.from({ length: 8 }, () => `CODE-${randomBytes(4).toString('hex').toUpperCase()}`);
  writeFileSync(csv, `${codes.join('\n')}\n`);
  ops('codes', 'import', /prize #(\d+)/.exec(card)![1]!, csv);
  return { codes, name: (lang: 'en' | 'cn', en: string, cn: string) => `${lang === 'en' ? en : cn} ${tag}` };
}

async function openPrize(page: Page, t: Strings, tab: string, name: string) {
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name })).toBeVisible();
  await dialog.getByRole('button', { name: t.redeem, exact: true }).click();
  await expect(dialog.getByRole('heading', { name: t.confirmTitle })).toBeVisible();
  return dialog;
}

// Each worker makes its own prizes for the journeys it runs. The tag is drawn in the hook: with fully
// parallel tests a worker may run the hook more than once, and the same tag twice made two prizes of one name.
let prizes: ReturnType<typeof createPrizes>;
test.beforeAll(() => {
  test.setTimeout(120_000);
  prizes = createPrizes(randomBytes(4).toString('hex'));
});

for (const { lang, t } of journeys) {
  for (const size of [PHONE, DESKTOP]) {
    test(`a member redeems goods, a code and a membership, and follows the parcel (${lang}, ${size.width}px)`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const bottle = prizes.name(lang, 'Bottle', '水杯');
      const card = prizes.name(lang, 'Card', '礼品卡');
      const pass = prizes.name(lang, 'Pass', '周卡');
      await page.setViewportSize(size);
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      const account = await createAccount();
      await logInAs(page, account);
      await watchFirstVideo(page, '200.00');

      // The catalogue, reached from My Portfolio: the whole 200 TAICE is spendable.
      await page.goto('/V2/My');
      await page.getByRole('link', { name: new RegExp(`^${t.center}`) }).click();
      await expect(page).toHaveURL(/\/V2\/exchange/);
      await expect(page.getByTestId('exchange-spendable')).toContainText('200.00');
      await snap(page, `redemption-catalogue-${lang}`);

      // A physical prize, shipped to an address added in the dialog.
      let dialog = await openPrize(page, t, t.physical, bottle);
      await dialog.getByLabel(t.firstName).fill('Ada');
      await dialog.getByLabel(t.lastName).fill('Lovelace');
      await dialog.getByRole('button', { name: new RegExp(`^${t.country}`) }).click();
      await page.getByRole('combobox', { name: t.search }).fill(t.germany);
      await page.getByRole('option', { name: new RegExp(t.germany) }).click();
      await dialog.getByLabel(t.phone).fill('3012345678');
      await dialog.getByLabel(t.detail).fill('Unter den Linden 1, 10117 Berlin');
      await dialog.getByRole('button', { name: t.save }).click();
      await expect(dialog.getByText('Unter den Linden 1, 10117 Berlin')).toBeVisible();
      await snap(page, `redemption-confirm-${lang}`);
      await dialog.getByRole('button', { name: t.confirm }).click();
      await expect(dialog.getByRole('heading', { name: t.done })).toBeVisible();
      const orderNo = (await dialog.getByText(/^R\d+/).textContent())!.trim();
      await snap(page, `redemption-done-physical-${lang}`);
      await dialog.getByRole('link', { name: t.viewOrder }).click();
      await expect(page).toHaveURL(/\/V2\/myorder\?id=\d+/);
      await expect(page.getByText(orderNo).first()).toBeVisible();
      await expect(page.getByText(t.notShipped).first()).toBeVisible();

      // A code, delivered at once.
      await page.goBack();
      await page.goto(size === PHONE ? '/V2/exchangeH5' : '/V2/exchange');
      dialog = await openPrize(page, t, t.virtual, card);
      await dialog.getByRole('button', { name: t.confirmVirtual }).click();
      const code = (await dialog.getByTestId('order-code').textContent())!.trim();
      expect(prizes.codes).toContain(code);
      await dialog.getByRole('button', { name: t.continue }).click();

      // A membership, with its expiry a week away.
      dialog = await openPrize(page, t, t.membership, pass);
      await dialog.getByRole('button', { name: t.confirmMember }).click();
      await expect(dialog.getByText(t.memberUntil)).toBeVisible();
      await expect(dialog.getByTestId('member-until')).not.toBeEmpty();
      await snap(page, `redemption-done-membership-${lang}`);
      await dialog.getByRole('button', { name: t.continue }).click();
      await expect(page.getByTestId('exchange-spendable')).toContainText('100.00');

      // The operator ships the parcel; the member sees the badge, the message and the order shipped.
      const tracking = `JD${randomBytes(4).toString('hex')}`;
      ops('orders', 'ship', orderNo, '--carrier', 'DHL', '--tracking', tracking);
      await page.reload();
      const bell = page.getByRole('banner').getByRole('link', { name: t.messages });
      await expect(bell).toBeVisible();
      // Placed, code, membership, shipped and the welcome reward: five unread.
      await expect(bell).toContainText('5');
      await bell.click();
      await expect(page).toHaveURL(/\/V2\/messagecenter/);
      await expect(page.getByText(tracking).first()).toBeVisible();
      await expect(page.getByText(code).first()).toBeVisible();
      await snap(page, `redemption-messages-${lang}`);
      await page.goto(`/V2/myorder?status=shipped`);
      await expect(page.getByText(orderNo).first()).toBeVisible();
      await expect(page.getByText(tracking).first()).toBeVisible();
      await snap(page, `redemption-orders-shipped-${lang}`);
    });
  }
}

test('members whose TAICE is all locked are told to earn more, in each language and width', async ({ browser }) => {
  test.setTimeout(120_000);
  const members = await Promise.all(journeys.flatMap(() => [createAccount(), createAccount()]));
  // Daily-task points earned yesterday, issued into the locked bucket by the points module's own job, queued now
  // rather than at the next minute of its schedule.
  await sql(
    `insert into user_daily_stats (user_id, day, estimated)
     select unnest($1::int[]), (now() at time zone 'Asia/Shanghai')::date - 1, 30000`,
    [members.map((m) => m.user.id)],
  );
  await sql(`select graphile_worker.add_job('points.issue_daily')`);
  for (const member of members) {
    await expect
      .poll(
        async () =>
          (await apiGet<{ locked: number }>('/api/frontend/user/walletDetail', member.token, { currency_key: 'taice' }))
            .locked,
        {
          timeout: 90_000,
          intervals: [500],
        },
      )
      .toBe(300);
  }
  let i = 0;
  for (const { lang, t } of journeys) {
    for (const size of [PHONE, DESKTOP]) {
      const context = await browser.newContext({ viewport: size });
      const page = await context.newPage();
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      await logInAs(page, members[i++]!, '/V2/exchange');
      await expect(page.getByTestId('exchange-spendable')).toContainText('0.00');
      await page.getByRole('tab', { name: t.physical }).click();
      await page.getByRole('button', { name: prizes.name(lang, 'Bottle', '水杯') }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(t.insufficient)).toBeVisible();
      await expect(dialog.getByText(t.earnMore)).toBeVisible();
      await expect(dialog.getByRole('button', { name: t.redeem, exact: true })).toHaveCount(0);
      await snap(page, `redemption-locked-${lang}`);
      await dialog.getByRole('link', { name: t.goToTasks }).click();
      await expect(page).toHaveURL(/\/V2\/task/);
      await context.close();
    }
  }
});
