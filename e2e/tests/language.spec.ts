import { expect, test } from '@playwright/test';
import { DESKTOP, nextApiRequest, PHONE, snap } from './support';

test('the language menu switches the app, persists across reload and changes the lang header', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/Home');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: '简体中文' }).click();
  await expect(page.getByRole('heading', { name: '看视频，赚 TAICE，兑换真实好礼' })).toBeVisible();
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();

  const request = nextApiRequest(page, '/api/frontend/banners');
  await page.reload();
  expect((await request).headers()['lang']).toBe('zh-CN');
  await expect(page.getByRole('heading', { name: '看视频，赚 TAICE，兑换真实好礼' })).toBeVisible();
  await expect(page.getByText('邀请好友，每位奖励 500 TAICE')).toBeAttached();
  await snap(page, 'home-cn');
  await page.setViewportSize(PHONE);
  await snap(page, 'home-cn');
});

test('/V2/changelanguage changes the language to Traditional Chinese and back', async ({ page }) => {
  await page.goto('/V2/changelanguage');
  await page.getByRole('radio', { name: '繁體中文' }).click();
  await expect(page.getByRole('heading', { name: '語言' })).toBeVisible();
  await expect(page.getByText('語言已切換')).toBeVisible();
  const docRequest = nextApiRequest(page, '/api/frontend/doc/getByType');
  await page.goto('/Service?active=0');
  expect((await docRequest).headers()['lang']).toBe('zh-TW');
  await expect(page.getByRole('tab', { name: '隱私權政策' })).toBeVisible();
  await page.goto('/V2/changelanguage');
  await page.getByRole('radio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Language' })).toBeVisible();
});
