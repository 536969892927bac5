// The card-issue wizard (/cards/issue, spec 4.3/4.4) in a real browser against the real wallet:
// an agency-paid virtual card with the keyboard alone, a user-paid physical card with an address
// added inline, the preselected user, double submits and a reload that issue one card and charge
// once, an insufficient balance explained in words, the embossed name's live check, and a support
// agent who can neither open the wizard nor call its action. Every test uses its own users (other
// specs seed the same database) and checks the outcome through the wallet API.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { actionId } from './support/server-actions';
import { expectAccessible } from './support/a11y';
import { captureThemes } from './support/screenshots';
import { creditUserWallet } from './support/scripts';
import { callWallet, seedUser, userWalletAsset } from './support/wallet-api';

// Whole flows through six steps against a shared, busy server: more time than a page check.
test.describe.configure({ timeout: 60_000 });

// ------------------------------------------------------------------------------------ helpers

/** The id the build gave the `issueCard` server action, to call it (or spot it) directly. */
const issueCardActionId = () => actionId('lib/backoffice/card-issue/actions.ts', 'issueCard');

async function userCards(request: APIRequestContext, appUserId: string) {
  const answer = await callWallet(request, 'userCardList', { appUserId });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data ?? [];
}

const walletBalance = async (request: APIRequestContext, appUserId: string) =>
  (await userWalletAsset(request, appUserId)).balance;

async function agencyAsset(request: APIRequestContext) {
  const answer = await callWallet(request, 'agencyAssetList', {});
  const asset = answer.data?.find((a) => a.type === 'CARD_MARGIN');
  if (!asset) throw new Error('the agency has no CARD_MARGIN asset');
  return asset;
}

function masked(cardNumber: string): string {
  return `${cardNumber.slice(0, 6)} ${'•'.repeat(cardNumber.length - 10)} ${cardNumber.slice(-4)}`;
}

/** Keyboard only: presses Tab until `target` has focus. */
async function tabTo(page: Page, target: Locator, presses = 60): Promise<void> {
  for (let i = 0; i < presses; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });
const definition = (page: Page, testId: string) => page.getByTestId(testId).locator('dd');

/**
 * Searches the user picker and picks the one match. The list keeps the previous answer until the
 * search's own arrives, and other runs may have seeded namesakes, so wait for the one option
 * that names this user's ID.
 */
async function pickUser(page: Page, search: string, appUserId: string): Promise<void> {
  await page.getByRole('combobox', { name: 'User' }).click();
  await page.getByPlaceholder('Name, e-mail, app user ID, phone or last four').fill(search);
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.getByRole('option', { name: new RegExp(appUserId) }).click();
  await expect(page.getByRole('region', { name: 'Chosen user' })).toBeVisible();
}

async function next(page: Page, heading: string): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, heading)).toBeFocused();
}

/** A user-paid virtual card up to the review, by pointer: user, payment, card type, name. */
async function userPaidVirtualToReview(page: Page, appUserId: string, category = 'Virtual Visa Classic') {
  await page.goto(`/cards/issue?appUserId=${encodeURIComponent(appUserId)}`);
  await expect(page.getByTestId('issue-user')).toContainText(appUserId);
  await next(page, 'Who pays for the card?');
  await page.getByRole('radio', { name: 'The user' }).check();
  await page.getByRole('radio', { name: 'Wallet (USD)' }).check();
  await next(page, 'Which card?');
  await page.getByRole('radio', { name: category }).check();
  await next(page, 'What name goes on the card?');
  await next(page, 'Check and issue');
}

// ------------------------------------------------------------------------------------ operators

