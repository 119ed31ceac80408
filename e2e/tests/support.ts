import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, type Request } from '@playwright/test';

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

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = env;
  return rest;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs an operator command (`npm run ops -- ...`) against the e2e server's
 * embedded database (start-server.mjs keeps it in E2E_DATA_DIR, else e2e/.data) and returns its output.
 * It runs the built CLI (the e2e run builds first): compiling the sources through tsx on every call
 * cost more than twice the CPU.
 */
export function ops(...args: string[]): string {
  return execFileSync(process.execPath, ['apps/server/dist/ops.js', ...args], {
    cwd: repoRoot,
    env: {
      ...withoutDatabaseUrl(process.env),
      DATA_DIR: process.env.E2E_DATA_DIR ?? path.join(repoRoot, 'e2e/.data'),
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** Opens the first video of Home and waits until the server counted the watch (the header shows the reward). */
export async function watchFirstVideo(page: Page, expectedBalance: string): Promise<void> {
  await page.getByTestId('video-card').first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/videoDetail\?id=\d+/);
  await expect(page.getByTestId('header-points')).toContainText(expectedBalance, { timeout: 45_000 });
}
