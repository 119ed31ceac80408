import { randomBytes, randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, logInAs } from './api';
import { DESKTOP, PHONE, snap } from './support';
import { BOT_TOKEN, miniAppFragment, signLoginWidget, signMiniAppInitData, tgAuthResult } from './telegram';
import { injectTonWallet, TON_WALLET_NAME } from './ton-wallet';

const hex = () => randomBytes(3).toString('hex');

/** A new account sees the new-user guide first; step 2's Next waits 30 s (the page clock is installed). */
async function finishGuide(page: Page) {
  const guide = page.getByRole('dialog', { name: 'Watch and earn' });
  await expect(guide).toBeVisible();
  await guide.getByRole('button', { name: 'Next' }).click();
  await page.clock.fastForward(31_000);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Start earning' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

async function openAccountMenu(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  return page.getByRole('dialog');
}

/** Signs in at the local OpenID Connect stand-in for Google (any password; login `x` is x@example.com). */
async function signInAtProvider(page: Page, login: string) {
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.describe('outside identities', () => {
  test('inside the Telegram Mini App the visitor is logged in at once (390px)', async ({ page }) => {
    await page.clock.install();
    await page.setViewportSize(PHONE);
    const firstName = `Mini${hex()}`;
    const initData = signMiniAppInitData(BOT_TOKEN, {
      user: { id: randomInt(1, 2 ** 40), first_name: firstName, last_name: 'App', username: `mini_${hex()}` },
    });
    const login = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/frontend/auth/telegram/login');
    await page.goto(`/Home${miniAppFragment(initData)}`);
    const request = await login;
    expect(request.headers()['app-type']).toBe('tg_mini');
    expect((request.postDataJSON() as { user: string }).user).toBe(initData);
    await expect(page.getByText('Login Success')).toBeVisible();
    await finishGuide(page);

    const popup = await openAccountMenu(page);
    await expect(popup.getByText(`${firstName} App`)).toBeVisible();
    await snap(page, 'telegram-mini-app-logged-in');
  });

  test('log in with Google through the provider and come back logged in (1280px)', async ({ page }) => {
    await page.clock.install();
    await page.setViewportSize(DESKTOP);
    await page.goto('/Home');
    await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Google' }).click();

    await page.waitForURL(/127\.0\.0\.1:\d+\/interaction\//);
    const login = `alice-${hex()}`;
    await signInAtProvider(page, login);

    await expect(page.getByText('Login Success')).toBeVisible();
    await expect(page).toHaveURL(/\/Home$/);
    await finishGuide(page);
    const popup = await openAccountMenu(page);
    await expect(popup.getByText(`${login}@example.com`)).toBeVisible();
    await snap(page, 'google-logged-in');
  });

  test('log in with Telegram on the web through the login page (390px)', async ({ page }) => {
    await page.clock.install();
    await page.setViewportSize(PHONE);
    const firstName = `Web${hex()}`;
    const username = `web_${hex()}`;
    // Telegram's login page, standing in: it sends the browser back with the signed widget result.
    await page.route('https://oauth.telegram.org/**', async (route) => {
      const url = new URL(route.request().url());
      expect(url.searchParams.get('bot_id')).toBe(BOT_TOKEN.split(':')[0]);
      const user = signLoginWidget(BOT_TOKEN, { id: randomInt(1, 2 ** 40), first_name: firstName, username });
      const back = `${url.searchParams.get('return_to')}#tgAuthResult=${tgAuthResult(user)}`;
      await route.fulfill({ status: 302, headers: { location: back } });
    });
    await page.goto('/Home');
    await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Telegram' }).click();

    await expect(page.getByText('Login Success')).toBeVisible();
    // The result and our marker are gone from the address.
    await expect(page).toHaveURL(/\/Home$/);
    await finishGuide(page);
    const popup = await openAccountMenu(page);
    await expect(popup.getByText(firstName)).toBeVisible();
  });

  test('bind Google to an e-mail account from the profile (390px and 1280px)', async ({ page }) => {
    const account = await createAccount();
    await page.setViewportSize(PHONE);
    await logInAs(page, account, '/Home');

    // The profile popup's "Bind account" opens the section on /profile-edit.
    const popup = await openAccountMenu(page);
    await popup.getByRole('button', { name: 'Bind account' }).click();
    await expect(page).toHaveURL(/\/profile-edit#bind$/);
    const section = page.getByRole('region', { name: 'Bind accounts' });
    await expect(section).toBeInViewport();
    const google = section.getByTestId('bind-google');
    await expect(google).toContainText('Not bound');
    await expect(section.getByTestId('bind-email')).toContainText(account.email);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'screenshots/bind-accounts-390.png' });

    await google.getByRole('button', { name: 'Bind Google' }).click();
    const login = `bind-${hex()}`;
    await signInAtProvider(page, login);

    await expect(page.getByText('bind success')).toBeVisible();
    await expect(page).toHaveURL(/\/profile-edit$/);
    await expect(google).toContainText(`${login}@example.com`);
    await expect(google.getByRole('button', { name: 'Bind Google' })).toHaveCount(0);
    await expect(section.getByTestId('bind-email')).toContainText(account.email);

    await page.setViewportSize(DESKTOP);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'screenshots/bind-accounts-1280.png' });
  });

  test('log in with a TON wallet through TON Connect, then see it bound (1280px)', async ({ page }) => {
    await page.clock.install();
    await page.setViewportSize(DESKTOP);
    const wallet = await injectTonWallet(page);
    await page.goto('/Home');
    await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'TON' }).click();

    // The login dialog gives way to the TON Connect modal; the wallet answers with a real ton_proof.
    await page.getByText(TON_WALLET_NAME).first().click();
    await snap(page, 'ton-connect-wallet');
    const login = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/frontend/auth/ton/login');
    await page.getByRole('button', { name: 'Browser Extension' }).click();
    const body = (await login).postDataJSON() as {
      register_type: number;
      wallet_info: { account: { address: string } };
    };
    expect(body.register_type).toBe(1);
    expect(body.wallet_info.account.address).toBe(wallet.address);
    await expect(page.getByText('Login Success')).toBeVisible();
    await finishGuide(page);

    await page.goto('/profile-edit#bind');
    const ton = page.getByRole('region', { name: 'Bind accounts' }).getByTestId('bind-ton');
    await expect(ton).toContainText(`${wallet.friendlyAddress.slice(0, 6)}…${wallet.friendlyAddress.slice(-4)}`);
    await expect(ton.getByRole('button')).toHaveCount(0);
  });
});