test.describe('an operator', () => {
  test('issues an agency-paid virtual card with the keyboard alone', async ({ page, request }, testInfo) => {
    // Six accessibility checks and three pairs of screenshots on top of the flow itself.
    test.setTimeout(90_000);
    const appUserId = await seedUser(request, { firstName: 'Kim', lastName: 'Keyboard' });
    const agency = await agencyAsset(request);
    const issueId = issueCardActionId();

    await page.goto('/cards/issue');
    await expect(stepHeading(page, 'Who gets the card?')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Card issue steps' })).toContainText(
      'Step 1: User (current)',
    );
    await expectAccessible(page, 'the user step');
    await captureThemes(page, testInfo, 'card-issue-user');

    // Step 1: type the app user ID into the picker, take the match with Enter.
    const picker = page.getByRole('combobox', { name: 'User' });
    await tabTo(page, picker);
    await page.keyboard.type(appUserId.slice(0, 1));
    const search = page.getByPlaceholder('Name, e-mail, app user ID, phone or last four');
    await expect(search).toBeFocused();
    await page.keyboard.type(appUserId.slice(1));
    // The list shows the answer to the first key until the whole ID's answer arrives.
    await expect(page.getByRole('option')).toHaveCount(1);
    const option = page.getByRole('option', { name: new RegExp(`Kim Keyboard .*${appUserId}`) });
    await expect(option).toBeVisible();
    if ((await option.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    const chosen = page.getByRole('region', { name: 'Chosen user' });
    await expect(chosen).toBeFocused();
    await expect(definition(page, 'issue-user').nth(0)).toHaveText('Kim Keyboard');
    await expect(definition(page, 'issue-user').nth(2)).toHaveText(appUserId);
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');

    // Step 2: the agency pays from its card-margin asset.
    await expect(stepHeading(page, 'Who pays for the card?')).toBeFocused();
    const agencyRadio = page.getByRole('radio', { name: 'The agency' });
    await tabTo(page, agencyRadio);
    await page.keyboard.press('Space');
    await expect(agencyRadio).toBeChecked();
    const assetRadio = page.getByRole('radio', { name: agency.assetName });
    await tabTo(page, assetRadio);
    await page.keyboard.press('Space');
    await expect(assetRadio).toBeChecked();
    await expect(page.getByTestId(`payment-asset-${agency.assetId}`)).toContainText('Balance');
    await expectAccessible(page, 'the payment step');
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');

    // Step 3: the arrow key moves from the first card type to the second, choosing it.
    await expect(stepHeading(page, 'Which card?')).toBeFocused();
    await tabTo(page, page.getByRole('radio', { name: 'Virtual Visa Classic' }));
    await page.keyboard.press('ArrowDown');
    const platinum = page.getByRole('radio', { name: 'Virtual Mastercard Platinum' });
    await expect(platinum).toBeChecked();
    await expect(platinum).toBeFocused();
    await expect(page.getByTestId('category-2')).toContainText('Fee $10.00');
    await expect(page.getByTestId('category-2')).toContainText(/Covered: \$[\d,]+\.\d\d left after the fee/);
    await expectAccessible(page, 'the card type step');
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');

    // A virtual card is not delivered: straight to the name, suggested from the user's name.
    await expect(stepHeading(page, 'What name goes on the card?')).toBeFocused();
    await expect(page.getByRole('navigation', { name: 'Card issue steps' })).toContainText(
      'Not needed for a virtual card',
    );
    const name = page.getByRole('textbox', { name: 'Name on the card' });
    await expect(name).toHaveValue('KIM KEYBOARD');
    await expectAccessible(page, 'the name step');
    await tabTo(page, name);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('K KEYBOARD');
    await page.keyboard.press('Enter');

    // Review: everything chosen, the fee, and the balance before and after it.
    await expect(stepHeading(page, 'Check and issue')).toBeFocused();
    await expect(definition(page, 'review-user')).toHaveText(
      `Kim Keyboard (${appUserId}@example.com, ${appUserId})`,
    );
    await expect(definition(page, 'review-payer')).toHaveText(
      `The agency, from ${agency.assetName} (asset ${agency.assetId})`,
    );
    await expect(definition(page, 'review-category')).toHaveText(
      'Virtual Mastercard Platinum · MastercardVirtual',
    );
    await expect(definition(page, 'review-delivery')).toHaveText(
      'Not needed: a virtual card is not delivered',
    );
    await expect(definition(page, 'review-embossed-name')).toHaveText('K KEYBOARD');
    await expect(definition(page, 'review-fee')).toHaveText('$10.00');
    await expect(page.getByText('Checking the current balance…')).toHaveCount(0);
    const cents = async (testId: string) =>
      Math.round(Number((await definition(page, testId).innerText()).replace(/[$,]/g, '')) * 100);
    expect((await cents('review-balance-before')) - (await cents('review-balance-after'))).toBe(1000);
    await expectAccessible(page, 'the review');
    await captureThemes(page, testInfo, 'card-issue-review');

    // What the action sends back to the browser, read on its way.
    let actionBody = '';
    await page.route('**/cards/issue*', async (route) => {
      if (route.request().headers()['next-action'] !== issueId) return route.continue();
      const response = await route.fetch();
      actionBody = await response.text();
      await route.fulfill({ response, body: actionBody });
    });
    await tabTo(page, page.getByRole('button', { name: 'Issue card' }));
    await page.keyboard.press('Enter');

    // The result: the new card, masked, and what the wallet holds.
    await expect(stepHeading(page, 'Card issued to Kim Keyboard')).toBeFocused();
    const [card, ...others] = await userCards(request, appUserId);
    expect(others).toHaveLength(0);
    if (!card) throw new Error('no card was issued');
    expect(card.marginAssetId).toBe(agency.assetId);
    expect(card.type).toBe('VIRTUAL');
    await expect(definition(page, 'result-card-number')).toHaveText(masked(card.cardNumber));
    await expect(definition(page, 'result-embossed-name')).toHaveText('K KEYBOARD');
    await expect(definition(page, 'result-expiry')).toHaveText(`${card.expireMonth}/${card.expireYear}`);
    await expect(definition(page, 'result-status')).toHaveText('Active');
    await expect(definition(page, 'result-account-status')).toHaveText('Approved');
    await expect(definition(page, 'result-card-id')).toHaveText(String(card.cardId));
    await expect(page.getByTestId('issue-result-message')).toHaveText('Card issued and active.');
    await expect(page.getByRole('link', { name: "Open Kim Keyboard's page" })).toHaveAttribute(
      'href',
      `/users/${appUserId}`,
    );
    expect(actionBody).toContain(masked(card.cardNumber));
    expect(actionBody).not.toContain(card.cardNumber);
    expect(await page.content()).not.toContain(card.cardNumber);
    await expectAccessible(page, 'the result');
    await captureThemes(page, testInfo, 'card-issue-result');

    // "Issue another card" starts a new issue.
    await tabTo(page, page.getByRole('button', { name: 'Issue another card' }));
    await page.keyboard.press('Enter');
    await expect(stepHeading(page, 'Who gets the card?')).toBeFocused();
    await expect(page.getByRole('combobox', { name: 'User' })).toBeVisible();
  });

  test('issues a user-paid physical card to an address added on the way', async ({
    page,
    request,
  }, testInfo) => {
    const appUserId = await seedUser(request, { firstName: 'Paula', lastName: 'Physical' });
    creditUserWallet(appUserId, '30.00');

    await page.goto('/cards/issue');
    await pickUser(page, `${appUserId}@example.com`, appUserId);
    await next(page, 'Who pays for the card?');
    await page.getByRole('radio', { name: 'The user' }).check();
    const wallet = page.getByRole('radio', { name: 'Wallet (USD)' });
    await expect(wallet).toBeVisible();
    await expect(wallet.locator('xpath=ancestor::label')).toContainText('$30.00');
    await wallet.check();
    await next(page, 'Which card?');
    await expect(
      page.getByText('Each fee is compared with the balance of Wallet (USD): $30.00.'),
    ).toBeVisible();
    await page.getByRole('radio', { name: 'Physical Visa Gold' }).check();
    await expect(page.getByTestId('category-3')).toContainText('Fee $25.00');
    await expect(page.getByTestId('category-3')).toContainText('Covered: $5.00 left after the fee');
    await expect(page.getByTestId('category-4')).toContainText(
      'Not covered: the balance of $30.00 is $20.00 short of the $50.00 fee',
    );
    await expectAccessible(page, 'the card type step, paid by the user');
    await captureThemes(page, testInfo, 'card-issue-category');
    await next(page, 'Where is the card delivered?');

    // No address yet: the inline form is open; Next without an address says what is missing.
    await expect(
      page.getByText('This user has no address yet. Add the one the card is delivered to.'),
    ).toBeVisible();
    const addressForm = page.getByRole('form', { name: 'New delivery address for Paula Physical' });
    await expect(addressForm.getByLabel('First name')).toHaveValue('Paula');
    await expect(addressForm.getByLabel('Last name')).toHaveValue('Physical');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(
      page.getByText('Choose the address the physical card is delivered to, or add one.'),
    ).toBeVisible();
    await expectAccessible(page, 'the delivery step');
    await captureThemes(page, testInfo, 'card-issue-delivery');

    await addressForm.getByRole('button', { name: 'Save address' }).click();
    await expect(addressForm.getByText('Choose the country.')).toBeVisible();
    await expect(addressForm.getByText('City must not be empty.')).toBeVisible();
    await addressForm.getByRole('combobox', { name: 'Country' }).click();
    await page.getByPlaceholder('Search countries').fill('Germany');
    await page.getByRole('option', { name: 'Germany' }).click();
    await addressForm.getByLabel('Street').fill('Unter den Linden 1');
    await addressForm.getByLabel('City').fill('Berlin');
    await addressForm.getByLabel('Postal code').fill('10117');
    await addressForm.getByRole('button', { name: 'Save address' }).click();
    const address = page.getByRole('radio', {
      name: 'Paula Physical, Unter den Linden 1, 10117 Berlin, Germany',
    });
    await expect(address).toBeChecked();
    await expect(addressForm).toHaveCount(0);
    const stored = await callWallet(request, 'addressList', { appUserId });
    expect(stored.data).toHaveLength(1);
    expect(stored.data?.[0]).toMatchObject({
      country: 'DE',
      city: 'Berlin',
      postalCode: '10117',
      isDefault: true,
    });

    await next(page, 'What name goes on the card?');
    await expect(page.getByRole('textbox', { name: 'Name on the card' })).toHaveValue('PAULA PHYSICAL');
    await next(page, 'Check and issue');
    const walletAsset = (await callWallet(request, 'userAssetList', { appUserId })).data?.find(
      (a) => a.type === 'WALLET',
    );
    await expect(definition(page, 'review-payer')).toHaveText(
      `The user, from Wallet (USD) (asset ${walletAsset?.assetId})`,
    );
    await expect(definition(page, 'review-category')).toHaveText('Physical Visa Gold · VisaPhysical');
    await expect(definition(page, 'review-delivery')).toHaveText(
      'Paula Physical, Unter den Linden 1, 10117 Berlin, Germany',
    );
    await expect(definition(page, 'review-fee')).toHaveText('$25.00');
    await expect(definition(page, 'review-balance-before')).toHaveText('$30.00');
    await expect(definition(page, 'review-balance-after')).toHaveText('$5.00');

    await page.getByRole('button', { name: 'Issue card' }).click();
    await expect(stepHeading(page, 'Card issued to Paula Physical')).toBeVisible();
    await expect(definition(page, 'result-status')).toHaveText('Pending');
    await expect(definition(page, 'result-account-status')).toHaveText('Pending');
    await expect(page.getByTestId('issue-result-message')).toHaveText(
      'Card application accepted: the card will be produced and delivered to the chosen address.',
    );
    const cards = await userCards(request, appUserId);
    expect(cards).toHaveLength(1);
    expect(cards[0]?.type).toBe('PHYSICAL');
    await expect(definition(page, 'result-card-number')).toHaveText(masked(cards[0]?.cardNumber ?? ''));
    expect(await page.content()).not.toContain(cards[0]?.cardNumber);
    expect(await walletBalance(request, appUserId)).toBe(5);
    await expectAccessible(page, 'the physical card result');
  });

  test('preselects the user from ?appUserId=, and says so when there is none', async ({ page, request }) => {
    const appUserId = await seedUser(request, { firstName: 'Pre', lastName: 'Selected' });
    await page.goto(`/cards/issue?appUserId=${appUserId}`);
    const chosen = page.getByRole('region', { name: 'Chosen user' });
    await expect(definition(page, 'issue-user')).toHaveText([
      'Pre Selected',
      `${appUserId}@example.com`,
      appUserId,
      '0',
    ]);
    await expectAccessible(page, 'a preselected user');
    await chosen.getByRole('button', { name: 'Change user' }).click();
    await expect(page.getByRole('combobox', { name: 'User' })).toBeFocused();
    // The address no longer names a user, so a reload resumes this issue rather than preselecting.
    await expect(page).toHaveURL(/\/cards\/issue$/);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Choose the user who gets the card.')).toBeVisible();
    await expect(stepHeading(page, 'Who gets the card?')).toBeVisible();

    const unknown = `nobody-${appUserId}`;
    await page.goto(`/cards/issue?appUserId=${unknown}`);
    const alert = page.getByRole('alert').filter({ hasText: 'The user from the link was not found' });
    await expect(alert).toContainText(
      `No user with the app user ID “${unknown}” is registered. Search for the user below, or register them first.`,
    );
    await expect(page.getByRole('combobox', { name: 'User' })).toBeVisible();
    await expectAccessible(page, 'an unknown preselected user');
  });

  test('a double click issues one card and charges once', async ({ page, request }) => {
    const appUserId = await seedUser(request, { firstName: 'Double', lastName: 'Click' });
    creditUserWallet(appUserId, '10.00');
    await userPaidVirtualToReview(page, appUserId);
    await expect(definition(page, 'review-balance-before')).toHaveText('$10.00');
    await expect(definition(page, 'review-balance-after')).toHaveText('$5.00');

    await page.getByRole('button', { name: 'Issue card' }).dblclick();
    await expect(stepHeading(page, 'Card issued to Double Click')).toBeVisible();
    const cards = await userCards(request, appUserId);
    expect(cards).toHaveLength(1);
    expect(await walletBalance(request, appUserId)).toBe(5);

    // A reload shows the same card again, and issues nothing.
    await page.reload();
    await expect(stepHeading(page, 'Card issued to Double Click')).toBeVisible();
    await expect(definition(page, 'result-card-id')).toHaveText(String(cards[0]?.cardId));
    expect(await page.content()).not.toContain(cards[0]?.cardNumber);
    expect(await userCards(request, appUserId)).toHaveLength(1);
    expect(await walletBalance(request, appUserId)).toBe(5);
  });

  test('a submit whose answer is lost, then a reload and a second submit, issue one card', async ({
    page,
    request,
  }) => {
    const appUserId = await seedUser(request, { firstName: 'Lost', lastName: 'Answer' });
    creditUserWallet(appUserId, '10.00');
    const issueId = issueCardActionId();
    await userPaidVirtualToReview(page, appUserId);

    // The server issues the card, but its answer never reaches the page.
    let sent = 0;
    await page.route('**/cards/issue*', async (route) => {
      if (route.request().method() !== 'POST' || route.request().headers()['next-action'] !== issueId) {
        return route.continue();
      }
      sent++;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Issue card' }).click();
    const failure = page.getByTestId('issue-failure');
    await expect(failure).toContainText('No answer about the card');
    await expect(failure).toContainText('Issuing again is safe');
    expect(sent).toBe(1);
    expect(await userCards(request, appUserId)).toHaveLength(1);
    await page.unroute('**/cards/issue*');

    // After a reload the wizard is where it was, with the same requestId: issuing again returns
    // the card already issued.
    await page.reload();
    await expect(stepHeading(page, 'Check and issue')).toBeVisible();
    await expect(definition(page, 'review-embossed-name')).toHaveText('LOST ANSWER');
    await page.getByRole('button', { name: 'Issue card' }).click();
    await expect(stepHeading(page, 'Card issued to Lost Answer')).toBeVisible();
    const cards = await userCards(request, appUserId);
    expect(cards).toHaveLength(1);
    await expect(definition(page, 'result-card-id')).toHaveText(String(cards[0]?.cardId));
    expect(await walletBalance(request, appUserId)).toBe(5);
    expect(await page.content()).not.toContain(cards[0]?.cardNumber);
  });

  test('stops a payer that cannot pay, and lets an operator fund the wallet from the step', async ({
    page,
    request,
  }) => {
    const appUserId = await seedUser(request, { firstName: 'Short', lastName: 'Balance' });
    creditUserWallet(appUserId, '4.99');
    await page.goto(`/cards/issue?appUserId=${appUserId}`);
    await next(page, 'Who pays for the card?');
    await page.getByRole('radio', { name: 'The user' }).check();
    await page.getByRole('radio', { name: 'Wallet (USD)' }).check();
    await next(page, 'Which card?');
    await expect(page.getByTestId('category-1')).toContainText(
      'Not covered: the balance of $4.99 is $0.01 short of the $5.00 fee',
    );
    await page.getByRole('radio', { name: 'Virtual Visa Classic' }).check();
    // The wizard does not go on to a refusal: it says why here, and what can be done.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(stepHeading(page, 'Which card?')).toBeVisible();
    await expect(
      page.getByText(
        "The balance of $4.99 is $0.01 short of the $5.00 fee. Choose a cheaper card type, or fund the user's wallet first.",
      ),
    ).toBeVisible();
    await expect(page.getByText("The user's wallet cannot pay this fee yet.")).toBeVisible();
    await expectAccessible(page, 'a payer short of the fee');
    expect(await userCards(request, appUserId)).toHaveLength(0);

    // Funded by a cent from the agency, in the wizard; the choice is kept and covered now.
    await page.getByRole('button', { name: 'Fund wallet' }).click();
    const fund = page.getByRole('dialog', { name: "Fund the user's wallet" });
    await fund.getByLabel('Amount (USD)').fill('0.01');
    await fund.getByRole('button', { name: 'Fund wallet' }).click();
    await expect(fund).toHaveCount(0);
    await expect(page.getByTestId('category-1')).toContainText('Covered: $0.00 left after the fee');
    await expect(page.getByRole('radio', { name: 'Virtual Visa Classic' })).toBeChecked();
    await next(page, 'What name goes on the card?');
    await next(page, 'Check and issue');
    await expect(definition(page, 'review-balance-before')).toHaveText('$5.00');
    await page.getByRole('button', { name: 'Issue card' }).click();
    await expect(stepHeading(page, 'Card issued to Short Balance')).toBeVisible();
    expect(await userCards(request, appUserId)).toHaveLength(1);
    expect(await walletBalance(request, appUserId)).toBe(0);
  });

  test('checks the embossed name as it is typed', async ({ page, request }) => {
    const appUserId = await seedUser(request, { firstName: 'Mary-Ann', lastName: "O'Brien-Smithers" });
    await page.goto(`/cards/issue?appUserId=${appUserId}`);
    await next(page, 'Who pays for the card?');
    await page.getByRole('radio', { name: 'The agency' }).check();
    await page.getByRole('radio', { name: 'Card margin (USD)' }).check();
    await next(page, 'Which card?');
    await page.getByRole('radio', { name: 'Virtual Visa Classic' }).check();
    await next(page, 'What name goes on the card?');

    const name = page.getByRole('textbox', { name: 'Name on the card' });
    // Apostrophes go and hyphens split words; at 24 characters the full name is too long, so the
    // first name's initial.
    await expect(name).toHaveValue('M OBRIEN SMITHERS');
    await expect(page.getByText('1–20 capital letters A–Z, with single spaces between words')).toBeVisible();
    const rule = 'Name on the card must be 1-20 upper-case letters A-Z with single spaces between words';
    const cases: [string, string][] = [
      ['mary', `${rule}: it has lower-case letters; type the name in capitals.`],
      ['MARY  ANN', `${rule}: it has two spaces in a row.`],
      ["MARY O'BRIEN", `${rule}: it contains "'", which cannot be embossed.`],
      ['MARY ANN OBRIEN SMITH', `${rule}: it has 21 characters.`],
      ['', 'Enter the name on the card.'],
    ];
    for (const [typed, message] of cases) {
      await name.fill(typed);
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(name).toHaveAttribute('aria-invalid', 'true');
    }
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(stepHeading(page, 'What name goes on the card?')).toBeVisible();
    await expect(name).toBeFocused();

    await name.pressSequentially('MARY OBRIEN');
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(rule)).toHaveCount(0);
    await expect(page.getByText('11 of 20 characters')).toBeVisible();
    await page.getByRole('button', { name: 'Use the suggestion' }).click();
    await expect(name).toHaveValue('M OBRIEN SMITHERS');
    await next(page, 'Check and issue');
    await expect(definition(page, 'review-embossed-name')).toHaveText('M OBRIEN SMITHERS');
  });
});

// ------------------------------------------------------------------------------------ support

test.describe('a support agent', () => {
  test.use({ role: 'support' });

  test('cannot open the wizard, and the issue action refuses them', async ({ page, request, baseURL }) => {
    const appUserId = await seedUser(request, { firstName: 'Not', lastName: 'Issued' });
    await page.goto(`/cards/issue?appUserId=${appUserId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Issue a card' })).toBeVisible();
    await expect(page.getByText('You do not have access to this page')).toBeVisible();
    await expect(
      page.getByText('Your role does not include issuing cards. Ask an administrator if you need it.'),
    ).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'User' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Issue card' })).toHaveCount(0);
    await expectAccessible(page, 'access denied');

    // Called directly, as the browser would, with a well-formed issue: refused, nothing issued.
    const agency = await agencyAsset(request);
    const response = await page.request.post('/cards/issue', {
      headers: {
        'Next-Action': issueCardActionId(),
        'Content-Type': 'text/plain;charset=UTF-8',
        Accept: 'text/x-component',
        Origin: baseURL ?? '',
      },
      data: JSON.stringify([
        {
          requestId: `support-${appUserId}`,
          appUserId,
          payer: 'agency',
          paymentAssetId: agency.assetId,
          categoryId: 1,
          needDelivery: false,
          embossedName: 'NOT ISSUED',
        },
      ]),
    });
    expect(response.headers()['content-type']).toContain('text/x-component');
    expect(await response.text()).toContain('Your role (support) does not allow this.');
    expect(await userCards(request, appUserId)).toHaveLength(0);
  });
});
