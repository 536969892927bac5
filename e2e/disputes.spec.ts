// Disputes in the back-office (issue 43), as the call goes: a support agent finds the caller by
// name, opens a fraud dispute from the purchase and sees the card locked at once; an operator sends
// it with evidence; the sandbox answers it as the merchant's bank, won; the card's balance and
// ledger show the money back, and support reads it all on the dispute's page. The purchase is
// seeded through the signed API; everything after it is typed as people type.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/a11y';
import { pageWithoutScripts, postForm } from './support/forms';
import { agencyMarginAsset, callWallet, cardNumberEndingIn, seedCard, seedUser } from './support/wallet-api';

test.describe.configure({ timeout: 150_000 });

async function pageAs(browser: Browser, storageState: string, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ storageState, baseURL });
  return context.newPage();
}

/** A surname of letters no other run uses, so the search box finds this caller alone. */
function surname(): string {
  const letters = Array.from(randomBytes(6), (b) => String.fromCharCode(97 + (b % 26))).join('');
  return `Marlow${letters}`;
}

/** Fiona <lastName>'s card with 100.00, and a purchase of 25.00 at Gadget Galaxy, cleared. */
async function clearedPurchase(request: APIRequestContext, lastName: string) {
  const appUserId = await seedUser(request, { firstName: 'Fiona', lastName });
  const last4 = String(1000 + (randomBytes(2).readUInt16BE(0) % 9000));
  const card = await seedCard(request, appUserId, { cardNumber: cardNumberEndingIn(last4) });
  const topUp = await callWallet(request, 'assetTransfer', {
    fromAssetId: (await agencyMarginAsset(request)).assetId,
    toAssetId: card.cardAssetId,
    amount: '100.00',
  });
  expect(topUp.code, topUp.msg).toBe(0);
  const bought = await callWallet(request, 'simulateAuthorize', {
    cardId: card.cardId,
    merchantName: 'Gadget Galaxy',
    mcc: '5732',
    merchantCountry: 'US',
    amount: '25.00',
  });
  expect(bought.code, bought.msg).toBe(0);
  const cleared = await callWallet(request, 'simulateClear', {
    authorizationId: bought.data!.authorizationId,
  });
  expect(cleared.code, cleared.msg).toBe(0);
  return { appUserId, card, last4, authorizationId: bought.data!.authorizationId };
}

