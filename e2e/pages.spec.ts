// Every back-office page that exists so far, in a real browser: accessible (axe, WCAG A/AA) and
// captured in the light and the dark theme: the sign-in page, the dashboard, staff, the audit
// log, an invitation link that cannot be used, and a page that does not exist. The audit log's
// filters work from the URL and from the keyboard alone; the staff page's invitation dialog can
// be opened, filled, submitted and closed with the keyboard alone.
import type { Locator, Page } from '@playwright/test';
import { trySignIn } from '../tests/helpers/backoffice-http';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/a11y';
import { captureThemes } from './support/screenshots';

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`).toBeFocused();
}

/** The audit table's rows as { who, action, outcome, summary }. */
async function auditRows(page: Page) {
  const rows = page.locator('main table tbody tr');
  // The page streams behind a loading skeleton, and React reveals it a moment after load.
  await expect(rows.first().or(page.getByText('No entries'))).toBeVisible();
  const out: { who: string; action: string; outcome: string; summary: string }[] = [];
  for (const row of await rows.all()) {
    const part = async (id: string) => (await row.getByTestId(id).innerText()).trim();
    out.push({
      who: await part('audit-who'),
      action: await part('audit-action'),
      outcome: await part('audit-outcome'),
      summary: await part('audit-summary'),
    });
  }
  return out;
}

test.describe('signed out', () => {
  test.use({ role: 'signed-out' });

  test('the sign-in page', async ({ page }, testInfo) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page, '/login');
    await captureThemes(page, testInfo, 'login');
  });

  test('an invitation link that is not valid', async ({ page }, testInfo) => {
    await page.goto('/invite/this-is-not-a-valid-invitation-token-0000');
    await expect(page.getByText('This link cannot be used')).toBeVisible();
    await expect(page.getByLabel('New password')).toHaveCount(0);
    await expectAccessible(page, 'an invalid invitation');
    await captureThemes(page, testInfo, 'invite-invalid');
  });

  test('a page that does not exist', async ({ page }, testInfo) => {
    const response = await page.goto('/this-page-does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectAccessible(page, 'the 404 page');
    await captureThemes(page, testInfo, 'not-found');
  });
});

test.describe('as an admin', () => {
  test.use({ role: 'admin' });

  test('the dashboard', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.getByTestId('signed-in-name')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'the dashboard');
    await captureThemes(page, testInfo, 'dashboard');
  });

  test('the staff page', async ({ page, account }, testInfo) => {
    await page.goto('/staff');
    await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
    await expect(page.getByTestId(`staff-row-${account.email}`)).toBeVisible();
    await expectAccessible(page, '/staff');
    await captureThemes(page, testInfo, 'staff');
    // The invitation dialog too.
    await page.getByRole('button', { name: 'Invite staff' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'the invitation dialog');
  });

  test('the audit log', async ({ page }, testInfo) => {
    await page.goto('/audit');
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    await expect(page.locator('main table tbody tr').first()).toBeVisible();
    await expectAccessible(page, '/audit');
    await captureThemes(page, testInfo, 'audit');
  });

  test('a page that does not exist, signed in', async ({ page }) => {
    const response = await page.goto('/no-such-page-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectAccessible(page, 'the 404 page (signed in)');
  });

  test.describe('the audit log filters', () => {
    /** An account with one failed and one successful sign-in, made over HTTP from the test's address. */
    async function accountWithHistory(
      newAccount: (role: 'support') => { email: string; password: string; name: string },
      baseURL: string,
      clientAddress: string,
    ) {
      const account = newAccount('support');
      const from = { headers: { 'X-Forwarded-For': clientAddress } };
      const failed = await trySignIn(baseURL, account.email, 'not-the-password', from);
      expect(failed.ok).toBe(false);
      const ok = await trySignIn(baseURL, account.email, account.password, from);
      expect(ok.ok).toBe(true);
      return account;
    }

    test('filter by who, action and outcome from the URL', async ({
      page,
      newAccount,
      baseURL,
      clientAddress,
    }) => {
      const account = await accountWithHistory(newAccount, baseURL!, clientAddress);
      const who = encodeURIComponent(account.email);

      await page.goto(`/audit?actor=${who}&action=auth.sign_in&outcome=failure`);
      await expect(page.locator('#actor')).toHaveValue(account.email);
      await expect(page.locator('#action')).toHaveValue('auth.sign_in');
      await expect(page.locator('#outcome')).toHaveValue('failure');
      const failures = await auditRows(page);
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ action: 'Sign-in', outcome: 'Failed' });
      // Who, by name (the filter is by the account's own e-mail).
      expect(failures[0]!.who).toBe(`${account.name} · support`);
      expect(failures[0]!.summary).toMatch(/Sign-in failed/);

      await page.goto(`/audit?actor=${who}&outcome=success`);
      expect(await auditRows(page)).toEqual([
        expect.objectContaining({ action: 'Sign-in', outcome: 'Succeeded' }),
      ]);
      // The account's creation was done by the command line, to the account as its target.
      await page.goto(`/audit?target=${who}`);
      expect(await auditRows(page)).toEqual([
        expect.objectContaining({
          who: 'command-line',
          action: 'Created staff account',
          outcome: 'Succeeded',
        }),
      ]);
      // The action filter is a prefix: "auth." is every sign-in event of the account.
      await page.goto(`/audit?actor=${who}&action=auth.`);
      expect((await auditRows(page)).map((r) => `${r.action} ${r.outcome}`)).toEqual([
        'Sign-in Succeeded',
        'Sign-in Failed',
      ]);

      // An outcome filter alone: every row has that outcome.
      await page.goto('/audit?outcome=failure');
      const anyFailures = await auditRows(page);
      expect(anyFailures.length).toBeGreaterThan(0);
      expect(anyFailures.every((r) => r.outcome === 'Failed')).toBe(true);

      // Nothing matches: said in words.
      await page.goto(`/audit?actor=${who}&outcome=denied`);
      await expect(page.getByText('No entries')).toBeVisible();

      // A filter that is not valid is said to be ignored.
      await page.goto('/audit?outcome=exploded');
      await expect(page.getByRole('alert').filter({ hasText: 'not valid' })).toBeVisible();
    });

    test('filter with the keyboard only: Tab to the fields, type, Enter', async ({
      page,
      newAccount,
      baseURL,
      clientAddress,
    }) => {
      const account = await accountWithHistory(newAccount, baseURL!, clientAddress);
      await page.goto('/audit');
      await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
      // Start from the top of the document, as a keyboard user arriving on the page does.
      await page.locator('body').evaluate((body) => {
        (document.activeElement as HTMLElement | null)?.blur();
        body.focus();
      });

      // "Who" is a picker of staff: a closed select picks the option whose text is typed.
      await tabTo(page, page.locator('#actor'));
      await page.keyboard.type(`${account.name} (${account.email})`);
      await expect(page.locator('#actor')).toHaveValue(account.email);
      await page.keyboard.press('Tab');
      await expect(page.locator('#user')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.locator('#action')).toBeFocused();
      // A closed select picks the option whose text (the action in words) starts with what is typed.
      await page.keyboard.type('Sign-in');
      await expect(page.locator('#action')).toHaveValue('auth.sign_in');
      await page.keyboard.press('Tab');
      await expect(page.locator('#target')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.locator('#outcome')).toBeFocused();
      await page.keyboard.type('Failed');
      await expect(page.locator('#outcome')).toHaveValue('failure');
      // Back to a text field, where Enter submits the form.
      await page.keyboard.press('Shift+Tab');
      await expect(page.locator('#target')).toBeFocused();
      await page.keyboard.press('Enter');

      await expect(page).toHaveURL(/[?&]outcome=failure/);
      await expect(page).toHaveURL(/[?&]action=auth\.sign_in/);
      expect(new URL(page.url()).searchParams.get('actor')).toBe(account.email);
      const rows = await auditRows(page);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: 'Sign-in', outcome: 'Failed' });
    });
  });

  test('the staff page works with the keyboard only', async ({ page }) => {
    const email = `keyboard-${Date.now().toString(36)}@e2e.example.com`;
    await page.goto('/staff');
    const invite = page.getByRole('button', { name: 'Invite staff' });
    await expect(invite).toBeVisible();
    await page.locator('body').evaluate((body) => {
      (document.activeElement as HTMLElement | null)?.blur();
      body.focus();
    });

    // Open the dialog with Enter.
    await tabTo(page, invite);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // Focus moved into the dialog and stays there.
    await expect(dialog.locator(':focus')).toHaveCount(1);

    // Fill it in.
    await tabTo(page, dialog.getByLabel('Name'));
    await page.keyboard.type('Kim Keyboard');
    await tabTo(page, dialog.getByLabel('E-mail'));
    await page.keyboard.type(email);
    await tabTo(page, dialog.getByLabel('Role', { exact: false }));
    await page.keyboard.type('Operator');
    await expect(dialog.getByLabel('Role', { exact: false })).toHaveValue('operator');

    // Submit with Enter from a text field.
    await tabTo(page, dialog.getByLabel('E-mail'), { back: true });
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Invitation created')).toBeVisible();
    await expect(dialog.locator('#invite-link')).toHaveValue(/\/invite\/[A-Za-z0-9_-]{43}$/);

    // Escape closes it, and the focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(invite).toBeFocused();
    await expect(page.getByTestId(`staff-row-${email}`)).toContainText('Invited');
    await expect(page.getByLabel(`Role of ${email}`)).toHaveValue('operator');

    // Escape also abandons a half-filled dialog, and nothing is created.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByLabel('Name'));
    await page.keyboard.type('Abandoned');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Abandoned')).toHaveCount(0);
  });
});
