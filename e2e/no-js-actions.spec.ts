// Without JavaScript, Lock, Unlock, Cancel, Fund and Top up work (issue 30, docs/back-office.md
// "Without JavaScript"): each button leads to a page of its own whose plain form the browser posts
// to a server action, answered with the card's or the user's page, or the form's page again
// saying what went wrong; a transfer that waits for approval asks for its reason there too. An
// operator, in a browser with JavaScript off (axe needs scripts: phone-and-no-js.spec.ts checks
// these pages with them); seeds its own user and card.
import { expect, test } from './fixtures';
import { seedCard, seedUser, userWalletAsset } from './support/wallet-api';

test.describe.configure({ timeout: 180_000 });

test.describe('an operator without JavaScript', () => {
  test.use({ role: 'operator' });

  test('locks, unlocks, funds, tops up and cancels a card, each from its own page', async ({
    page: scripted,
    browser,
    storageStates,
    baseURL,
  }) => {
    const appUserId = await seedUser(scripted.request, { firstName: 'Noah', lastName: 'Script' });
    const { cardId } = await seedCard(scripted.request, appUserId);
    const cardPath = `/users/${appUserId}/cards/${cardId}`;
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: storageStates.operator,
      baseURL,
    });
    const page = await context.newPage();
    const status = page.getByTestId('card-status');

    // Lock: the button is a link to the lock page; a missing reason comes back named.
    await page.goto(cardPath);
    await page.getByRole('button', { name: 'Lock card' }).click();
    await expect(page).toHaveURL(`${cardPath}/lock`);
    await expect(page.getByRole('heading', { level: 1, name: 'Lock this card' })).toBeVisible();
    await page.getByRole('button', { name: 'Lock card' }).click();
    await expect(page).toHaveURL(`${cardPath}/lock?problem=reason`);
    await expect(page.getByTestId('page-post-problem')).toContainText('Choose a reason.');
    await page.getByLabel('Reason').selectOption({ label: 'Lost' });
    // The dialog's note, on the page too: it reaches the card's history.
    await page.getByLabel('Note').pressSequentially('Left on the bus, caller says');
    await page.getByRole('button', { name: 'Lock card' }).click();
    await expect(page).toHaveURL(cardPath);
    await expect(status).toHaveText('Locked');
    const latest = page.getByTestId('card-history').locator('li').first();
    await expect(latest.getByTestId('card-history-note')).toHaveText('“Left on the bus, caller says”');

    // Unlock (a lost card's unlock needs no second person), with its own note.
    await page.getByRole('button', { name: 'Unlock card' }).click();
    await expect(page).toHaveURL(`${cardPath}/unlock`);
    await page.getByLabel('Note').pressSequentially('Found it in a coat');
    await page.getByRole('button', { name: 'Unlock card' }).click();
    await expect(page).toHaveURL(cardPath);
    await expect(status).toHaveText('Active');
    await expect(latest.getByTestId('card-history-note')).toHaveText('“Found it in a coat”');

    // Fund the wallet from the user's page; an amount that is not one comes back named.
    await page.goto(`/users/${appUserId}`);
    await page.getByRole('button', { name: 'Fund wallet' }).click();
    await expect(page).toHaveURL(`/users/${appUserId}/fund`);
    await page.getByLabel('Amount (USD)').fill('twelve');
    await page.getByRole('button', { name: 'Fund wallet' }).click();
    await expect(page.getByTestId('page-post-problem')).toContainText('Enter an amount the source can pay');
    await page.getByLabel('Amount (USD)').fill('30.00');
    await page.getByRole('button', { name: 'Fund wallet' }).click();
    await expect(page).toHaveURL(`/users/${appUserId}`);
    expect((await userWalletAsset(scripted.request, appUserId)).balance).toBe(30);

    // Over the approval amount without a reason: asked for one; with it, the request waits.
    await page.getByRole('button', { name: 'Fund wallet' }).click();
    await page.getByLabel('Amount (USD)').fill('1500.00');
    await page.getByRole('button', { name: 'Fund wallet' }).click();
    await expect(page.getByTestId('page-post-problem')).toContainText(
      'This waits for a second person: say why it is needed',
    );
    await page.getByLabel('Amount (USD)').fill('1500.00');
    await page.getByLabel('Reason for the approver').fill('Payroll, agreed by phone');
    await page.getByRole('button', { name: 'Fund wallet' }).click();
    await expect(page).toHaveURL(`/users/${appUserId}`);
    await expect(page.getByTestId('approval-notices')).toContainText('Waiting for approval');
    expect((await userWalletAsset(scripted.request, appUserId)).balance).toBe(30);

    // Top up the card from the user's wallet.
    await page.goto(cardPath);
    await page.getByRole('button', { name: 'Top up' }).click();
    await expect(page).toHaveURL(`${cardPath}/top-up`);
    await page.getByLabel('From').selectOption({ label: 'Wallet (USD): $30.00' });
    await page.getByLabel('Amount (USD)').fill('10');
    await page.getByRole('button', { name: 'Top up' }).click();
    await expect(page).toHaveURL(cardPath);
    await expect(page.getByTestId('card-balance')).toHaveText('$10.00');

    // Cancel: the balance goes back to the wallet.
    await page.getByRole('button', { name: 'Cancel card' }).click();
    await expect(page).toHaveURL(`${cardPath}/cancel`);
    await expect(page.getByText('Its balance of $10.00 goes back')).toBeVisible();
    await page.getByLabel('Reason').selectOption({ label: 'Damaged' });
    await page.getByRole('button', { name: 'Cancel card' }).click();
    await expect(page).toHaveURL(cardPath);
    await expect(status).toHaveText('Cancelled');
    expect((await userWalletAsset(scripted.request, appUserId)).balance).toBe(30);
    await context.close();
  });
});
