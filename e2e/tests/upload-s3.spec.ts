import { expect, test } from '@playwright/test';
import { createAccount, logInAs } from './api';
import { DESKTOP, snap } from './support';
import { makeClip, percentOf, uploadThrottle } from './upload-support';

/**
 * The creator's upload when the server keeps files in a bucket (run with E2E_S3=1: the S3 stand-in, decision
 * 055): the bytes go from the browser straight to the bucket in parts, never through tus; a file that is not a
 * video is refused with the server's message; the clip shows its progress (bytes, percent, speed), is paused and
 * resumed, survives a reload in the middle (the same upload goes on with the parts the server recorded), and is
 * posted.
 */

test.skip(process.env.E2E_S3 !== '1', 'needs the server with the S3 stand-in (E2E_S3=1)');

const TUS_ENDPOINT = '/api/common/upload/tus';
const STUDIO = '/api/frontend/userPost/';
/** Slow enough to reload while the second part goes up. */
const UPLOAD_BYTES_PER_SECOND = 512 * 1024;

let clip: string;
test.beforeAll(() => {
  // About 9 MB: two parts of 5 MiB.
  clip = makeClip({ videoBitrate: '24M' });
});

test('a creator uploads a clip straight to the bucket, pauses, reloads, resumes and posts it', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  const account = await createAccount();
  const seen = { tus: 0, creations: 0, bucketPuts: [] as string[], signed: [] as number[] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(TUS_ENDPOINT)) seen.tus += 1;
    if (url.pathname === `${STUDIO}createDirectUpload`) seen.creations += 1;
    if (url.pathname === `${STUDIO}signUploadPart`) {
      seen.signed.push((request.postDataJSON() as { part_number: number }).part_number);
    }
    if (request.method() === 'PUT' && url.searchParams.has('partNumber')) seen.bucketPuts.push(url.origin);
  });
  await logInAs(page, account, '/UploadVideo');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload a video' })).toBeVisible();

  // Uploads slowed down from the start (the limit set just before the clip sometimes came too late for it).
  const throttle = await uploadThrottle(page);
  await throttle.set(UPLOAD_BYTES_PER_SECOND);

  // A text file named like a video: sent to the bucket, probed there by the server, refused.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'notes.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.from('These are notes, not a video.\n'.repeat(200)),
  });
  const card = page.getByTestId('upload-card');
  await expect(card.getByRole('alert')).toHaveText(
    'This file is not a video we can read. Please choose a video file such as MP4, MOV or WebM',
    { timeout: 20_000 },
  );

  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Choose another file' }).click();
  await (await chooser).setFiles(clip);
  const bar = card.getByRole('progressbar', { name: 'Upload progress' });
  await expect.poll(() => percentOf(bar), { timeout: 20_000 }).toBeGreaterThan(5);
  await expect(card.getByTestId('upload-bytes')).toHaveText(/^\d+ % · /);
  await expect(card.getByTestId('upload-speed')).toHaveText(/\/s/);

  // Pause: nothing moves; resume: it goes on. (The screenshot waits for a quiet network: taken while paused.)
  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card.getByTestId('upload-status')).toHaveText('Paused. Resume whenever you like.');
  const pausedAt = await percentOf(bar);
  await snap(page, 'upload-s3-paused-en');
  await page.waitForTimeout(1000);
  expect(await percentOf(bar)).toBe(pausedAt);
  await card.getByRole('button', { name: 'Resume' }).click();

  // Past the first part (5 MiB of about 9 MB), a reload: the same file continues with the second part only.
  await expect.poll(() => percentOf(bar), { timeout: 60_000 }).toBeGreaterThan(62);
  expect(await percentOf(bar)).toBeLessThan(95);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Unfinished upload' })).toContainText('holiday.mp4');
  seen.signed = [];
  await throttle.set(null);
  await page.locator('input[type="file"]').setInputFiles(clip);
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  expect(seen.signed).toEqual([2]);
  await expect(card.getByTestId('upload-status')).toContainText('Ready to publish', { timeout: 30_000 });

  await page.getByLabel('Title', { exact: true }).fill('Straight to the bucket');
  await page.getByLabel('Category').selectOption({ index: 1 });
  const stored = page.waitForResponse((r) => new URL(r.url()).pathname === `${STUDIO}storePost`);
  await page.getByRole('button', { name: 'Publish' }).click();
  const { data: post } = (await (await stored).json()) as { data: { id: number; status: number } };
  expect(post.status).toBe(4);
  await expect(page).toHaveURL(/\/V2\/myvideos/);

  // Two uploads (the refused file and the clip), no tus request, every part PUT to the bucket's origin.
  expect(seen.creations).toBe(2);
  expect(seen.tus).toBe(0);
  expect(seen.bucketPuts.length).toBeGreaterThanOrEqual(3);
  expect(seen.bucketPuts.every((origin) => origin !== new URL(page.url()).origin)).toBe(true);
});
