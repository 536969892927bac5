// Staff sign-in in a real browser: success and sign-out (after which the old session cookie
// answers nothing), coming back to the page asked for, callback URLs that would leave the site,
// a wrong password, the growing wait after repeated failures, an admin inviting a support agent
// (and making a new link, after a confirmation, that revokes the first) who then signs in, and a
// support agent who can reach no mutating page or action.
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/** Signs in as `email` with a wrong password: refused in words, the e-mail kept in the form. */
async function expectWrongPasswordRefused(page: Page, email: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#sign-in-failure')).toContainText('The e-mail address or password is not right');
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
}

test.describe('signed out', () => {
  test.use({ role: 'signed-out' });

  test('a signed-out visitor is sent to the sign-in page, and comes back to the page asked for', async ({
    page,
    newAccount,
  }) => {
    await page.goto('/staff');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fstaff$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

    const account = newAccount('operator');
    await page.goto('/users?q=ada&pageSize=50');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fusers%3Fq%3Dada%26pageSize%3D50$/);
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/users\?q=ada&pageSize=50$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  });

  test('a callback URL that would leave the site goes to the start page instead, and never fails', async ({
    page,
    newAccount,
    baseURL,
  }) => {
    const account = newAccount('operator');
    const hostile = [
      '%2F%09%2Fevil.example%2F',
      '%2F%0D%0ALocation%3A%20https%3A%2F%2Fevil.example%2F',
      '%2F%0A%2Fevil.example',
      '%2F%E3%80%80%2Fevil.example',
      '%2F%5Cevil.example',
      '%2F..%2F%2Fevil.example',
      'https%3A%2F%2Fevil.example%2F',
      '%2F%2Fevil.example',
      'javascript%3Aalert(1)',
      '%ZZ',
    ];
    // Signed out: the sign-in page itself, and after signing in, the client-side redirect.
    await page.goto(`/login?callbackUrl=${hostile[0]}`);
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('signed-in-name')).toBeVisible({ timeout: 30_000 });
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    expect(new URL(page.url()).pathname).not.toContain('evil');
    // Signed in: the sign-in page redirects at once, on this site, with no error.
    for (const value of hostile) {
      const response = await page.goto(`/login?callbackUrl=${value}`);
      expect(response?.status(), value).toBeLessThan(400);
      expect(new URL(page.url()).origin, value).toBe(new URL(baseURL!).origin);
      expect(new URL(page.url()).pathname, value).not.toMatch(/evil|login/);
    }
  });

  test('after sign-out, the old session cookie answers nothing', async ({ page, newAccount }) => {
    const account = newAccount('support');
    await signIn(page, account);
    const before = await page.request.get('/api/auth/session');
    expect(await before.json()).toMatchObject({ staff: { email: account.email, role: 'support' } });
    const cookies = await page.context().cookies();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The cookie the browser held before signing out, replayed as is.
    const header = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const replayed = await page.request.fetch('/api/auth/session', { headers: { cookie: header } });
    expect(replayed.status()).toBe(200);
    expect(await replayed.json()).toEqual({});
  });

  test('signs in, sees who and which role, and signs out everywhere', async ({
    page,
    newAccount,
    browser,
  }) => {
    const account = newAccount('operator');
    await signIn(page, account);
    await expect(page.getByTestId('signed-in-name')).toHaveText('Own operator');
    await expect(page.getByText('Operator', { exact: true })).toBeVisible();
    // A second session of the same account, in another browser context.
    const other = await browser.newPage();
    await signIn(other, account);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    // Sign-out ended the other session too.
    await other.goto('/');
    await expect(other).toHaveURL(/\/login$/);
    await other.close();
  });

  test('a wrong password is refused in words and the e-mail stays in the form', async ({
    page,
    newAccount,
  }) => {
    const account = newAccount('support');
    await page.goto('/login');
    await expectWrongPasswordRefused(page, account.email);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signs in without JavaScript: a refusal in words with the e-mail kept, then the page asked for', async ({
    browser,
    baseURL,
    newAccount,
  }) => {
    const account = newAccount('operator');
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto('/cards?size=10&page=1');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fcards%3Fsize%3D10%26page%3D1$/);

    await expectWrongPasswordRefused(page, account.email);

    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/cards\?size=10&page=1$/);
    await expect(page.getByTestId('signed-in-name')).toHaveText(account.name);
    for (const url of requested) {
      expect(url).not.toContain(account.password);
      expect(url).not.toContain(encodeURIComponent(account.email));
    }
    await context.close();
  });

  test('after repeated failures the next attempt waits, then the right password works', async ({
    page,
    newAccount,
  }) => {
    const account = newAccount('support');
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(account.email);
    const attempt = async (password: string) => {
      await page.getByLabel('Password').fill(password);
      // The sign-in action: a POST to the page itself.
      const answered = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/login',
      );
      await page.getByRole('button', { name: 'Sign in' }).click();
      await answered;
    };
    // Three failures from one address are free; each further one doubles the next attempt's wait
    // (1, 2, 4, 8 s). Each wrong one after the fourth is sent once the wait before it has run out
    // (it runs from the end of the check, before whose answer the test waits), so all seven are
    // heard whatever the load; then the right password comes within an 8 s wait, which no busy
    // machine outlasts (a 1 s wait was outlasted once, and the password signed in).
    for (let i = 0; i < 4; i++) {
      await attempt(`wrong-password-${i}`);
      await expect(page.locator('#sign-in-failure')).toContainText('not right');
    }
    for (const seconds of [1, 2, 4]) {
      await page.waitForTimeout(seconds * 1_000 + 100);
      await attempt(`wrong-password-after-${seconds}`);
      await expect(page.locator('#sign-in-failure')).toContainText('not right');
    }
    await attempt(account.password);
    await expect(page.locator('#sign-in-failure')).toContainText('Too many failed sign-ins');
    await expect(page.locator('#sign-in-failure')).toContainText(/wait [1-8] seconds? before the next one/);
    await expect(page).toHaveURL(/\/login$/);
    // A wait, not a lock: once it has run out, the right password signs in.
    await page.waitForTimeout(8_100);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('signed-in-name')).toBeVisible({ timeout: 30_000 });
  });
});

