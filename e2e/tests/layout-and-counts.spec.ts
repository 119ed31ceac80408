import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAccount, logInAs } from './api';
import { DESKTOP, PHONE, snap } from './support';

/**
 * What a person sees: the welcome after a login (and a visitor who lands on
 * it), the tasks button on a phone, the Home banner art on a phone, and the
 * video's view count after the viewer's own watch counts.
 */

const greetings = {
  en: { welcome: 'Welcome to TAICE', youAreIn: (name: string) => `You are in, ${name}!` },
  cn: { welcome: '欢迎来到 TAICE', youAreIn: (name: string) => `欢迎加入，${name}！` },
  tw: { welcome: '歡迎來到 TAICE', youAreIn: (name: string) => `歡迎加入，${name}！` },
} as const;

async function inLanguage(page: Page, lang: string) {
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
}

for (const [lang, text] of Object.entries(greetings)) {
  test(`/Success in ${lang}: a visitor is sent to the welcome page, a member is greeted by name`, async ({ page }) => {
    await inLanguage(page, lang);
    await page.goto('/Success');
    await expect(page).toHaveURL(/\/Started$/);
    await expect(page.getByRole('heading', { level: 1, name: text.welcome })).toBeVisible();

    const account = await createAccount();
    await logInAs(page, account, '/Success');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.youAreIn(account.user.nickname));
  });
}

/** The box of `locator` lies inside the box of `outer`. */
async function expectInside(locator: Locator, outer: Locator) {
  const inner = (await locator.boundingBox())!;
  const box = (await outer.boundingBox())!;
  expect(inner.x).toBeGreaterThanOrEqual(box.x);
  expect(inner.y).toBeGreaterThanOrEqual(box.y);
  expect(inner.x + inner.width).toBeLessThanOrEqual(box.x + box.width);
  expect(inner.y + inner.height).toBeLessThanOrEqual(box.y + box.height);
}

test('on a phone the tasks button sits in the tab bar, over no content; on a desktop it floats', async ({ page }) => {
  const account = await createAccount();
  await page.setViewportSize(PHONE);
  await logInAs(page, account, '/V2/invitation');
  await expect(page.getByRole('heading', { name: 'Three steps to your reward' })).toBeVisible();
  const button = page.getByTestId('floating-tasks');
  const tabBar = page.getByRole('navigation', { name: 'Tab bar' });
  await expectInside(button, tabBar);
  await expect(button).toBeInViewport({ ratio: 1 });

  await page.goto('/V2/points');
  await expect(page.getByTestId('points-chart')).toBeVisible();
  await expectInside(button, tabBar);
  await button.click();
  await expect(page.getByRole('dialog', { name: 'Tasks' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.setViewportSize(DESKTOP);
  await expect(page.getByRole('navigation', { name: 'Tab bar' })).toHaveCount(0);
  await expect(button).toBeInViewport({ ratio: 1 });
});

test('on a phone the Home banner shows its art whole, the text below it', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/Home');
  const slide = page.locator('[aria-roledescription="slide"]').first();
  const art = slide.locator('img');
  await expect(art).toBeVisible();
  await expect.poll(() => art.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  const { natural, shown } = await art.evaluate((img) => {
    const image = img as HTMLImageElement;
    const box = image.getBoundingClientRect();
    return { natural: image.naturalWidth / image.naturalHeight, shown: box.width / box.height };
  });
  // Drawn at its own proportions, nothing is cut away (object-fit: cover crops only when they differ).
  expect(shown).toBeCloseTo(natural, 1);
  const artBox = (await art.boundingBox())!;
  expect(artBox.x).toBeGreaterThanOrEqual(0);
  expect(artBox.x + artBox.width).toBeLessThanOrEqual(PHONE.width);
  const title = slide.getByText('Watch videos, earn TAICE');
  expect((await title.boundingBox())!.y).toBeGreaterThanOrEqual(artBox.y + artBox.height);
});

test('the view count on the video page goes up once the viewer’s own watch counts', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/V2/videos');
  // A video the other journeys leave alone (they watch the first ones).
  await page.getByTestId('video-card').nth(6).getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/videoDetail\?id=\d+/);
  const views = page.getByRole('region', { name: 'Description' }).getByText(/^[\d,]+ views?$/);
  const count = async () => Number((await views.innerText()).replace(/\D/g, ''));
  const before = await count();
  const counted = page.waitForResponse(
    async (response) =>
      new URL(response.url()).pathname === '/api/frontend/post/addViewLog' &&
      ((await response.json()) as { data?: { counted?: number } }).data?.counted === 1,
    { timeout: 30_000 },
  );
  await expect
    .poll(() => page.locator('video').evaluate((v) => (v as HTMLVideoElement).currentTime))
    .toBeGreaterThan(0);
  await counted;
  await expect.poll(count, { timeout: 10_000 }).toBeGreaterThan(before);
});

/** The screens these touch, at both widths in English and Chinese, for people to look at. */
for (const lang of ['en', 'cn'] as const) {
  for (const size of [PHONE, DESKTOP]) {
    test(`screens touched, in ${lang} at ${size.width}px`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(size);
      await inLanguage(page, lang);
      await page.goto('/Home');
      await snap(page, `touched-home-visitor-${lang}`);
      await page.goto('/Success');
      await expect(page).toHaveURL(/\/Started$/);
      await snap(page, `touched-success-visitor-${lang}`);
      const account = await createAccount();
      await logInAs(page, account, '/Success');
      await snap(page, `touched-success-member-${lang}`);
      for (const path of ['/Home', '/V2/invitation', '/V2/points']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        // The first screen as a person sees it (fixed elements where they are), then the whole page.
        await page.screenshot({
          path: `screenshots/touched-${path.replace(/\W+/g, '-').slice(1)}-${lang}-${size.width}-top.png`,
        });
        await snap(page, `touched-${path.replace(/\W+/g, '-').slice(1)}-${lang}`);
      }
    });
  }
}
