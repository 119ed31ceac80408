import type { Page, Request } from '@playwright/test';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Waits for the next API request matching `path` and returns it. */
export function nextApiRequest(page: Page, path: string): Promise<Request> {
  return page.waitForRequest((request) => new URL(request.url()).pathname === path);
}

/** Saves a screenshot for people to look at (e2e/screenshots, not compared automatically). */
export async function snap(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .locator('[role="status"], [aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  const size = page.viewportSize();
  await page.screenshot({ path: `screenshots/${name}-${size?.width ?? 0}.png`, fullPage: true });
}
