// Staff sign-in in a real browser: success and sign-out, a wrong password, the lock after
// repeated failures, an admin inviting a support agent who then signs in, and a support agent
// who can reach no mutating page or action.
import { expect, signIn, test } from './fixtures';

test.describe('signed out', () => {
  test.use({ role: 'signed-out' });

  test('a signed-out visitor is sent to the sign-in page', async ({ page }) => {
    await page.goto('/staff');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
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
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('#sign-in-failure')).toContainText(
      'The e-mail address or password is not right',
    );
    await expect(page.getByLabel('E-mail')).toHaveValue(account.email);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('five failures lock the account, even against the right password', async ({ page, newAccount }) => {
    const account = newAccount('support');
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(account.email);
    const attempt = async (password: string) => {
      await page.getByLabel('Password').fill(password);
      const answered = page.waitForResponse((r) => r.url().includes('/api/auth/callback/credentials'));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await answered;
    };
    for (let i = 0; i < 5; i++) {
      await attempt(`wrong-password-${i}`);
      await expect(page.locator('#sign-in-failure')).toContainText('not right');
    }
    await attempt(account.password);
    await expect(page.locator('#sign-in-failure')).toContainText('Too many failed sign-ins');
    await expect(page.locator('#sign-in-failure')).toContainText('paused for 15 minutes');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('as an admin', () => {
  test.use({ role: 'admin' });

  test('invites a support agent, who sets a password and signs in with the support role', async ({
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
    const link = await dialog.locator('#invite-link').inputValue();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId(`staff-row-${email}`)).toContainText('Invited');

    const invitee = await browser.newPage({ storageState: { cookies: [], origins: [] } });
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
