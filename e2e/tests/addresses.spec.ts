import { expect, test, type Page } from '@playwright/test';
import { apiGet, apiPost, createAccount, logInAs } from './api';
import { DESKTOP, PHONE, snap } from './support';

/**
 * Delivery addresses (/V2/addressH5) against the real server: a new member
 * sees the empty state, is told each missing field in the server's words,
 * adds an address with the country picked by search (the dial code follows
 * it), edits it, and deletes another one after confirming; a member with the
 * most addresses allowed cannot add one more.
 */

const STORE = '/api/frontend/user-address/store';
const LIST = '/api/frontend/user-address/list';

interface SavedAddress {
  id: number;
  first_name: string;
  detail_address: string;
  dial_code: string;
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text, { exact: true });

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const journeys = [
  {
    lang: 'en',
    t: {
      title: 'Delivery address',
      empty: 'No saved addresses yet',
      addFirst: 'Add your first address',
      addTitle: 'Add address',
      editTitle: 'Edit address',
      save: 'Save address',
      firstName: 'First name',
      lastName: 'Last name',
      country: /^Country\/Region/,
      chooseCountry: 'Choose a country or region',
      phone: 'Phone number',
      dialCode: (code: string) => `Dial code +${code}`,
      detail: 'Detailed address',
      missing: [
        'Please enter the first name',
        'Please enter the last name',
        'Please select the country',
        'Please enter the phone number',
        'Please enter the detailed address',
      ],
      search: 'germ',
      germany: 'Germany',
      person: { first: 'Ada', last: 'Lovelace', name: 'Ada Lovelace' },
      other: { first: 'Grace', last: 'Hopper', name: 'Grace Hopper' },
      added: 'Address added',
      updated: 'Address updated',
      edit: (name: string) => `Edit the address of ${name}`,
      del: (name: string) => `Delete the address of ${name}`,
      deleteTitle: 'Delete this address?',
      deleteButton: 'Delete',
      cancel: 'Cancel',
      deleted: 'Address deleted',
      countOne: '1 of 20 addresses saved',
      countTwo: '2 of 20 addresses saved',
    },
  },
  {
    lang: 'cn',
    t: {
      title: '收货地址',
      empty: '还没有保存的地址',
      addFirst: '添加第一个地址',
      addTitle: '添加地址',
      editTitle: '编辑地址',
      save: '保存地址',
      firstName: '名字',
      lastName: '姓氏',
      country: /^国家\/地区/,
      chooseCountry: '选择国家/地区',
      phone: '手机号码',
      dialCode: (code: string) => `区号 +${code}`,
      detail: '详细地址',
      missing: ['请输入名字', '请输入姓氏', '请选择国家/地区', '请输入手机号码', '请输入详细地址'],
      search: '德',
      germany: '德国',
      person: { first: '小明', last: '王', name: '王小明' },
      other: { first: '丽', last: '李', name: '李丽' },
      added: '地址已添加',
      updated: '地址已更新',
      edit: (name: string) => `编辑 ${name} 的地址`,
      del: (name: string) => `删除 ${name} 的地址`,
      deleteTitle: '删除这个地址？',
      deleteButton: '删除',
      cancel: '取消',
      deleted: '地址已删除',
      countOne: '已保存 1/20 个地址',
      countTwo: '已保存 2/20 个地址',
    },
  },
] as const;

