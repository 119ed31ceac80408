import { expect, test, type Page } from '@playwright/test';
import type { UserInfo } from '@taice/contract';
import { apiGet, apiPost, createAccount, logInAs } from './api';
import { DESKTOP, PHONE, snap } from './support';
import { TestWallet } from './test-wallet';

/** In the open login dialog: agree to the policy, pick MetaMask, accept the wallet terms. */
async function pickWallet(page: Page, agree: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'MetaMask' }).click();
  // The wallet-terms dialog, once per device.
  await page.getByRole('button', { name: agree }).click();
}

test.describe('EVM wallet', () => {
  test('log in with a wallet: policy first, the terms once, then a new account (en, 1280px)', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const wallet = new TestWallet();
    await wallet.install(page);
    await page.goto('/Home');
    await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Log in with a wallet' })).toBeVisible();
    await snap(page, 'login-wallet-choice-en');
    // Without the policy agreed nothing happens but the spec's warning.
    await dialog.getByRole('button', { name: 'MetaMask' }).click();
    await expect(page.getByText('Please Agree Policy').first()).toBeVisible();

    await pickWallet(page, 'I agree');
    await expect(page.getByText('Login Success')).toBeVisible();
    // A new account sees the new-user guide.
    await expect(page.getByRole('dialog', { name: 'Watch and earn' })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const me = await apiGet<UserInfo>('/api/frontend/user/info', token!);
    expect(me).toMatchObject({ chain_address: wallet.address, logType: 1 });
  });

  test('bind a wallet to an e-mail account from the profile (cn, 390px)', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.addInitScript(() => localStorage.setItem('lang', 'cn'));
    const account = await createAccount();
    const wallet = new TestWallet();
    await wallet.install(page);
    await logInAs(page, account, '/profile-edit');
    const row = page.locator('#bind');
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: /绑定/ }).first().click();
    const dialog = page.getByRole('dialog', { name: '绑定钱包' });
    await expect(dialog).toBeVisible();
    await snap(page, 'bind-wallet-dialog-cn');
    await dialog.getByRole('button', { name: 'MetaMask' }).click();
    await page.getByRole('button', { name: '我同意' }).click();
    await expect(page.getByText('钱包绑定成功')).toBeVisible();
    await expect(row.getByText(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`)).toBeVisible();
    const me = await apiGet<UserInfo>('/api/frontend/user/info', account.token);
    expect(me.chain_address).toBe(wallet.address);
  });

  test('a wallet page without a bound wallet: the warning, the wallet choice, and no wallet page (en, 1280px)', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    const account = await createAccount();
    await logInAs(page, account, '/Home');
    await page.goto('/Wallet');
    await expect(page.getByText('please bind wallet!')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Bind a wallet' })).toBeVisible();
    await expect(page).toHaveURL(/\/Home$/);
    await snap(page, 'wallet-guard-en');
  });

  test('switching the wallet to another account logs the user out (en, 390px)', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const wallet = new TestWallet();
    await wallet.install(page);
    await page.goto('/Home');
    await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
    await pickWallet(page, 'I agree');
    await expect(page.getByText('Login Success')).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await apiPost('/api/frontend/user/completeGuide', {}, token!);
    // After a reload the wallet connection is restored and watched.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await page.goto('/Wallet');
    await expect(page.getByRole('main')).toContainText('Wallet');

    await wallet.switchAccount(page);
    await expect(page.getByText('Account inconsistency!')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
