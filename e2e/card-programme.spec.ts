// The card programme in the back-office, per person (issue 13): a support agent on the phone finds
// a card by its last four from the one search box and locks it as lost; an operator unlocks it,
// funds the user's wallet, tops the card up and sees both ledgers; an operator cancels a card and
// sees its balance back in the wallet; a support agent is offered no operator action. Each test
// seeds its own users and cards through the signed API. (The same refusals over HTTP, action by
// action, are the authorization matrix's: tests/system/authorization-matrix.test.ts.)
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { expectAccessible } from './support/a11y';
import { captureThemes } from './support/screenshots';
import {
  callWallet,
  cardNumberEndingIn,
  agencyMarginAsset,
  seedCard,
  seedUser,
  userWalletAsset,
} from './support/wallet-api';

const OPERATOR_ACTIONS = ['Unlock card', 'Activate card', 'Cancel card', 'Top up'] as const;

const userWallet = (page: Page, appUserId: string) => userWalletAsset(page.request, appUserId);

async function ledgerOf(page: Page, assetId: number) {
  const ledger = await callWallet(page.request, 'assetLedger', { assetId });
  return (ledger.data?.list ?? []).map((e) => [e.type, e.amount, e.balanceAfter]);
}

const statusOf = (page: Page) => page.getByTestId('card-status');

