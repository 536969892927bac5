// Deposits and KYT in the back-office (issues 29, 40 and 41, docs/back-office.md "Compliance"): a
// deposit of 20,000 USDT over the severe amount is held; with the KYT rules' apiRelease false the
// app's API key alone cannot release it (4016); /compliance names the person and shows every KYT
// reason whole at 1280 px and on a 390 px phone (the status in view, nothing wider than the
// screen); an admin must choose to credit or reject (no default) and asks with a note, and is
// refused approving their own request; a second admin reads the amount, the risk, the reasons and
// the maker's note on the request and approves it with a comment, which the request and the audit
// log keep, and the back-office's approved release goes through; the user's wallet then shows the
// credit and its DEPOSIT ledger entry; a support agent sees the queue, the rules and the user's
// deposits, and can change nothing.
import { createHash } from 'node:crypto';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { expectAccessible } from './support/a11y';
import { actionId, callAction } from './support/server-actions';
import { callWallet, seedUser, userWalletAsset } from './support/wallet-api';

test.describe.configure({ timeout: 300_000 });

const APPROVE = () => actionId('lib/backoffice/approvals/actions.ts', 'approveApproval');
const RELEASE = () => actionId('lib/backoffice/deposits/actions.ts', 'requestDepositRelease');
const SAVE_RULES = () => actionId('lib/backoffice/deposits/actions.ts', 'saveKytRules');

async function heldDeposit(page: Page, appUserId: string): Promise<{ depositId: number; address: string }> {
  const address = await callWallet(page.request, 'depositAddress', { appUserId, chain: 'ETHEREUM' });
  expect(address.code, address.msg).toBe(0);
  const deposit = await callWallet(page.request, 'simulateDeposit', {
    chain: 'ETHEREUM',
    address: address.data!.address,
    txHash: `0x${createHash('sha256').update(appUserId).digest('hex')}`,
    amount: '20000',
    fromAddress: `0x${'5a'.repeat(20)}`,
    confirmations: 12,
  });
  expect(deposit.code, deposit.msg).toBe(0);
  expect(deposit.data!.status).toBe('HELD');
  return { depositId: deposit.data!.depositId, address: address.data!.address };
}

/** Reasons a first deposit of 20,000 USDT from an unlisted address is held for, in words. */
const REASONS = [
  'The amount is at or over the severe amount',
  'The amount is at or over the review amount',
  "The user's first deposit is at or over a tenth of the review amount",
  "The user's deposits in 24 hours, this one included, reach the review amount",
];

/** The element is drawn whole inside the viewport: nothing of it cut or out of view. */
async function expectWhole(page: Page, element: Locator) {
  await element.scrollIntoViewIfNeeded();
  const box = (await element.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, 'starts in view').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'ends in view').toBeLessThanOrEqual(width);
  expect(await element.evaluate((el) => el.scrollWidth <= el.clientWidth), 'not cut').toBe(true);
}

async function pageAs(browser: Browser, storageState: string, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ storageState, baseURL });
  return context.newPage();
}

