import { expect, test, type Page } from '@playwright/test';
import { createAccount, logInAs, type Account } from './api';
import { DESKTOP, PHONE, snap } from './support';

/**
 * Every screen at phone and desktop width, in English and Chinese: nothing may
 * overflow the width, and a screenshot is kept for people to review.
 */
const publicScreens = [
  '/Home',
  '/about',
  '/Service?active=1',
  '/Policy',
  '/V2/changelanguage',
  '/404',
  '/V2/videos',
  '/Started',
];
const memberScreens = ['/SelfProfile/My', '/profile-edit', '/Success', '/V2/task'];

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const nameOf = (path: string) => path.replace(/[/?=]+/g, '_').replace(/^_/, '');

for (const lang of ['en', 'cn'] as const) {
  for (const size of [PHONE, DESKTOP]) {
    test(`screens in ${lang} at ${size.width}px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      for (const path of publicScreens) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expectNoHorizontalOverflow(page);
        await snap(page, `screen-${nameOf(path)}-${lang}`);
      }
      await page.goto('/Home');
      await page.getByRole('banner').getByRole('button').nth(-1).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await snap(page, `screen-signup-dialog-${lang}`);

      const account: Account = await createAccount();
      await logInAs(page, account, '/Home');
      for (const path of memberScreens) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expectNoHorizontalOverflow(page);
        await snap(page, `screen-${nameOf(path)}-${lang}`);
      }
      await page.goto(`/Profile?id=${account.user.id}`);
      await snap(page, `screen-profile-${lang}`);
    });
  }
}
