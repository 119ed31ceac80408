import { expect, test, type Page } from '@playwright/test';
import { createAccount, freshEmail, logInAs, mailCount, mailedCode, PASSWORD } from './api';
import { DESKTOP, PHONE, snap } from './support';

/** Sign up opens the e-mail registration; Log In opens the wallet choice, where E-mail leads to the form. */
async function openDialog(page: Page, button: 'Log In' | 'Sign up') {
  await page.getByRole('banner').getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  if (button === 'Log In') await dialog.getByRole('button', { name: 'E-mail', exact: true }).click();
  return dialog;
}

test.describe('accounts', () => {
  const journeys = [
    {
      lang: 'en',
      size: DESKTOP,
      t: {
        signUp: 'Sign up',
        logIn: 'Log In',
        create: 'Create your account',
        email: 'E-mail',
        send: 'Send code',
        sent: 'Code sent, check your inbox',
        resend: /Resend in \d+s/,
        code: 'Verification code',
        password: 'Password',
        registered: 'Register Success',
        guide: 'Watch and earn',
        next: 'Next',
        locked: /Next \(\d+s\)/,
        start: 'Start earning',
        menu: 'Account menu',
        logout: 'Log out',
        loggedIn: 'Login Success',
      },
    },
    {
      lang: 'cn',
      size: PHONE,
      t: {
        signUp: '注册',
        logIn: '登录',
        create: '创建账户',
        email: '邮箱',
        send: '发送验证码',
        sent: '验证码已发送，请查收邮件',
        resend: /\d+ 秒后重发/,
        code: '验证码',
        password: '密码',
        registered: '注册成功',
        guide: '看视频赚积分',
        next: '下一步',
        locked: /下一步（\d+ 秒）/,
        start: '开始赚取',
        menu: '账户菜单',
        logout: '退出登录',
        loggedIn: '登录成功',
      },
    },
  ] as const;

  for (const { lang, size, t } of journeys) {
    test(`register with a mailed code, see the guide, log out and log in again (${lang}, ${size.width}px)`, async ({
      page,
    }) => {
      await page.clock.install();
      await page.setViewportSize(size);
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      await page.goto('/Home');
      await page.getByRole('banner').getByRole('button', { name: t.signUp }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: t.create })).toBeVisible();
      const email = freshEmail('journey');
      await dialog.getByLabel(t.email).fill(email);
      await dialog.getByRole('button', { name: t.send }).click();
      await expect(page.getByText(t.sent)).toBeVisible();
      await expect(dialog.getByRole('button', { name: t.resend })).toBeVisible();
      await dialog.getByLabel(t.code).fill(await mailedCode(email));
      await dialog.getByLabel(t.password, { exact: true }).fill(PASSWORD);
      await dialog.getByRole('checkbox').check();
      await snap(page, `register-dialog-${lang}`);
      await dialog.getByRole('button', { name: t.signUp, exact: true }).click();
      await expect(page.getByText(t.registered)).toBeVisible();

      // The new-user guide: Next on step 2 waits 30 s from step 1.
      const guide = page.getByRole('dialog', { name: t.guide });
      await expect(guide).toBeVisible();
      await guide.getByRole('button', { name: t.next }).click();
      await expect(page.getByRole('button', { name: t.locked })).toBeDisabled();
      await snap(page, `guide-step2-${lang}`);
      await page.clock.fastForward(31_000);
      await page.getByRole('button', { name: t.next, exact: true }).click();
      await page.getByRole('button', { name: t.start }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.getByRole('button', { name: t.menu }).click();
      const popup = page.getByRole('dialog');
      await expect(popup.getByText(email)).toBeVisible();
      await expect(popup.getByText('Lv.1')).toBeVisible();
      await snap(page, `profile-popup-${lang}`);
      await popup.getByRole('button', { name: t.logout }).click();
      await expect(page.getByRole('banner').getByRole('button', { name: t.logIn })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      expect(await page.evaluate(() => localStorage.getItem('device_id'))).toMatch(/^web-/);
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe(lang);

      await page.getByRole('banner').getByRole('button', { name: t.logIn }).click();
      const login = page.getByRole('dialog');
      await login.getByRole('button', { name: t.email, exact: true }).click();
      await login.getByLabel(t.email).fill(email);
      await login.getByLabel(t.password, { exact: true }).fill(PASSWORD);
      await login.getByRole('checkbox').check();
      await login.getByRole('button', { name: t.logIn, exact: true }).click();
      await expect(page.getByText(t.loggedIn)).toBeVisible();
      await expect(page.getByRole('button', { name: t.menu })).toBeVisible();
      await expect(page.getByRole('dialog', { name: t.guide })).toHaveCount(0);
    });
  }

  test('reset the password with a mailed code', async ({ page }) => {
    const account = await createAccount();
    await page.goto('/Home');
    const dialog = await openDialog(page, 'Log In');
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(dialog.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await dialog.getByLabel('E-mail').fill(account.email);
    const seen = await mailCount(account.email);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByLabel('Verification code').fill(await mailedCode(account.email, seen));
    await dialog.getByLabel('New password').fill('my new password 2');
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Password reset successful')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Log in with e-mail' })).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill('my new password 2');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Login Success')).toBeVisible();
  });

  test('every validation message of the login dialog, in order', async ({ page }) => {
    await page.goto('/Home');
    let dialog = await openDialog(page, 'Log In');
    const submit = () => dialog.getByRole('button', { name: 'Log In' }).click();
    const warned = (text: string) =>
      expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
    await submit();
    await warned('Please Enter your Email');
    await dialog.getByLabel('E-mail').fill('someone@example.com');
    await submit();
    await warned('Please Enter Password');
    await dialog.getByLabel('Password', { exact: true }).fill('whatever1');
    await submit();
    await warned('Please Agree Policy');

    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await expect(dialog.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await dialog.getByLabel('E-mail').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await warned('Please enter the correct email address');
    await expect(dialog.getByLabel('Verification code')).toHaveAttribute('maxlength', '10');
    await dialog.getByLabel('E-mail').fill('someone@example.com');
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await warned('Please Enter Code');

    // Closing resets the dialog to the method choice.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.waitForTimeout(400);
    dialog = await openDialog(page, 'Log In');
    await expect(dialog.getByRole('heading', { name: 'Log in with e-mail' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByRole('heading', { name: 'Log in to TAICE' })).toBeVisible();
  });

  test('validation messages in Chinese', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'cn'));
    await page.goto('/Home');
    await page.getByRole('banner').getByRole('button', { name: '登录' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '邮箱', exact: true }).click();
    await dialog.getByRole('button', { name: '登录' }).click();
    await expect(page.getByText('请输入邮箱').first()).toBeVisible();
    await dialog.getByLabel('邮箱').fill('a@b.co');
    await dialog.getByRole('button', { name: '登录' }).click();
    await expect(page.getByText('请输入密码').first()).toBeVisible();
    await snap(page, 'login-dialog-cn');
  });

  test('a wrong password shows the server message', async ({ page }) => {
    const account = await createAccount();
    await page.goto('/Home');
    const dialog = await openDialog(page, 'Log In');
    await dialog.getByLabel('E-mail').fill(account.email);
    await dialog.getByLabel('Password', { exact: true }).fill('not my password');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Incorrect email or password')).toBeVisible();
  });

  test('edit the profile: avatar, nickname and a refused empty field', async ({ page }) => {
    const account = await createAccount();
    await logInAs(page, account, '/profile-edit');
    await page.getByLabel('Nickname').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Nickname cannot be empty').first()).toBeVisible();
    await page.getByLabel('Nickname').fill('Playwright Pat');
    await page.getByLabel('X (Twitter)').fill('https://x.com/pat');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Changes saved')).toBeVisible();

    await page.locator('#avatar-file').setInputFiles('tests/avatar.png');
    await expect(page.getByText('Changes saved').last()).toBeVisible();
    await expect(page.locator('img[src^="/media/avatars/"]').first()).toBeVisible();
    await snap(page, 'profile-edit');

    await page.goto('/SelfProfile');
    await expect(page).toHaveURL(/\/SelfProfile\/My$/);
    await expect(page.getByRole('heading', { name: 'Playwright Pat' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'X' })).toHaveAttribute('href', 'https://x.com/pat');
    await snap(page, 'self-profile');
    await page.getByRole('link', { name: 'Creation' }).click();
    await expect(page.getByText('You have not uploaded any videos yet')).toBeVisible();

    const other = await createAccount();
    await page.goto(`/Profile?id=${other.user.id}`);
    await expect(page.getByRole('heading', { name: other.user.nickname })).toBeVisible();
  });

  test('a revoked token logs the user out and asks for login, without an error toast', async ({ page }) => {
    const account = await createAccount();
    await logInAs(page, account, '/Home');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await page.evaluate(() => localStorage.setItem('token', 'revoked-or-forged-token'));
    await page.goto('/SelfProfile');
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Log in to TAICE' })).toBeVisible();
    await expect(page).toHaveURL(/\/Home$/);
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
  });

  test('logged-in layout: tab bar on a phone, sidebar on layout routes on a desktop', async ({ page }) => {
    const account = await createAccount();
    await page.setViewportSize(PHONE);
    await logInAs(page, account, '/Home');
    await expect(page.getByRole('navigation', { name: 'Tab bar' })).toBeVisible();
    await snap(page, 'home-logged-in');
    await page.getByRole('navigation', { name: 'Tab bar' }).getByRole('link', { name: 'Mine' }).click();
    await expect(page).toHaveURL(/\/V2\/My$/);

    await page.setViewportSize(DESKTOP);
    await page.goto('/about');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Tab bar' })).toHaveCount(0);
    await snap(page, 'about-logged-in');
    await page.goto('/Home');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  });

  test('tasks and referral ask a visitor to log in', async ({ page }) => {
    for (const path of ['/V2/task', '/Referral', '/V2/invitation']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Log in to continue' })).toBeVisible();
    }
    await page.getByRole('main').getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Log in with e-mail' })).toBeVisible();
  });

  test('logging in on /Started leads to /Success, without a header', async ({ page }) => {
    const account = await createAccount();
    await page.goto('/Started');
    await expect(page.getByRole('banner')).toHaveCount(0);
    await page.getByRole('main').getByRole('button', { name: 'Log In' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'E-mail', exact: true }).click();
    await dialog.getByLabel('E-mail').fill(account.email);
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/Success$/);
    await expect(page.getByRole('heading', { name: `You are in, ${account.user.nickname}!` })).toBeVisible();
  });

  test('the iOS add-to-home-screen hint shows once in Safari only', async ({ browser }) => {
    const iphone = await browser.newContext({
      viewport: PHONE,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    });
    const page = await iphone.newPage();
    await page.goto('/Home');
    const hint = page.getByRole('dialog', { name: 'Install TAICE on your iPhone' });
    await expect(hint).toBeVisible();
    await snap(page, 'a2hs-hint');
    await hint.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Watch videos. Earn TAICE. Redeem real rewards.' })).toBeVisible();
    await expect(hint).toHaveCount(0);
    await iphone.close();

    const chromeOnIos = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0 Mobile/15E148 Safari/604.1',
    });
    const other = await chromeOnIos.newPage();
    await other.goto('/Home');
    await expect(other.getByRole('heading', { name: 'Watch videos. Earn TAICE. Redeem real rewards.' })).toBeVisible();
    await expect(other.getByRole('dialog')).toHaveCount(0);
    await chromeOnIos.close();
  });
});
