// The desk's pages of round 4 (issues 29 and 30): replacing a card on a page of its own with
// JavaScript off (a refusal comes back said, with the reason and note as chosen and typed), and
// the sandbox's deposit simulation; each new page at 390 px, axe clean, its content in the HTML.
// Seeds its own users and cards.
import { expect, test } from './fixtures';
import { expectAccessible } from './support/a11y';
import { callWallet, seedCard, seedUser, userWalletAsset } from './support/wallet-api';

test.describe.configure({ timeout: 180_000 });

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

    // A card cancelled while the page was open: refused, and the page says why it cannot be done.
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
    await page.getByRole('button', { name: 'Replace card' }).click();
    await expect(page).toHaveURL(`/users/${appUserId}/cards/${second}/replace`);
    await expect(page.getByText('The card is cancelled: it cannot be replaced.')).toBeVisible();
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

  test('simulates a deposit, confirms it and sees it credited; /sandbox at 390 px passes axe', async ({
    page,
  }) => {
    const appUserId = await seedUser(page.request, { firstName: 'Dora', lastName: 'Posit' });
    await page.goto(`/sandbox?appUserId=${appUserId}`);
    const form = page.getByRole('form', { name: 'Simulate a deposit' });
    await expect(form.getByLabel('App user ID')).toHaveValue(appUserId);
    await form.getByLabel('Amount (USDT)').fill('seventy');
    await form.getByRole('button', { name: 'Simulate the deposit' }).click();
    await expect(form.getByLabel('Amount (USDT)')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Amount (USDT)').fill('75.50');
    await form.getByLabel('Chain').selectOption('TRON');
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
    await page.goto('/sandbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Sandbox' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, '/sandbox at 390 px');
  });
});

test.describe('support', () => {
  test.use({ role: 'support' });

  test('has no sandbox and cannot replace a card', async ({ page }) => {
    const appUserId = await seedUser(page.request, { firstName: 'Sam', lastName: 'Port' });
    const { cardId } = await seedCard(page.request, appUserId);
    await page.goto('/sandbox');
    await expect(page.getByRole('form', { name: 'Simulate a deposit' })).toHaveCount(0);
    await page.goto(`/users/${appUserId}/cards/${cardId}/replace`);
    await expect(page.getByRole('form', { name: 'Replace the card' })).toHaveCount(0);
  });
});