test.describe('as an admin', () => {
  test.use({ role: 'admin' });

  test('invites a support agent, makes a new link after asking, and the agent joins with it as support', async ({
    page,
    browser,
  }) => {
    const email = `invited-${Date.now().toString(36)}@e2e.example.com`;
    await page.goto('/staff');
    await page.getByRole('button', { name: 'Invite staff' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Ivy Invited');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Role', { exact: false }).selectOption('support');
    await dialog.getByRole('button', { name: 'Create invitation' }).click();
    await expect(dialog.getByText('Invitation created')).toBeVisible();
    const firstLink = await dialog.locator('#invite-link').inputValue();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId(`staff-row-${email}`);
    await expect(row).toContainText('Invited');

    // A new link revokes the one sent: asked first (issue 40 item 11); cancelled, nothing changes.
    const reissue = page.getByRole('dialog', { name: `Make a new invitation link for ${email}?` });
    await row.getByRole('button', { name: 'New invitation link' }).click();
    await expect(reissue).toContainText('The link sent to them before stops working at once');
    await reissue.getByRole('button', { name: 'Cancel' }).click();
    await expect(reissue).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await row.getByRole('button', { name: 'New invitation link' }).click();
    await reissue.getByRole('button', { name: 'Make a new link' }).click();
    const fresh = page.getByRole('dialog', { name: `New invitation link for ${email}` });
    const link = await fresh.locator('#invite-link').inputValue();
    expect(link).not.toBe(firstLink);
    await page.keyboard.press('Escape');

    const invitee = await browser.newPage({ storageState: { cookies: [], origins: [] } });
    await invitee.goto(firstLink);
    await expect(invitee.getByText('This link cannot be used')).toBeVisible();
    await invitee.goto(link);
    await expect(invitee.getByText('you are invited as Support')).toBeVisible();
    await invitee.getByLabel('New password').fill('invited-password-1');
    await invitee.getByLabel('Repeat the password').fill('invited-password-1');
    await invitee.getByRole('button', { name: 'Set password' }).click();
    await expect(invitee.getByText('Your password is set')).toBeVisible();
    await signIn(invitee, { email, password: 'invited-password-1' });
    await expect(invitee.getByText('Support', { exact: true })).toBeVisible();
    // The link is spent.
    await invitee.goto(link);
    await expect(invitee.getByText('This link cannot be used')).toBeVisible();
    await invitee.close();

    await page.reload();
    await expect(page.getByTestId(`staff-row-${email}`)).toContainText('Active');
  });
});

test.describe('as a support agent', () => {
  test.use({ role: 'support' });

  test('sees no mutating navigation and cannot open staff management', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Cards' })).toBeVisible();
    for (const name of ['Register user', 'Issue card', 'Staff', 'Audit log']) {
      await expect(nav.getByRole('link', { name })).toHaveCount(0);
    }
    await expect(page.getByRole('link', { name: 'Issue a card' })).toHaveCount(0);
    await page.goto('/staff');
    await expect(page.getByText('You do not have access to this page')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Invite staff' })).toHaveCount(0);
    await page.goto('/audit');
    await expect(page.getByText('You do not have access to this page')).toBeVisible();
  });
});
