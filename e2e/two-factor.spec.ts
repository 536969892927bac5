// Two-factor sign-in in a real browser (docs/back-office.md "Two-factor sign-in"): a member of
// staff sets it up on /account (the QR code's key, a code computed here with the same library,
// the recovery codes shown once, downloaded and copied), then signs in with a code after the password; wrong codes are
// refused and, repeated, throttled; a recovery code signs in once; all of it without JavaScript
// too; and when an admin requires it of admins, a new admin is sent to set it up at sign-in
// before anything else.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { expect, signIn, test, type StaffAccount } from './fixtures';

const codeOf = (secret: string, at = Date.now()) =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at });

/** A 6-digit code that is not right now (nor a step either side). */
function wrongCode(secret: string): string {
  const right = new Set([-30_000, 0, 30_000].map((d) => codeOf(secret, Date.now() + d)));
  return ['000000', '111111', '222222', '333333'].find((c) => !right.has(c))!;
}

/** Sets up two-factor sign-in on /account; returns the key and the recovery codes shown. */
async function enrol(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto('/account');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from the app').fill(codeOf(secret));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  return { secret, recoveryCodes };
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** E-mail and password on the sign-in page: the code step follows. */
async function passwordStep(page: Page, account: StaffAccount): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Code')).toBeVisible({ timeout: 30_000 });
}

/** Sends a code and waits for the answer (a click while one is on its way would send nothing). */
async function submitCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Code').fill(code);
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/login'));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await answered;
}

/** The refusal the code step shows once its answer is on the page (the button is free again). */
async function refusalShown(page: Page): Promise<string> {
  await expect(page.getByRole('button', { name: 'Verify and sign in' })).toBeEnabled();
  return (await page.locator('#sign-in-failure').textContent()) ?? '';
}

async function newSignedOutPage(
  browser: Browser,
  baseURL: string,
  address: string,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<Page> {
  // Signed out: a context made in a test takes the test's options, its signed-in state included.
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': address },
    storageState: { cookies: [], origins: [] },
    ...options,
  });
  return context.newPage();
}

test.describe('two-factor sign-in', () => {
  test.use({ role: 'signed-out' });

  test('set up on the account page, then a code after the password; wrong codes refused and throttled; a recovery code once', async ({
    page,
    newAccount,
  }) => {
    const account = newAccount('operator');
    await signIn(page, account);
    const { secret, recoveryCodes } = await enrol(page);
    // Kept somewhere: downloaded as a file, or copied (issue 40 item 11).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the codes' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('back-office-recovery-codes.txt');
    const file = readFileSync((await download.path())!, 'utf8');
    expect(file.trim().split('\n').slice(-10)).toEqual(recoveryCodes);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy the codes' }).click();
    await expect(page.getByText('Recovery codes copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(recoveryCodes.join('\n'));
    await page.reload();
    await expect(page.getByText('10 recovery codes left')).toBeVisible();
    await signOut(page);

    // The password alone is not enough; a wrong code is refused in words; the right one signs in.
    await passwordStep(page, account);
    await submitCode(page, wrongCode(secret));
    await expect(page.locator('#sign-in-failure')).toContainText('That code is not right');
    // The step after the one enrolled with: a code is good once.
    await submitCode(page, codeOf(secret, Date.now() + 30_000));
    await expect(page.getByTestId('signed-in-name')).toBeVisible({ timeout: 30_000 });
    await signOut(page);

    // Wrong codes again and again: the wait comes, and the code is not even checked.
    await passwordStep(page, account);
    let waited = false;
    let refusal = '';
    for (let i = 0; i < 8 && !waited; i++) {
      await submitCode(page, wrongCode(secret));
      refusal = await refusalShown(page);
      waited = refusal.includes('Too many failed sign-ins');
    }
    expect(waited).toBe(true);
    const seconds = Number(/wait (\d+) second/.exec(refusal)![1]);

    // Once the wait is over, a recovery code signs in, once.
    await page.waitForTimeout(seconds * 1000 + 200);
    await submitCode(page, recoveryCodes[0]!);
    await expect(page.getByTestId('signed-in-name')).toBeVisible({ timeout: 30_000 });
    await page.goto('/account');
    await expect(page.getByText('9 recovery codes left')).toBeVisible();
    await signOut(page);
    await passwordStep(page, account);
    await submitCode(page, recoveryCodes[0]!);
    await expect(page.locator('#sign-in-failure')).toContainText('That code is not right');
  });
});

test.describe('without JavaScript', () => {
  test.use({ role: 'signed-out', javaScriptEnabled: false });

  test('set up, then signed in with a code, every form posted by the browser itself', async ({
    page,
    browser,
    baseURL,
    newAccount,
    clientAddress,
  }) => {
    const account = newAccount('support');
    await signIn(page, account);
    const { secret } = await enrol(page);

    const other = await newSignedOutPage(browser, baseURL!, clientAddress, { javaScriptEnabled: false });
    await passwordStep(other, account);
    await submitCode(other, codeOf(secret, Date.now() + 30_000));
    await expect(other.getByTestId('signed-in-name')).toBeVisible({ timeout: 30_000 });
    await other.context().close();
  });
});

test.describe('required by an admin', () => {
  test.use({ role: 'admin' });

  test('a new admin is sent to set it up at sign-in, before anything else', async ({
    page,
    browser,
    baseURL,
    newAccount,
    clientAddress,
  }) => {
    const setRequirement = async (label: string) => {
      await page.goto('/settings');
      await page.getByLabel('Two-factor sign-in is required for').selectOption({ label });
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('Settings saved')).toBeVisible();
    };
    const newcomer = newAccount('admin');
    await setRequirement('Admins');
    try {
      const other = await newSignedOutPage(browser, baseURL!, clientAddress);
      await signIn(other, newcomer);
      await expect(other).toHaveURL(/\/account$/);
      await expect(other.getByText('Set up two-factor sign-in to continue')).toBeVisible();
      // Any other page sends them back.
      await other.goto('/users');
      await expect(other).toHaveURL(/\/account$/);
      await enrol(other);
      await other.goto('/users');
      await expect(other.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
      await other.context().close();
    } finally {
      await setRequirement('Nobody (each member of staff may turn it on)');
    }
  });
});