test.describe('a held deposit, decided by two admins', () => {
  test.use({ role: 'admin' });

  test('one admin asks to credit it and may not approve; another approves; the wallet is credited once; support changes nothing', async ({
    page,
    browser,
    baseURL,
    newAccount,
    storageStates,
  }) => {
    const appUserId = await seedUser(page.request, { firstName: 'Dee', lastName: 'Posit' });
    const { depositId, address } = await heldDeposit(page, appUserId);
    // Releases kept behind the two-person approval: the API key alone is refused.
    expect((await callWallet(page.request, 'kytRulesSet', { apiRelease: false })).code).toBe(0);
    const byKey = await callWallet(page.request, 'depositRelease', {
      depositId,
      decision: 'CREDIT',
      note: 'key',
    });
    expect(byKey.code).toBe(4016);

    // The queue: the person by name, the deposit with its level and every reason whole, counted in
    // the navigation; at 1280 px (the desktop viewport) no reason is cut.
    await page.goto('/compliance');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByTestId('deposits-held')).toBeVisible();
    const row = page.getByTestId(`deposit-${depositId}`);
    await expect(row.getByRole('link', { name: 'Dee Posit' })).toHaveAttribute('href', `/users/${appUserId}`);
    await expect(row).toContainText('High risk');
    await expect(row).toContainText('20,000.00 USDT');
    const reasons = row.getByTestId('deposit-reasons').getByRole('listitem');
    for (const reason of REASONS) await expect(reasons.filter({ hasText: reason })).toHaveCount(1);
    for (const reason of await reasons.all()) await expectWhole(page, reason);

    // On a 390 px phone: nothing wider than the screen, the status and the form in view.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectWhole(page, row.getByTestId('deposit-status'));
    for (const reason of await reasons.all()) await expectWhole(page, reason);
    await expectWhole(page, row.getByRole('button', { name: 'Ask for approval' }));
    await expectAccessible(page, '/compliance on a phone');
    await page.setViewportSize({ width: 1280, height: 720 });

    // No decision is made for the admin: asked without one, it is refused beside the field.
    const decision = row.getByLabel('Decision');
    await expect(decision).toHaveValue('');
    await row.getByLabel('Note').pressSequentially('Payroll from a known employer');
    await row.getByRole('button', { name: 'Ask for approval' }).click();
    await expect(row.getByText('Choose to credit or to reject the deposit.')).toBeVisible();
    await decision.selectOption({ label: "Credit the user's wallet" });
    await row.getByRole('button', { name: 'Ask for approval' }).click();
    const asked = row.getByText(/Request \d+ now waits/);
    await expect(asked).toBeVisible();
    const id = Number(/Request (\d+)/.exec(await asked.innerText())![1]);
    expect((await userWalletAsset(page.request, appUserId)).balance).toBe(0);

    // The maker cannot approve it: no button, and refused over HTTP.
    await page.goto(`/approvals/${id}`);
    await expect(page.getByText('Credit or reject a deposit held by KYT')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve and carry out' })).toHaveCount(0);
    const refused = await callAction(page, baseURL!, APPROVE(), [{}, { id }], `/approvals/${id}`);
    expect(refused).toContain('You asked for this yourself: another member of staff must approve it.');
    expect((await userWalletAsset(page.request, appUserId)).balance).toBe(0);

    // A second admin approves it: credited once.
    // A context of its own, signed out (the project's storage state would sign it in as the first).
    const second = await (
      await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL })
    ).newPage();
    await signIn(second, newAccount('admin'));
    await second.goto(`/approvals/${id}`);
    // What the checker decides on: the amount, the person, the risk, every reason, the maker's note.
    await expect(second.getByTestId('approval-amount')).toHaveText('20,000.00 USDT');
    const facts = second.getByTestId('approval-facts');
    await expect(facts.getByRole('link', { name: 'Dee Posit' })).toBeVisible();
    await expect(facts).toContainText("Credit the user's wallet");
    await expect(facts).toContainText('High risk');
    for (const reason of REASONS) await expect(facts).toContainText(reason);
    await expect(second.getByTestId('approval-reason')).toHaveText('Payroll from a known employer');
    await second.getByLabel('Comment (optional)').pressSequentially('Checked the payslip with the employer');
    await second.getByRole('button', { name: 'Approve and carry out' }).click();
    await expect(second.getByTestId('approval-status')).toHaveText('Approved');
    await expect(second.getByTestId('approval-comment')).toHaveText('Checked the payslip with the employer');
    await second.goto(`/audit?user=${appUserId}`);
    await expect(second.getByText(/comment: Checked the payslip with the employer/)).toBeVisible();
    const wallet = await userWalletAsset(page.request, appUserId);
    expect(wallet.balance).toBe(20000);
    expect((await callWallet(page.request, 'kytRulesSet', { apiRelease: true })).code).toBe(0);
    const again = await callAction(second, baseURL!, APPROVE(), [{}, { id }], `/approvals/${id}`);
    expect(again).toContain(`Request ${id} is no longer waiting`);
    expect((await userWalletAsset(page.request, appUserId)).balance).toBe(20000);
    await second.context().close();

    // The user's page: the address with its QR code, the deposit credited with the note; the
    // wallet's ledger has the DEPOSIT entry.
    await page.goto(`/users/${appUserId}`);
    const eth = page.getByTestId('deposit-address-ETHEREUM');
    await expect(eth).toContainText(address);
    await expect(eth.getByRole('img', { name: 'QR code of the ETHEREUM deposit address' })).toBeVisible();
    await expect(page.getByTestId('deposit-address-TRON')).toContainText(/T[1-9A-HJ-NP-Za-km-z]{33}/);
    const credited = page.getByTestId(`deposit-${depositId}`);
    await expect(credited).toContainText('Credited');
    await expect(credited).toContainText('Payroll from a known employer');
    await page.goto(`/assets/${wallet.assetId}?user=${encodeURIComponent(appUserId)}`);
    await expect(page.getByRole('cell', { name: 'Chain deposit' })).toBeVisible();
    await expect(page.getByText('+$20,000.00').first()).toBeVisible();

    // Support sees it all and changes nothing.
    const support = await pageAs(browser, storageStates.support, baseURL);
    const other = await seedUser(support.request, { firstName: 'Sue', lastName: 'Held' });
    const stillHeld = await heldDeposit(support, other);
    await support.goto('/compliance');
    const supportRow = support.getByTestId(`deposit-${stillHeld.depositId}`);
    await expect(supportRow).toContainText('The amount is at or over the severe amount');
    await expect(supportRow.getByRole('button', { name: 'Ask for approval' })).toHaveCount(0);
    await expect(support.getByRole('button', { name: 'Save KYT rules' })).toHaveCount(0);
    await expect(support.getByRole('definition').filter({ hasText: '10000 USDT' })).toBeVisible();
    await expect(
      support.getByRole('definition').filter({ hasText: "Two admins here, or the app's API key" }),
    ).toBeVisible();
    const rulesBefore = await callWallet(support.request, 'kytRules', {});
    const release = await callAction(
      support,
      baseURL!,
      RELEASE(),
      [
        {},
        {
          depositId: stillHeld.depositId,
          appUserId: other,
          decision: 'CREDIT',
          note: 'x',
          requestId: 'e2e-support-release-1',
        },
      ],
      '/compliance',
    );
    expect(release).toContain('Your role (support) does not allow this.');
    const rules = await callAction(
      support,
      baseURL!,
      SAVE_RULES(),
      [{}, { blockedAddresses: '', reviewAddresses: '', reviewAmount: '1', severeAmount: '2' }],
      '/compliance',
    );
    expect(rules).toContain('Your role (support) does not allow this.');
    expect(await callWallet(support.request, 'kytRules', {})).toEqual(rulesBefore);
    const list = await callWallet(support.request, 'depositList', { appUserId: other });
    expect(list.data!.list.map((d) => d.status)).toEqual(['HELD']);
    expect((await userWalletAsset(support.request, other)).balance).toBe(0);
    await support.goto(`/users/${appUserId}`);
    await expect(support.getByTestId(`deposit-${depositId}`)).toContainText('Credited');
    await support.context().close();
  });
});