test.describe('a support agent on the phone', () => {
  test.use({ role: 'support' });

  test('"I lost my card, it ends 3771": found from the search box and locked as lost', async ({
    page,
    request,
  }, testInfo) => {
    const appUserId = await seedUser(request, { firstName: 'Lena', lastName: 'Larsen' });
    const { cardId } = await seedCard(request, appUserId, { cardNumber: cardNumberEndingIn('3771') });

    await page.goto('/');
    const box = page.getByTestId('global-search');
    // The shortcut works once the page's scripts run; the box says so.
    await expect(box).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');
    await page.keyboard.press('Control+k');
    await expect(box).toBeFocused();
    await box.fill('3771');
    const hit = page.getByRole('option').filter({ hasText: `card ID ${cardId}` });
    await expect(hit).toContainText('•••• 3771');
    await expect(hit).toContainText('Lena Larsen');
    // Other runs' cards may end in 3771 too: move to this one with the keyboard, then Enter.
    for (let i = 0; i < 10 && (await hit.getAttribute('aria-selected')) !== 'true'; i++) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(`/users/${appUserId}/cards/${cardId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Card •••• 3771' })).toBeVisible();
    await expect(statusOf(page)).toHaveText('Active');
    // Support may lock, and nothing else.
    for (const name of OPERATOR_ACTIONS) await expect(page.getByRole('button', { name })).toHaveCount(0);
    await expectAccessible(page, 'the card page (support)');
    await captureThemes(page, testInfo, 'card-page-support');

    await page.getByRole('button', { name: 'Lock card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lock this card' });
    await expect(dialog).toContainText('Card •••• 3771 of Lena Larsen.');
    // No reason: refused beside the field, nothing sent.
    await dialog.getByRole('button', { name: 'Lock card' }).click();
    await expect(dialog.getByText('Choose a reason.')).toBeVisible();
    await dialog.getByLabel('Reason').selectOption({ label: 'Lost' });
    await dialog.getByRole('button', { name: 'Lock card' }).click();
    await expect(dialog).toHaveCount(0);

    await expect(statusOf(page)).toHaveText('Locked');
    await expect(page.getByTestId('card-history').locator('li').first()).toContainText(
      'Active→LockedReason: Lost',
    );
    // Locked now: support has nothing more to do here.
    await expect(page.getByRole('button', { name: 'Lock card' })).toHaveCount(0);
    for (const name of OPERATOR_ACTIONS) await expect(page.getByRole('button', { name })).toHaveCount(0);

    const detail = await callWallet(request, 'cardDetail', { appUserId, cardId });
    expect(detail.data?.status).toBe('LOCKED');
    expect(detail.data?.history.map((h) => [h.fromStatus, h.toStatus, h.reason])).toEqual([
      [null, 'ACTIVE', null],
      ['ACTIVE', 'LOCKED', 'LOST'],
    ]);
  });

  test('lands on the search box after signing in', async ({ browser, newAccount }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await signIn(page, newAccount('support'));
    await expect(page).toHaveURL('/search');
    await expect(page.getByRole('heading', { level: 1, name: 'Find a user or a card' })).toBeVisible();
    await expect(
      page.getByRole('search', { name: 'Find a user or a card' }).getByRole('combobox'),
    ).toBeFocused();
    await expectAccessible(page, '/search');
    await context.close();
  });

  test('is offered no operator action on a pending card or a user', async ({ page, request }) => {
    const appUserId = await seedUser(request);
    const { cardId } = await seedCard(request, appUserId, { categoryId: 3 });
    await page.goto(`/users/${appUserId}/cards/${cardId}`);
    await expect(statusOf(page)).toHaveText('Pending');
    for (const name of [...OPERATOR_ACTIONS, 'Lock card']) {
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    }
    await page.goto(`/users/${appUserId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fund wallet' })).toHaveCount(0);
  });
});

test.describe('an operator', () => {
  test.use({ role: 'operator' });

  test('unlocks a card, funds the wallet, tops the card up and sees both ledgers', async ({
    page,
    request,
  }, testInfo) => {
    const appUserId = await seedUser(request, { firstName: 'Omar', lastName: 'Okafor' });
    const { cardId, cardAssetId } = await seedCard(request, appUserId);
    expect((await callWallet(request, 'cardLock', { appUserId, cardId, reason: 'LOST' })).code).toBe(0);

    await page.goto(`/users/${appUserId}/cards/${cardId}`);
    await expect(statusOf(page)).toHaveText('Locked');
    await expect(page.getByRole('button', { name: 'Top up' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Unlock card' }).click();
    const unlock = page.getByRole('dialog', { name: 'Unlock this card' });
    await unlock.getByRole('button', { name: 'Unlock card' }).click();
    await expect(unlock).toHaveCount(0);
    await expect(statusOf(page)).toHaveText('Active');

    // Fund the wallet from the agency.
    const wallet = await userWallet(page, appUserId);
    const agency = await agencyMarginAsset(request);
    await page.goto(`/users/${appUserId}`);
    await page.getByRole('button', { name: 'Fund wallet' }).click();
    const fund = page.getByRole('dialog', { name: "Fund the user's wallet" });
    await expect(fund.getByLabel('From')).toHaveValue(String(agency.assetId));
    const amount = fund.getByLabel('Amount (USD)');
    // More than the agency holds: refused before any call.
    await amount.fill('99999999');
    await fund.getByRole('button', { name: 'Fund wallet' }).click();
    await expect(
      fund.getByText(/^Amount must be at most the balance of .+ \(agency\): [\d.]+ USD\.$/),
    ).toBeVisible();
    await amount.fill('1.234');
    await fund.getByRole('button', { name: 'Fund wallet' }).click();
    await expect(fund.getByText('Amount must have at most 2 decimals in USD.')).toBeVisible();
    await amount.fill('50');
    await expect(fund.getByRole('definition').nth(1)).toHaveText('$0.00$50.00');
    await expectAccessible(page, 'the fund-wallet dialog');
    await fund.getByRole('button', { name: 'Fund wallet' }).click();
    await expect(fund).toHaveCount(0);
    expect((await userWallet(page, appUserId)).balance).toBe(50);

    // Top the card up from the wallet.
    await page.goto(`/users/${appUserId}/cards/${cardId}`);
    await expect(page.getByTestId('card-balance')).toHaveText('$0.00');
    await page.getByRole('button', { name: 'Top up' }).click();
    const topUp = page.getByRole('dialog', { name: 'Top up the card' });
    await expect(topUp.getByLabel('From')).toHaveValue(String(wallet.assetId));
    await topUp.getByLabel('Amount (USD)').fill('50.01');
    await topUp.getByRole('button', { name: 'Top up' }).click();
    await expect(
      topUp.getByText('Amount must be at most the balance of Wallet (USD): 50.00 USD.'),
    ).toBeVisible();
    await topUp.getByLabel('Amount (USD)').fill('20');
    await topUp.getByRole('button', { name: 'Top up' }).click();
    await expect(topUp).toHaveCount(0);
    await expect(page.getByTestId('card-balance')).toHaveText('$20.00');
    const rows = page.getByTestId('card-ledger').locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().locator('td').nth(1)).toHaveText('Transfer in');
    await expect(rows.first().locator('td').nth(2)).toHaveText('+$20.00');
    await expect(rows.first().locator('td').nth(3)).toHaveText('$20.00');
    await expectAccessible(page, 'the card page (operator)');
    await captureThemes(page, testInfo, 'card-page-operator');

    // Both ledgers, exactly.
    expect(await ledgerOf(page, cardAssetId)).toEqual([['TRANSFER_IN', 20, 20]]);
    expect(await ledgerOf(page, wallet.assetId)).toEqual([
      ['TRANSFER_OUT', -20, 30],
      ['TRANSFER_IN', 50, 50],
    ]);
  });

  test("cancels a card and sees its balance back in the user's wallet", async ({ page, request }) => {
    const appUserId = await seedUser(request);
    const { cardId, cardAssetId } = await seedCard(request, appUserId);
    const funded = await callWallet(request, 'assetTransfer', {
      fromAssetId: (await agencyMarginAsset(request)).assetId,
      toAssetId: cardAssetId,
      amount: '15.00',
    });
    expect(funded.code, funded.msg).toBe(0);
    const wallet = await userWallet(page, appUserId);

    await page.goto(`/users/${appUserId}/cards/${cardId}`);
    await expect(page.getByTestId('card-balance')).toHaveText('$15.00');
    await page.getByRole('button', { name: 'Cancel card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this card' });
    await expect(dialog).toContainText(
      "Its balance of $15.00 goes back to the user's Wallet (USD) at once. A cancelled card can never be used again.",
    );
    await dialog.getByLabel('Reason').selectOption({ label: 'The user asked' });
    await dialog.getByRole('button', { name: 'Cancel card' }).click();
    await expect(dialog).toHaveCount(0);

    await expect(statusOf(page)).toHaveText('Cancelled');
    await expect(page.getByTestId('card-balance')).toHaveText('$0.00');
    for (const name of [...OPERATOR_ACTIONS, 'Lock card']) {
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    }
    expect(await ledgerOf(page, cardAssetId)).toEqual([
      ['CARD_REFUND', -15, 0],
      ['TRANSFER_IN', 15, 15],
    ]);
    expect(await ledgerOf(page, wallet.assetId)).toEqual([['CARD_REFUND', 15, 15]]);
    expect((await userWallet(page, appUserId)).balance).toBe(15);
  });
});
