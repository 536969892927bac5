// Amounts as people type them (issue 40 items 1 and 7, docs/back-office.md "Amounts"): every money
// field of the back-office typed key by key through "1,500.00", "$25", "25." and "0.5" and
// back-spaced, with no error page (Top up from the agency fell over at "25."), and the forms that
// refused a grouped amount now take it: "1,000.00" as a daily limit, "$25" as a purchase, "$10" as
// a clearing, "15,000.00" as a deposit. Each test seeds its own user and card.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { agencyMarginAsset, callWallet, seedCard, seedUser, uniqueId } from './support/wallet-api';

test.describe.configure({ timeout: 180_000 });

const TYPED = ['1,500.00', '$25', '25.', '0.5'] as const;

/** Types each of TYPED key by key, then back-spaces it away: the page must stay a page. */
async function typeEveryAmount(page: Page, field: Locator): Promise<void> {
  for (const text of TYPED) {
    await field.clear();
    await field.pressSequentially(text);
    await expect(field).toHaveValue(text);
    for (let i = 0; i < text.length; i++) await field.press('Backspace');
    await expect(field).toHaveValue('');
  }
  await expect(page.getByText('This page could not be shown')).toHaveCount(0);
}

test.describe('an operator', () => {
  test.use({ role: 'operator' });

  test('types every money field of a user, a card and the sandbox key by key; grouped amounts are taken', async ({
    page,
    request,
  }) => {
    const appUserId = await seedUser(request, { firstName: 'Tia', lastName: 'Typist' });
    const { cardId, cardAssetId } = await seedCard(request, appUserId);
    const agency = await agencyMarginAsset(request);
    const funded = await callWallet(request, 'assetTransfer', {
      fromAssetId: agency.assetId,
      toAssetId: cardAssetId,
      amount: '100.00',
    });
    expect(funded.code, funded.msg).toBe(0);

    // Fund wallet from the agency: the dialog says, at every key, whether it will wait.
    await page.goto(`/users/${appUserId}`);
    await page.getByRole('button', { name: 'Fund wallet' }).click();
    const fund = page.getByRole('dialog', { name: "Fund the user's wallet" });
    const fundAmount = fund.getByLabel('Amount (USD)');
    await typeEveryAmount(page, fundAmount);
    await fundAmount.pressSequentially('1,500.00');
    await expect(fund.getByTestId('transfer-waits')).toContainText('This transfer will wait for approval');
    await fundAmount.clear();
    await fundAmount.pressSequentially('$25');
    await expect(fund.getByRole('definition').nth(1)).toHaveText('$0.00$25.00');
    await page.keyboard.press('Escape');
    await expect(fund).toHaveCount(0);

    // Top up from the agency's card margin, and the four spending limits.
    await page.goto(`/users/${appUserId}/cards/${cardId}`);
    await page.getByRole('button', { name: 'Top up' }).click();
    const topUp = page.getByRole('dialog', { name: 'Top up the card' });
    await topUp.getByLabel('From').selectOption(String(agency.assetId));
    await typeEveryAmount(page, topUp.getByLabel('Amount (USD)'));
    await page.keyboard.press('Escape');
    await expect(topUp).toHaveCount(0);
    await page.getByText('Change the spending controls').click();
    const controls = page.getByRole('form', { name: 'Change the spending controls' });
    for (const limit of ['Per purchase', 'Daily', 'Monthly', 'All time']) {
      await typeEveryAmount(page, controls.getByLabel(`${limit} limit`));
    }
    await controls.getByLabel('Daily limit').pressSequentially('1,000.00');
    await controls.getByRole('button', { name: 'Save the spending controls' }).click();
    await expect(controls.getByText('daily limit: no limit -> $1,000.00')).toBeVisible();

    // The sandbox: a purchase, a clearing of another, a deposit.
    const held = await callWallet(request, 'simulateAuthorize', {
      cardId,
      merchantName: 'Held Diner',
      mcc: '5812',
      merchantCountry: 'US',
      amount: '20.00',
    });
    expect(held.code, held.msg).toBe(0);
    await page.goto(`/sandbox?cardId=${cardId}`);
    const sim = page.getByRole('form', { name: 'Simulate a purchase' });
    const merchant = uniqueId('Cafe');
    await sim.locator('[name=merchantName]').fill(merchant);
    await sim.locator('[name=mcc]').selectOption('5812');
    await sim.locator('[name=merchantCountry]').selectOption('US');
    await typeEveryAmount(page, sim.getByLabel('Amount'));
    await sim.getByLabel('Amount').pressSequentially('$25');
    await sim.getByRole('button', { name: 'Simulate the purchase' }).click();
    await expect(sim.getByTestId('simulated-outcome')).toHaveText(`Approved and held: $25.00 at ${merchant}`);

    await page.goto(`/sandbox?cardId=${cardId}`);
    const clear = page.getByRole('form', { name: `Clear ${held.data!.authorizationId}` });
    await typeEveryAmount(page, clear.getByLabel('Amount to clear (empty: all)'));
    await clear.getByLabel('Amount to clear (empty: all)').pressSequentially('$10');
    await clear.getByRole('button', { name: 'Clear' }).click();
    // Cleared, the purchase is offered a refund instead: its clear form goes.
    await expect(clear).toHaveCount(0);
    const purchases = await callWallet(request, 'cardAuthorizations', { appUserId, cardId });
    const cleared = purchases.data?.list.find((a) => a.authorizationId === held.data!.authorizationId);
    expect(cleared).toMatchObject({ status: 'CLEARED', clearedAmount: 10 });

    await page.goto(`/sandbox/deposits?appUserId=${appUserId}`);
    const deposit = page.getByRole('form', { name: 'Simulate a deposit' });
    await typeEveryAmount(page, deposit.getByLabel('Amount (USDT)'));
    await deposit.getByLabel('Amount (USDT)').pressSequentially('15,000.00');
    await deposit.getByRole('button', { name: /^Simulate/ }).click();
    await expect(deposit.getByTestId('simulated-deposit')).toContainText('15,000.00 USDT on Ethereum');

    // Registering a user: the annual income.
    await page.goto('/users/new');
    await typeEveryAmount(page, page.getByLabel('Annual income (USD)'));
  });
});

test.describe('an admin', () => {
  test.use({ role: 'admin' });

  test('types the settings thresholds and the KYT amounts key by key', async ({ page }) => {
    // Typed only, never saved: both are the agency's, read by every other test at once.
    await page.goto('/settings');
    for (const name of ['transferApprovalMinAmount', 'issueApprovalMinFee', 'lowBalanceThreshold']) {
      await typeEveryAmount(page, page.locator(`input[name=${name}]`));
    }
    await page.goto('/compliance');
    await typeEveryAmount(page, page.getByLabel('Review amount (USDT)'));
    await typeEveryAmount(page, page.getByLabel('Severe amount (USDT)'));
  });
});