for (const { lang, t } of journeys) {
  for (const size of [PHONE, DESKTOP]) {
    test(`a member adds, edits and deletes delivery addresses (${lang}, ${size.width}px)`, async ({ page }) => {
      test.setTimeout(180_000); // A long journey, on a machine that may be busy.
      const account = await createAccount();
      await page.setViewportSize(size);
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      await logInAs(page, account, '/V2/addressH5');
      const shot = (name: string) => snap(page, `addresses-${name}-${lang}`);

      // A new member: the empty state offers the first address.
      // The first load of a page may be slow on a busy machine.
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText(t.empty)).toBeVisible();
      await shot('empty');
      await page.getByRole('button', { name: t.addFirst }).click();
      let form = page.getByRole('dialog', { name: t.addTitle });
      await expect(form).toBeVisible();

      // Saving an empty form names every missing field, each on its own.
      await form.getByRole('button', { name: t.save }).click();
      for (const message of t.missing) await expect(form.getByText(message, { exact: true })).toBeVisible();
      await expect(form.getByLabel(t.firstName)).toBeFocused();
      await shot('form-missing');

      // The country is picked by search; the dial code follows it.
      await form.getByLabel(t.firstName).fill(t.person.first);
      await form.getByLabel(t.lastName).fill(t.person.last);
      await expect(form.getByText(t.missing[0], { exact: true })).toBeHidden();
      await expect(form.getByRole('button', { name: t.dialCode('1') })).toBeVisible();
      await form.getByRole('button', { name: t.country }).click();
      const picker = page.getByRole('dialog', { name: t.chooseCountry });
      await expect(picker.getByRole('option').first()).toBeVisible();
      await picker.getByRole('combobox').fill(t.search);
      await expect(picker.getByRole('option').first()).toContainText(t.germany);
      await shot('country-search');
      await picker
        .getByRole('option', { name: new RegExp(t.germany) })
        .first()
        .click();
      await expect(picker).toBeHidden();
      await expect(form.getByRole('button', { name: t.country })).toContainText(t.germany);
      await expect(form.getByRole('button', { name: t.dialCode('49') })).toBeVisible();
      // Digits only in the phone number.
      await form.getByLabel(t.phone).pressSequentially('30 1234-567');
      await expect(form.getByLabel(t.phone)).toHaveValue('301234567');
      await form.getByLabel(t.detail).fill('Unter den Linden 1, 10117 Berlin');
      await shot('form-filled');
      await form.getByRole('button', { name: t.save }).click();
      await expect(toast(page, t.added)).toBeVisible();
      await expect(form).toBeHidden();

      let card = page.getByRole('article', { name: t.person.name });
      await expect(card).toContainText('+49 301234567');
      await expect(card).toContainText(t.germany);
      await expect(card).toContainText('Unter den Linden 1, 10117 Berlin');
      await expect(page.getByText(t.countOne)).toBeVisible();

      // A second address (saved elsewhere) is listed first, most recent first.
      await apiPost(
        STORE,
        {
          first_name: t.other.first,
          last_name: t.other.last,
          country: 'JP',
          dial_code: '81',
          phone: '312345678',
          detail_address: '1-1 Chiyoda, Tokyo 100-0001',
        },
        account.token,
      );
      await page.reload();
      await expect(page.getByRole('article')).toHaveCount(2, { timeout: 30_000 });
      await expect(page.getByRole('article').first()).toHaveAccessibleName(t.other.name);
      await expect(page.getByText(t.countTwo)).toBeVisible();
      await noHorizontalOverflow(page);
      await shot('list');

      // Editing: the form holds the address; a cleared field is refused, the change is saved.
      await page.getByRole('button', { name: t.edit(t.person.name) }).click();
      form = page.getByRole('dialog', { name: t.editTitle });
      await expect(form.getByLabel(t.firstName)).toHaveValue(t.person.first);
      await expect(form.getByRole('button', { name: t.dialCode('49') })).toBeVisible();
      await form.getByLabel(t.detail).fill('');
      await form.getByRole('button', { name: t.save }).click();
      await expect(form.getByText(t.missing[4], { exact: true })).toBeVisible();
      await form.getByLabel(t.detail).fill('Friedrichstraße 43, 10117 Berlin');
      await form.getByLabel(t.phone).fill('301112222');
      await shot('form-edit');
      await form.getByRole('button', { name: t.save }).click();
      await expect(toast(page, t.updated)).toBeVisible();
      await expect(form).toBeHidden();
      card = page.getByRole('article', { name: t.person.name });
      await expect(card).toContainText('Friedrichstraße 43, 10117 Berlin');
      await expect(card).toContainText('+49 301112222');
      await expect(page.getByRole('article').first()).toHaveAccessibleName(t.person.name);

      // Deleting asks first; Cancel keeps it, Delete removes it.
      await page.getByRole('button', { name: t.del(t.other.name) }).click();
      const ask = page.getByRole('dialog', { name: t.deleteTitle });
      await expect(ask).toContainText(t.other.name);
      await ask.getByRole('button', { name: t.cancel }).click();
      await expect(ask).toBeHidden();
      await expect(page.getByRole('article')).toHaveCount(2);
      await page.getByRole('button', { name: t.del(t.other.name) }).click();
      await ask.getByRole('button', { name: t.deleteButton, exact: true }).click();
      await expect(toast(page, t.deleted)).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(1);
      await expect(page.getByRole('article', { name: t.other.name })).toHaveCount(0);
      await expect(page.getByText(t.countOne)).toBeVisible();
      await shot('after-delete');

      const saved = await apiGet<SavedAddress[]>(LIST, account.token);
      expect(saved.map((a) => [a.first_name, a.dial_code, a.detail_address])).toEqual([
        [t.person.first, '49', 'Friedrichstraße 43, 10117 Berlin'],
      ]);
    });
  }
}

test('a member with the most addresses allowed cannot add another (en, 390px)', async ({ page }) => {
  const account = await createAccount();
  for (let i = 1; i <= 20; i++) {
    await apiPost(
      STORE,
      {
        first_name: `Member${i}`,
        last_name: 'Test',
        country: 'US',
        phone: `55501${String(i).padStart(5, '0')}`,
        detail_address: `${i} Main Street, Springfield`,
      },
      account.token,
    );
  }
  await page.setViewportSize(PHONE);
  await logInAs(page, account, '/V2/addressH5');
  await expect(page.getByRole('article')).toHaveCount(20, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Add address' })).toBeDisabled();
  await expect(page.getByText('You have saved the maximum of 20 addresses. Delete one to add another.')).toBeVisible();
  // Without a dial code the server keeps 1.
  await expect(page.getByRole('article', { name: 'Member20 Test' })).toContainText('+1 5550100020');
  await snap(page, 'addresses-full-en');
});