test.describe('a caller who does not recognise a charge', () => {
  test.use({ role: 'support' });

  test('support opens a fraud dispute and the card locks; an operator sends it; won, the money is back', async ({
    page,
    request,
    browser,
    storageStates,
    baseURL,
  }) => {
    const lastName = surname();
    const { appUserId, card, last4 } = await clearedPurchase(request, lastName);
    const cardPage = `/users/${appUserId}/cards/${card.cardId}`;

    // Support takes the call: the person by name, then the purchase on their card.
    await page.goto('/');
    const box = page.getByTestId('global-search');
    await box.pressSequentially(`Fiona ${lastName}`);
    const hit = page.getByRole('option').filter({ hasText: `Fiona ${lastName}` });
    await expect(hit).toContainText('1 card');
    for (let i = 0; i < 10 && (await hit.getAttribute('aria-selected')) !== 'true'; i++) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/users/${appUserId}`);
    await page.locator(`main a[href="${cardPage}"]`).first().click();
    await expect(page).toHaveURL(cardPage);
    await expect(page.getByTestId('card-balance')).toHaveText('$75.00');
    const item = page.getByTestId('authorization').filter({ hasText: 'Gadget Galaxy' });
    await item.locator('summary').click();
    await item.getByRole('link', { name: 'Dispute this purchase' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Open a dispute' })).toBeVisible();
    await expect(page.getByTestId('disputed-purchase')).toContainText('Gadget Galaxy');
    const form = page.getByRole('form', { name: 'Open a dispute' });
    await form.getByLabel(/Not made by the cardholder/).check();
    await expect(page.getByTestId('dispute-what-happens')).toHaveText(
      /^A fraud dispute locks the card now, so no one else can use it\./,
    );
    // A mistake in the amount is named beside it, and what was typed stays.
    await form
      .getByLabel('What the caller says')
      .pressSequentially('I was at home; the card was in my wallet.');
    await form.getByLabel('Amount to dispute').pressSequentially('25,0');
    await form.getByRole('button', { name: 'Open the dispute' }).click();
    await expect(form.locator('#dispute-amount-error')).toBeVisible();
    await expect(form.getByLabel('What the caller says')).toHaveValue(
      'I was at home; the card was in my wallet.',
    );
    await form.getByLabel('Amount to dispute').fill('');
    await form.getByLabel('Amount to dispute').pressSequentially('25.00');
    await form.getByRole('button', { name: 'Open the dispute' }).click();
    await expect(page.getByTestId('dispute-opened')).toContainText('The card is locked now');
    await expectAccessible(page, 'a dispute opened');
    await page.getByRole('link', { name: /^Open dispute \d+$/ }).click();
    await expect(page).toHaveURL(/\/disputes\/\d+$/);
    const disputePage = new URL(page.url()).pathname;
    const disputeId = Number(disputePage.split('/').pop());
    await expect(page.getByTestId('dispute-status')).toHaveText('Open');
    await expect(page.getByTestId('dispute-days-left')).toContainText(/^1\d\d days left/);
    // Support reads that an operator sends it, and is offered no form to.
    await expect(page.getByText('An operator sends it')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Send with evidence' })).toHaveCount(0);
    await page.goto(cardPage);
    await expect(page.getByTestId('card-status')).toHaveText('Locked');

    // An operator finds it on /disputes and sends it with evidence.
    const operator = await pageAs(browser, storageStates.operator, baseURL);
    await operator.goto(`/disputes?holder=${encodeURIComponent(`Fiona ${lastName}`)}`);
    const row = operator.getByTestId('disputes-list').locator(`[data-dispute-id="${disputeId}"]`);
    await expect(row).toContainText('Gadget Galaxy');
    await expect(row).toContainText('Not made by the cardholder');
    await expect(row).toContainText('$25.00');
    await row.getByRole('link').click();
    await expect(operator).toHaveURL(disputePage);
    const send = operator.getByRole('form', { name: 'Send with evidence' });
    await send
      .getByLabel('Evidence')
      .pressSequentially('Card with the cardholder at home; purchase made online from abroad.');
    await send.getByRole('button', { name: 'Send to the merchant’s bank' }).click();
    await expect(operator.getByTestId('dispute-status')).toHaveText('Submitted');

    // The sandbox answers as the merchant's bank: won.
    await operator.goto('/sandbox');
    const answer = operator.getByRole('form', { name: 'Answer a dispute' });
    // Chosen by its words: the amount, the merchant, whose card.
    const choice = answer.locator('option', { hasText: `Dispute ${disputeId}:` });
    await expect(choice).toHaveText(
      new RegExp(
        `^Dispute ${disputeId}: \\$25\\.00 at Gadget Galaxy, Virtual Visa Classic ••${last4} of Fiona ${lastName} \\(not made by the cardholder\\)$`,
      ),
    );
    await answer.getByLabel('Dispute').selectOption({ label: (await choice.textContent())! });
    await answer.getByLabel('The merchant’s bank').selectOption('WON');
    await answer.getByRole('button', { name: 'Answer' }).click();
    await expect(operator.getByText(`Dispute ${disputeId}: won`)).toBeVisible();
    await operator.context().close();

    // Support sees it all: the money back on the card, and the dispute's history.
    await page.goto(cardPage);
    await expect(page.getByTestId('card-balance')).toHaveText('$100.00');
    const credit = page.getByTestId('card-ledger').locator('tbody tr').filter({ hasText: 'Dispute won' });
    await expect(credit).toHaveCount(1);
    await expect(credit).toContainText('+$25.00');
    await page.goto(disputePage);
    await expect(page.getByTestId('dispute-status')).toHaveText('Won');
    await expect(page.getByTestId('dispute-evidence')).toHaveText(
      'Card with the cardholder at home; purchase made online from abroad.',
    );
    await expect(page.getByTestId('dispute-steps')).toContainText('Won: $25.00 went back to the card');
    const history = page.getByTestId('dispute-history').locator('li');
    await expect(history).toHaveCount(3);
    await expect(history.nth(0)).toContainText('Opened a dispute');
    await expect(history.nth(0)).toContainText('I was at home; the card was in my wallet.');
    await expect(history.nth(1)).toContainText('Sent a dispute with its evidence');
    await expect(history.nth(2)).toContainText(
      "Simulated the merchant's bank's answer to a dispute (sandbox)",
    );
    await expectAccessible(page, 'a dispute won');
  });

  test('without JavaScript: a refused amount is named beside its field, what was typed kept; then it opens', async ({
    request,
    browser,
    storageStates,
    baseURL,
  }) => {
    const { authorizationId } = await clearedPurchase(request, surname());
    const page = await pageWithoutScripts(browser, storageStates.support, baseURL);
    await page.goto(`/disputes/new?authorizationId=${authorizationId}`);
    const form = page.getByRole('form', { name: 'Open a dispute' });
    await postForm(page, form, {
      reason: 'DUPLICATE',
      amount: '30.00',
      explanation: 'Taken twice on Monday.',
    });
    await expect(page.locator('#dispute-amount-error')).toContainText('This purchase cannot be disputed');
    await expect(form.locator('[name=explanation]')).toHaveValue('Taken twice on Monday.');
    await expect(form.locator('[name=amount]')).toHaveValue('30.00');
    await expect(form.locator('input[name=reason][value=DUPLICATE]')).toBeChecked();
    await postForm(page, form, { reason: 'DUPLICATE', amount: '', explanation: 'Taken twice on Monday.' });
    await expect(page.getByTestId('dispute-opened')).toContainText('The card stays as it is.');
    await page.context().close();
  });
});
