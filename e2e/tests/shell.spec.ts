import { expect, test } from '@playwright/test';
import { DESKTOP, nextApiRequest, PHONE, snap } from './support';

test.describe('app shell', () => {
  test('/ goes to Home, which shows the banners from the server', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await expect(page).toHaveURL(/\/Home$/);
    await expect(page.getByRole('heading', { name: 'Watch videos. Earn TAICE. Redeem real rewards.' })).toBeVisible();
    await expect(page.getByText('Invite friends, get 500 TAICE each')).toBeAttached();
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible();
    await snap(page, 'home-en');
  });

  test('an unknown path lands on /404', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/Home$/);
  });

  test('/Service?active=1 shows the terms, and the tabs switch documents', async ({ page }) => {
    await page.goto('/Service?active=1');
    await expect(page.getByRole('tab', { name: 'Terms of Service' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 1, name: /Terms of Service/ })).toBeVisible();
    await page.getByRole('tab', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/active=0/);
    await expect(page.getByRole('heading', { level: 1, name: /Privacy Policy/ })).toBeVisible();
  });

  test('/about and /Policy show the server documents', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: /About/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', 'https://t.me/taice_official');
    await page.goto('/Policy');
    await expect(page.getByRole('heading', { level: 1, name: /User Agreement/ })).toBeVisible();
  });

  test('the header search goes to Discover with the keyword', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/Home');
    await page.getByRole('searchbox', { name: 'Search' }).fill('cats & dogs');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/Discover\?keyword=cats%20%26%20dogs$/);
  });

  test('Started and Success have no header', async ({ page }) => {
    await page.goto('/Started');
    await expect(page.getByRole('heading', { name: 'Welcome to TAICE' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await page.goto('/Home');
    await expect(page.getByRole('banner')).toHaveCount(1);
  });

  test('layout: search box on desktop, search icon and no tab bar when logged out on a phone', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/Home');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Tab bar' })).toHaveCount(0);
    const desktopFont = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    expect(desktopFont).toBe('12px');

    await page.setViewportSize(PHONE);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Search' })).toBeVisible();
    const phoneFont = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
    expect(phoneFont).toBeCloseTo(390 / 31.25, 1);
    await snap(page, 'home-en');
  });

  test('every request is signed and carries the client headers', async ({ page }) => {
    const request = nextApiRequest(page, '/api/frontend/banners');
    await page.goto('/Home');
    const sent = await request;
    const url = new URL(sent.url());
    for (const field of ['timestamp', 'nonce', 'sign', 'device_id']) expect(url.searchParams.get(field)).toBeTruthy();
    const headers = sent.headers();
    expect(headers['lang']).toBe('en_US');
    expect(headers['app-type']).toBe('web');
    expect(headers['timezone']).toBeTruthy();
  });

  test('a page chunk that fails to load shows an error with a working Retry', async ({ page }) => {
    await page.goto('/Home');
    await page.route(/about-page-.*\.js$/, (route) => route.abort());
    await page.getByRole('link', { name: 'TAICE home' }).focus();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/about');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByText('This part of the app could not be loaded.')).toBeVisible();
    await page.unroute(/about-page-.*\.js$/);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /About/ })).toBeVisible();
  });
});
