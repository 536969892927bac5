// Approvals (issue 15, docs/back-office.md "Approvals"), per person: an operator's transfer of
// 1,000.00 out of the agency asset waits; the same operator cannot approve it, on the page or over
// HTTP; an admin approves it from /approvals and the money moves once; a rejection and a withdrawal
// leave the balance untouched; a request past its 72 hours (its clock moved back in the database)
// cannot be approved; an unlock of a card locked as stolen waits the same way. Each test seeds its
// own users.
import type { Browser, Page } from '@playwright/test';
import { Client } from 'pg';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/a11y';
import { e2eDatabaseUrl } from './support/env';
import { actionId, callAction } from './support/server-actions';
import { agencyMarginAsset, callWallet, seedCard, seedUser, userWalletAsset } from './support/wallet-api';

test.describe.configure({ timeout: 120_000 });

const APPROVE = () => actionId('lib/backoffice/approvals/actions.ts', 'approveApproval');

const walletBalance = async (page: Page, appUserId: string) =>
  (await userWalletAsset(page.request, appUserId)).balance;

/** The requests the page's approval notices link to, by number. */
async function noticedRequests(page: Page): Promise<number[]> {
  const links = page.getByTestId('approval-notices').getByRole('link', { name: /^Request \d+$/ });
  return (await links.allInnerTexts()).map((text) => Number(text.replace('Request ', '')));
}

/**
 * "Fund wallet" from the agency on the user's page: the dialog says it will wait and asks why;
 * returns the request it made: the one new link among the notices. An earlier request's notice
 * ("Waiting for approval", its link) is on the page already, so waiting for the notice alone
 * passes before the new request shows, and on a busy machine reads the earlier one's number
 * (docs/testing.md "Under load").
 */
async function askToFund(
  page: Page,
  appUserId: string,
  amount: string,
  reason = 'Payroll top-up',
): Promise<number> {
  await page.goto(`/users/${appUserId}`);
  const before = await noticedRequests(page);
  await page.getByRole('button', { name: 'Fund wallet' }).click();
  const dialog = page.getByRole('dialog', { name: "Fund the user's wallet" });
  await dialog.getByLabel('Amount (USD)').fill(amount);
  await expect(dialog.getByTestId('transfer-waits')).toContainText('This transfer will wait for approval');
  await dialog.getByLabel('Reason for the approver').fill(reason);
  await dialog.getByRole('button', { name: 'Send for approval' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Sent for approval')).toBeVisible();
  await expect(page.getByTestId('approval-notices')).toContainText('Waiting for approval');
  let added: number[] = [];
  await expect
    .poll(async () => {
      added = (await noticedRequests(page)).filter((id) => !before.includes(id));
      return added.length;
    })
    .toBe(1);
  return added[0]!;
}

async function pageAs(browser: Browser, storageState: string, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ storageState, baseURL });
  return context.newPage();
}

