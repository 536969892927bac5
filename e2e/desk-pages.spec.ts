// The desk's pages of round 4 (issues 29 and 30): replacing a card on a page of its own with
// JavaScript off (a refusal comes back said, with the reason and note as chosen and typed), and
// the sandbox's deposit simulation, its person found by name; each new page at 390 px, axe clean, its content in the HTML.
// Seeds its own users and cards.
import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/a11y';
import { agencyMarginAsset, callWallet, seedCard, seedUser, userWalletAsset } from './support/wallet-api';

test.describe.configure({ timeout: 180_000 });

/** A surname of its own for the test, in letters (a name may hold no digits): found by name alone. */
function uniqueLetters(stem: string): string {
  return stem + Array.from(randomBytes(6), (b) => String.fromCharCode(97 + (b % 26))).join('');
}

test.describe('an operator', () => {
  test.use({ role: 'operator' });

  test('replaces a card from its own page without JavaScript', async ({
    page: scripted,
    browser,
    storageStates,
    baseURL,
  }) => {
    const appUserId = await seedUser(scripted.request, { firstName: 'Rhea', lastName: 'Place' });
    const { cardId } = await seedCard(scripted.request, appUserId);
    const cardPath = `/users/${appUserId}/cards/${cardId}`;
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: storageStates.operator,
      baseURL,
    });
    const page = await context.newPage();

    // The button is a link to the replace page; no reason: said beside the field, the note kept.
    await page.goto(cardPath);
    await page.getByRole('button', { name: 'Replace card' }).click();
    await expect(page).toHaveURL(`${cardPath}/replace`);
    await expect(page.getByRole('heading', { level: 1, name: 'Replace the card' })).toBeVisible();
    await page.getByLabel('Note').fill('Left on the night bus');
    await page.getByRole('button', { name: 'Replace card' }).click();
    await expect(page.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Choose a reason.')).toBeVisible();
    await expect(page.getByLabel('Note')).toHaveValue('Left on the night bus');

    // Chosen: the new card's page, the old card cancelled.
    await page.getByLabel('Reason').selectOption({ label: 'Lost' });
    await page.getByRole('button', { name: 'Replace card' }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${appUserId}/cards/(\\d+)$`));
    const newCardId = Number(/\/cards\/(\d+)$/.exec(page.url())![1]);
    expect(newCardId).not.toBe(cardId);
    await expect(page.getByTestId('card-status')).toHaveText('Active');
    const old = await callWallet(scripted.request, 'cardDetail', { appUserId, cardId });
    expect(old.data?.status).toBe('CANCELLED');

    // A card cancelled while the page was open: refused, the wallet's reason said, the reason and
    // note kept, and the button off; opened afresh, the page only says it cannot be done.
    const { cardId: second } = await seedCard(scripted.request, appUserId);
    await page.goto(`/users/${appUserId}/cards/${second}/replace`);
    const cancelled = await callWallet(scripted.request, 'cardCancel', {
      appUserId,
      cardId: second,
      reason: 'OTHER',
      requestId: `e2e-cancel-${second}-${Date.now()}`,
    });
    expect(cancelled.code).toBe(0);
    await page.getByLabel('Reason').selectOption({ label: 'Stolen' });
    await page.getByLabel('Note').fill('Taken from a coat at the gym');
    await page.getByRole('button', { name: 'Replace card' }).click();
    await expect(page).toHaveURL(`/users/${appUserId}/cards/${second}/replace`);
    await expect(page.getByRole('alert')).toContainText('Nothing was changed');
    await expect(page.getByLabel('Reason')).toHaveValue('STOLEN');
    await expect(page.getByLabel('Note')).toHaveValue('Taken from a coat at the gym');
    await expect(page.getByRole('button', { name: 'Replace card' })).toBeDisabled();
    await page.goto(`/users/${appUserId}/cards/${second}/replace`);
    await expect(page.getByText('The card is cancelled: it cannot be replaced.')).toBeVisible();
    await expect(page.getByLabel('Note')).toHaveCount(0);
    const cards = await callWallet(scripted.request, 'userCardList', { appUserId });
    expect(cards.data).toHaveLength(3);
    await context.close();
  });

  test('the replace page fits a 390 px phone and passes axe', async ({ page }) => {
    const appUserId = await seedUser(page.request, { firstName: 'Pia', lastName: 'Phone' });
    const { cardId } = await seedCard(page.request, appUserId);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/users/${appUserId}/cards/${cardId}/replace`);
    await expect(page.getByRole('heading', { level: 1, name: 'Replace the card' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'the replace page at 390 px');
  });

  test('simulates a deposit, confirms it and sees it credited; /sandbox/deposits at 390 px passes axe', async ({
    page,
  }) => {
    const lastName = uniqueLetters('Posit');
    const appUserId = await seedUser(page.request, { firstName: 'Dora', lastName });
    // The person is found by name and chosen by a link, not typed as an ID.
    await page.goto('/sandbox/deposits');
    const find = page.getByRole('search', { name: 'Find a person' });
    await find.getByLabel('Person', { exact: true }).pressSequentially(`Dora ${lastName}`);
    await find.getByRole('button', { name: 'Find' }).click();
    await page
      .getByRole('list', { name: 'People found' })
      .getByRole('link', { name: `Dora ${lastName}` })
      .click();
    await expect(page).toHaveURL(`/sandbox/deposits?appUserId=${appUserId}`);
    const form = page.getByRole('form', { name: 'Simulate a deposit' });
    await expect(form.getByTestId('sandbox-person')).toHaveText(`Dora ${lastName} Choose another person`);
    await form.getByLabel('Amount (USDT)').fill('seventy');
    await form.getByRole('button', { name: 'Simulate the deposit' }).click();
    await expect(form.getByLabel('Amount (USDT)')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Amount (USDT)').fill('75.50');
    await form.getByLabel('Chain').selectOption('TRON');
    await form.getByLabel('Confirmations so far').fill('3');
    await form.getByRole('button', { name: 'Simulate the deposit' }).click();
    await expect(page.getByTestId('simulated-deposit')).toContainText('75.50 USDT on Tron, confirming');
    const depositId = Number(
      /Deposit (\d+)/.exec((await page.getByTestId('simulated-deposit').textContent())!)![1],
    );

    // Confirmed to the chain's 19: screened, credited to the wallet.
    await page.reload();
    const confirm = page.getByRole('form', { name: `Confirm deposit ${depositId}` });
    await expect(confirm.getByRole('textbox')).toHaveValue('19');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    // Screened and credited: the row says so, and it can no longer be confirmed.
    await expect(page.getByTestId(`deposit-${depositId}`)).toContainText('Credited');
    await expect(page.getByTestId(`deposit-${depositId}`)).toContainText('19 of 19 confirmations');
    await expect(confirm).toHaveCount(0);
    const asset = await userWalletAsset(page.request, appUserId);
    expect(asset.balance).toBe(75.5);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/sandbox/deposits');
    await expect(page.getByRole('heading', { level: 1, name: 'Sandbox deposits' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, '/sandbox/deposits at 390 px');
  });
});

test.describe('an operator without JavaScript', () => {
  test.use({ role: 'operator' });

  test('simulates a deposit on /sandbox/deposits: a refusal keeps what was typed', async ({
    page: scripted,
    browser,
    storageStates,
    baseURL,
  }) => {
    const appUserId = await seedUser(scripted.request, { firstName: 'Noel', lastName: 'Deposit' });
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: storageStates.operator,
      baseURL,
    });
    const page = await context.newPage();
    await page.goto(`/sandbox/deposits?appUserId=${appUserId}`);
    const form = page.getByRole('form', { name: 'Simulate a deposit' });
    await form.getByLabel('Amount (USDT)').fill('12.50');
    await form.getByLabel('Sender address').fill('0x123');
    await form.getByRole('button', { name: 'Simulate the deposit' }).click();
    await expect(form.getByLabel('Sender address')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Amount (USDT)')).toHaveValue('12.50');
    await expect(form.locator('[name=appUserId]')).toHaveValue(appUserId);
    await expect(form.getByTestId('sandbox-person')).toContainText('Noel Deposit');
    // Confirmations left empty: the chain's 12, so it is screened and credited at once.
    await expect(form.getByLabel('Confirmations so far')).toHaveValue('');
    await form.getByLabel('Sender address').fill('');
    await form.getByRole('button', { name: 'Simulate the deposit' }).click();
    await expect(page.getByTestId('simulated-deposit')).toContainText('12.50 USDT on Ethereum, credited');
    expect((await userWalletAsset(scripted.request, appUserId)).balance).toBe(12.5);
    await context.close();
  });
});

test.describe('support', () => {
  test.use({ role: 'support' });

  test('has no sandbox and cannot replace a card', async ({ page }) => {
    const appUserId = await seedUser(page.request, { firstName: 'Sam', lastName: 'Port' });
    const { cardId } = await seedCard(page.request, appUserId);
    await page.goto('/sandbox/deposits');
    await expect(page.getByRole('form', { name: 'Simulate a deposit' })).toHaveCount(0);
    await page.goto(`/users/${appUserId}/cards/${cardId}/replace`);
    await expect(page.getByRole('form', { name: 'Replace the card' })).toHaveCount(0);
  });
});

test.describe('an operator issuing a card that waits for approval', () => {
  test.use({ role: 'operator' });

  test('is asked the reason on the review; the checker reads it', async ({
    page,
    browser,
    storageStates,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const admin = await browser.newContext({ storageState: storageStates.admin, baseURL });
    const adminPage = await admin.newPage();
    const setIssueApproval = async (on: boolean) => {
      await adminPage.goto('/settings');
      const toggle = adminPage.getByRole('checkbox', { name: /a card issuance paid by the agency/ });
      if (on) await toggle.check();
      else await toggle.uncheck();
      // Only the dearest category (50.00) waits: no other spec issues it through the wizard.
      await adminPage.getByLabel('From this fee (in the fee’s currency)').fill('50.00');
      await adminPage.getByRole('button', { name: 'Save settings' }).click();
      await expect(adminPage.getByText('Settings saved')).toBeVisible();
    };
    await setIssueApproval(true);
    try {
      const appUserId = await seedUser(page.request, { firstName: 'Wanda', lastName: 'Waits' });
      const added = await callWallet(page.request, 'addAddress', {
        appUserId,
        country: 'US',
        city: 'Austin',
        street: '9 Congress Ave',
        firstName: 'Wanda',
        lastName: 'Waits',
        mobile: '1-5125550100',
      });
      expect(added.code).toBe(0);
      await page.goto(`/cards/issue?appUserId=${encodeURIComponent(appUserId)}`);
      await expect(page.getByTestId('issue-user')).toContainText(appUserId);
      const nextStep = async (heading: string) => {
        await page.getByRole('button', { name: 'Next' }).click();
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      };
      await nextStep('Who pays for the card?');
      await page.getByRole('radio', { name: 'The agency' }).check();
      const margin = await agencyMarginAsset(page.request);
      await page.getByRole('radio', { name: margin.assetName }).check();
      await nextStep('Which card?');
      await page.getByRole('radio', { name: 'Physical Mastercard World Elite' }).check();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('radio', { name: /9 Congress Ave/ }).check();
      await nextStep('What name goes on the card?');
      await nextStep('Check and issue');

      // It will wait: said, the reason asked; sent without one, refused beside the field.
      await expect(page.getByTestId('issue-waits')).toContainText('This will wait for approval');
      const reason = page.getByLabel('Reason for the approver');
      await page.getByRole('button', { name: 'Send for approval' }).click();
      await expect(reason).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('This waits for a second person: say why it is needed')).toBeVisible();
      await reason.fill('VIP client, agreed with the branch manager');
      await page.getByRole('button', { name: 'Send for approval' }).click();
      await expect(page.getByText('Sent for approval')).toBeVisible();
      expect((await callWallet(page.request, 'userCardList', { appUserId })).data).toEqual([]);
      const requestLink = page.getByRole('link', { name: /Open request \d+/ });
      const href = (await requestLink.getAttribute('href'))!;

      // The checker reads why.
      await adminPage.goto(href);
      await expect(adminPage.getByTestId('approval-reason')).toHaveText(
        'VIP client, agreed with the branch manager',
      );
    } finally {
      await setIssueApproval(false);
      await admin.close();
    }
  });
});