test.describe('an operator asking, an admin deciding', () => {
  test.use({ role: 'operator' });

  test('a transfer of 1,000.00 waits; the maker cannot approve it; an admin approves it once', async ({
    page,
    browser,
    storageStates,
    baseURL,
  }) => {
    const appUserId = await seedUser(page.request, { firstName: 'Ada', lastName: 'Waits' });
    const id = await askToFund(page, appUserId, '1000.00');
    expect(await walletBalance(page, appUserId)).toBe(0);

    // The maker's own page of the request: the exact call, a withdraw button, no approve button.
    await page.goto(`/approvals/${id}`);
    await expect(page.getByTestId('approval-status')).toHaveText('Pending');
    await expect(page.getByTestId('approval-amount')).toHaveText('$1,000.00');
    // In words: who, from and to which asset, and why; never an ID.
    const facts = page.getByTestId('approval-facts');
    await expect(facts).toContainText('Ada Waits');
    await expect(facts).toContainText("the agency's Card margin (USD)");
    await expect(facts).toContainText("Ada Waits's Wallet (USD)");
    await expect(page.getByTestId('approval-reason')).toHaveText('Payroll top-up');
    await expect(page.getByText('You asked for this: another member of staff')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve and carry out' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Withdraw the request' })).toBeVisible();
    await expectAccessible(page, 'a pending request, seen by its maker');
    // Over HTTP, as the browser would send it: refused by the server, nothing moves.
    const refused = await callAction(page, baseURL!, APPROVE(), [{}, { id }], `/approvals/${id}`);
    expect(refused).toContain('You asked for this yourself: another member of staff must approve it.');
    expect(await walletBalance(page, appUserId)).toBe(0);

    // The admin sees it waiting (in the navigation too), and approves it.
    const admin = await pageAs(browser, storageStates.admin, baseURL);
    await admin.goto('/approvals');
    await expect(
      admin.getByRole('navigation', { name: 'Main' }).getByTestId('approvals-waiting'),
    ).toBeVisible();
    const row = admin.getByTestId(`approval-${id}`);
    await expect(row).toContainText('Transfer out of an agency asset');
    await expect(row).toContainText('$1,000.00');
    await expectAccessible(admin, '/approvals');
    await expect(row).toContainText("Fund Ada Waits's wallet: $1,000.00 from the agency's Card margin (USD)");
    await row.getByRole('link', { name: `Request ${id}` }).click();
    // The checker reads the request and decides it without meeting an ID: no app user ID, no
    // asset or card number, no raw parameter; the maker's reason is there.
    const text = await admin.locator('main').innerText();
    expect(text).not.toContain(appUserId);
    expect(text).not.toMatch(/asset \d|card \d|toAssetId|fromAssetId|requestId|result code/i);
    await expect(admin.getByTestId('approval-reason')).toHaveText('Payroll top-up');
    await expect(admin.getByTestId('approval-outcome')).toHaveText('Not carried out yet');
    await expect(
      admin.getByTestId('approval-facts').getByRole('link', { name: 'Ada Waits', exact: true }),
    ).toHaveAttribute('href', `/users/${appUserId}`);
    await admin.getByRole('button', { name: 'Approve and carry out' }).click();
    await expect(admin.getByTestId('approval-status')).toHaveText('Approved');
    await expect(admin.getByTestId('approval-outcome')).toHaveText('Done');
    expect(await walletBalance(page, appUserId)).toBe(1000);

    // Approving again (a second click, another tab): refused, the money moved once.
    const again = await callAction(admin, baseURL!, APPROVE(), [{}, { id }], `/approvals/${id}`);
    expect(again).toContain(`Request ${id} is no longer waiting: approved and done by`);
    expect(await walletBalance(page, appUserId)).toBe(1000);

    // The maker sees the outcome where they asked.
    await page.goto(`/users/${appUserId}`);
    await expect(page.getByTestId('approval-notices')).toContainText('Approved');
    await admin.context().close();
  });

  test('a rejection and a withdrawal leave the balance untouched', async ({
    page,
    browser,
    storageStates,
    baseURL,
  }) => {
    const appUserId = await seedUser(page.request, { firstName: 'Rex', lastName: 'Jected' });
    const rejected = await askToFund(page, appUserId, '1500.00');
    const withdrawn = await askToFund(page, appUserId, '2000.00');
    expect(withdrawn).not.toBe(rejected);

    // The maker withdraws the second.
    await page.goto(`/approvals/${withdrawn}`);
    await page.getByRole('button', { name: 'Withdraw the request' }).click();
    await expect(page.getByTestId('approval-status')).toHaveText('Withdrawn');

    // An admin rejects the first: a comment is required.
    const admin = await pageAs(browser, storageStates.admin, baseURL);
    await admin.goto(`/approvals/${rejected}`);
    await admin.getByRole('button', { name: 'Reject' }).click();
    await expect(
      admin.getByText('Say why the request is rejected: the person who asked reads it.'),
    ).toBeVisible();
    await expect(admin.getByTestId('approval-status')).toHaveText('Pending');
    await admin.getByLabel('Why it is rejected').fill('Fund it in two parts this week');
    await admin.getByRole('button', { name: 'Reject' }).click();
    await expect(admin.getByTestId('approval-status')).toHaveText('Rejected');
    await expect(admin.getByTestId('approval-comment')).toHaveText('Fund it in two parts this week');
    await admin.context().close();

    expect(await walletBalance(page, appUserId)).toBe(0);
    await page.goto(`/users/${appUserId}`);
    const notices = page.getByTestId('approval-notices');
    await expect(notices).toContainText('Rejected');
    await expect(notices).toContainText('Withdrawn');
    await expect(notices).toContainText('Fund it in two parts this week');
  });

  test('an expired request cannot be approved', async ({ page, browser, storageStates, baseURL }) => {
    const appUserId = await seedUser(page.request, { firstName: 'Ex', lastName: 'Pired' });
    const id = await askToFund(page, appUserId, '1000.00');
    // The request's clock, moved back 73 hours where it is kept.
    const db = new Client({ connectionString: e2eDatabaseUrl() });
    await db.connect();
    try {
      await db.query(
        `update backoffice.approval_requests
            set created_at = created_at - interval '73 hours', expires_at = expires_at - interval '73 hours'
          where id = $1`,
        [id],
      );
    } finally {
      await db.end();
    }
    const admin = await pageAs(browser, storageStates.admin, baseURL);
    const refused = await callAction(admin, baseURL!, APPROVE(), [{}, { id }], `/approvals/${id}`);
    expect(refused).toContain(`Request ${id} expired on`);
    await admin.goto(`/approvals/${id}`);
    await expect(admin.getByTestId('approval-status')).toHaveText('Expired');
    await expect(admin.getByRole('button', { name: 'Approve and carry out' })).toHaveCount(0);
    await admin.goto('/approvals?state=expired');
    await expect(admin.getByTestId(`approval-${id}`)).toBeVisible();
    await admin.context().close();
    expect(await walletBalance(page, appUserId)).toBe(0);
  });

  test('unlocking a card locked as stolen waits for a second person', async ({
    page,
    browser,
    storageStates,
    baseURL,
  }) => {
    const appUserId = await seedUser(page.request, { firstName: 'Stan', lastName: 'Len' });
    const { cardId } = await seedCard(page.request, appUserId);
    expect((await callWallet(page.request, 'cardLock', { appUserId, cardId, reason: 'STOLEN' })).code).toBe(
      0,
    );
    await page.goto(`/users/${appUserId}/cards/${cardId}`);
    await page.getByRole('button', { name: 'Unlock card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlock this card' });
    await expect(dialog.getByTestId('card-change-waits')).toBeVisible();
    // The reason is required once it waits: refused beside the field, nothing asked.
    await dialog.getByRole('button', { name: 'Send for approval' }).click();
    await expect(dialog.getByText('This waits for a second person: say why it is needed')).toBeVisible();
    await dialog.getByLabel('Reason for the approver').fill('The card was found by its holder');
    await dialog.getByRole('button', { name: 'Send for approval' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Sent for approval')).toBeVisible();
    await expect(page.getByTestId('card-status')).toHaveText('Locked');
    const link = page.getByTestId('approval-notices').getByRole('link', { name: /^Request \d+$/ });
    const id = Number((await link.innerText()).replace('Request ', ''));

    const admin = await pageAs(browser, storageStates.admin, baseURL);
    await admin.goto(`/approvals/${id}`);
    await expect(admin.getByText('Unlock a card locked as stolen or fraud')).toBeVisible();
    await expect(admin.getByTestId('approval-facts')).toContainText('Stan Len');
    await expect(admin.getByTestId('approval-reason')).toHaveText('The card was found by its holder');
    await admin.getByRole('button', { name: 'Approve and carry out' }).click();
    await expect(admin.getByTestId('approval-status')).toHaveText('Approved');
    await admin.context().close();
    await page.reload();
    await expect(page.getByTestId('card-status')).toHaveText('Active');
  });

  test('replacing a card locked for suspected fraud waits for a second person; once approved the new card has the money, the controls and what they counted', async ({
    page,
    browser,
    storageStates,
    baseURL,
  }) => {
    const appUserId = await seedUser(page.request, { firstName: 'Grace', lastName: 'Hopper' });
    const { cardId, cardAssetId } = await seedCard(page.request, appUserId);
    const ok = async (answer: Promise<{ code: number; msg: string }>) => {
      const { code, msg } = await answer;
      expect(code, msg).toBe(0);
    };
    await ok(
      callWallet(page.request, 'assetTransfer', {
        fromAssetId: (await agencyMarginAsset(page.request)).assetId,
        toAssetId: cardAssetId,
        amount: '1500.00',
      }),
    );
    await ok(
      callWallet(page.request, 'cardControlsSet', {
        appUserId,
        cardId,
        daily: '300.00',
        blockedMcc: '7995',
        blockedCountries: 'KP',
      }),
    );
    const purchase = (onCard: number, amount: string) =>
      callWallet(page.request, 'simulateAuthorize', {
        cardId: onCard,
        amount,
        merchantName: 'Corner Grocery',
        mcc: '5411',
        merchantCountry: 'US',
      });
    // 200.00 spent today and cleared; a 92.00 hold still open.
    const spent = await purchase(cardId, '200.00');
    await ok(callWallet(page.request, 'simulateClear', { authorizationId: spent.data!.authorizationId }));
    expect((await purchase(cardId, '92.00')).data?.status).toBe('PENDING');
    await ok(callWallet(page.request, 'cardLock', { appUserId, cardId, reason: 'FRAUD_SUSPECTED' }));

    // The operator: the dialog names Grace, the holds it reverses, and that it will wait.
    await page.goto(`/users/${appUserId}/cards/${cardId}`);
    await page.getByRole('button', { name: 'Replace card' }).click();
    const dialog = page.getByRole('dialog', { name: /^Replace card/ });
    await expect(dialog).toContainText('of Grace Hopper is cancelled for good');
    await expect(dialog).toContainText('Its open holds ($92.00) are reversed first');
    await expect(dialog.getByRole('combobox', { name: /^Reason/ })).toHaveValue('FRAUD_SUSPECTED');
    await expect(dialog.getByTestId('card-replace-waits')).toBeVisible();
    await dialog.getByLabel('Reason for the approver').pressSequentially('New card for the cardholder');
    await dialog.getByRole('button', { name: 'Send for approval' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Sent for approval')).toBeVisible();
    await expect(page.getByTestId('card-status')).toHaveText('Locked');
    const link = page.getByTestId('approval-notices').getByRole('link', { name: /^Request \d+$/ });
    const id = Number((await link.innerText()).replace('Request ', ''));
    // Nothing moved meanwhile: no new card, the money and the hold where they were.
    const waiting = await callWallet(page.request, 'cardDetail', { appUserId, cardId });
    expect(waiting.data).toMatchObject({ status: 'LOCKED', balance: 1300, availableBalance: 1208 });

    // A second person approves.
    const admin = await pageAs(browser, storageStates.admin, baseURL);
    await admin.goto(`/approvals/${id}`);
    await expect(admin.getByText('Replace a card locked as stolen or fraud')).toBeVisible();
    await expect(admin.getByTestId('approval-facts')).toContainText('Grace Hopper');
    await expect(admin.getByTestId('approval-reason')).toHaveText('New card for the cardholder');
    await admin.getByRole('button', { name: 'Approve and carry out' }).click();
    await expect(admin.getByTestId('approval-status')).toHaveText('Approved');
    await admin.context().close();

    // The old card names its replacement, in its history and as the other side of its money.
    await page.reload();
    await expect(page.getByTestId('card-status')).toHaveText('Cancelled');
    await expect(page.getByTestId('card-ledger')).toContainText('To the replacement, Grace Hopper');
    await page.getByTestId('card-history-replaced-by').getByRole('link').click();
    await expect(page).not.toHaveURL(`/users/${appUserId}/cards/${cardId}`);
    await expect(page).toHaveURL(new RegExp(`/users/${appUserId}/cards/\\d+$`));
    const newCardId = Number(page.url().split('/').pop());
    expect(newCardId).not.toBe(cardId);
    // The new card: the balance, its issuance by the approver, replacing the old card.
    await expect(page.getByTestId('card-status')).toHaveText('Active');
    await expect(page.getByTestId('card-balance')).toHaveText('$1,300.00');
    const issued = page.getByTestId('card-history').locator('li').first();
    await expect(issued.getByTestId('card-history-replaces')).toContainText('to replace Grace Hopper');
    await expect(issued.getByTestId('card-history-who')).toHaveText('· by Ada Admin (admin)');

    // The controls and what they counted: 200.00 of today's 300.00 (the reversed hold counts nothing).
    const controls = await callWallet(page.request, 'cardControls', { appUserId, cardId: newCardId });
    expect(controls.data).toMatchObject({
      limits: [{ interval: 'DAILY', amount: 300, spent: 200, remaining: 100 }],
      blockedMcc: ['7995'],
      blockedCountries: ['KP'],
    });
    expect((await purchase(newCardId, '150.00')).data).toMatchObject({
      status: 'DECLINED',
      declineReason: 'LIMIT_DAILY',
    });
  });
});

test.describe('an admin', () => {
  test.use({ role: 'admin' });

  test('sees the policy at /settings; a bad amount is refused beside its field and nothing is saved', async ({
    page,
  }) => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const amount = page.getByLabel('From this amount (in the asset’s currency)');
    await expect(amount).toHaveValue(/^1000(\.00)?$/);
    // The amount is what one member of staff sends alone over 24 hours, not one transfer's.
    await expect(amount).toHaveAccessibleDescription(
      'Counted per member of staff over the last 24 hours: a transfer waits when it brings what they sent out of agency assets without approval, this one included, to this amount. Transfers sent for approval do not count.',
    );
    await expect(page.getByRole('checkbox', { name: /a transfer out of an agency asset/ })).toBeChecked();
    await expectAccessible(page, '/settings');
    await amount.fill('1.000,00');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Put commas only between thousands, e.g. 1,500.00.')).toBeVisible();
    await expect(amount).toHaveValue('1.000,00');
    await page.reload();
    await expect(page.getByLabel('From this amount (in the asset’s currency)')).toHaveValue(/^1000(\.00)?$/);
  });
});
