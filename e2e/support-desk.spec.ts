// The support desk's second pass (issues 30 and 40), per person, in Chromium: the lost-card call
// from "Grace Hopper" (support finds her by her full name, verifies her, locks the card as lost with
// a note; the locked card then shows support its next step, and support asks an operator to replace
// it, with a note, from a browser without JavaScript; the operator finds the request on /approvals,
// sees who locked the card, is told it was reported lost, replaces it (the new card holds the
// balance) and marks the request done with a comment, which support reads on the card); the full-name and mixed searches, with the count and the list of
// all results; an amount typed with a thousands separator. Each test seeds its own users and
// cards through the signed API, with a surname of its own so other tests' users never match.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/a11y';
import {
  agencyMarginAsset,
  callWallet,
  cardNumberEndingIn,
  seedCard,
  seedUser,
  userWalletAsset,
} from './support/wallet-api';

/** Letters only (names take no digits), unique per call. */
const letters = () => Array.from(randomBytes(6), (b) => String.fromCharCode(97 + (b % 26))).join('');

async function fundCard(page: Page, cardAssetId: number, amount: string) {
  const moved = await callWallet(page.request, 'assetTransfer', {
    fromAssetId: (await agencyMarginAsset(page.request)).assetId,
    toAssetId: cardAssetId,
    amount,
  });
  expect(moved.code).toBe(0);
}

test.describe('the lost-card call', () => {
  test.use({ role: 'support' });

  test('Grace Hopper lost her card: support finds and verifies her, locks it; an operator replaces it and the balance is on the new card', async ({
    page,
    browser,
    storageStates,
    extraHTTPHeaders,
    baseURL,
  }) => {
    const surname = `Hopper${letters()}`;
    const appUserId = await seedUser(page.request, {
      firstName: 'Grace',
      lastName: surname,
      birthday: '1906-12-09',
      documentExpiryDate: '2031-12-31',
      documentNo: 'P12345678',
    });
    const { cardId, cardAssetId } = await seedCard(page.request, appUserId, {
      cardNumber: cardNumberEndingIn('1906'),
    });
    await fundCard(page, cardAssetId, '1500.00');

    // Support: the full name, surname first, from the search box; one match, so Enter opens her.
    await page.goto('/');
    const box = page.getByTestId('global-search');
    await box.fill(`${surname.toLowerCase()} grace`);
    await expect(page.getByRole('option').filter({ hasText: `Grace ${surname}` })).toBeVisible();
    await expect(page.getByTestId('global-search-results')).toContainText('1 user matches');
    await box.press('Enter');
    await expect(page).toHaveURL(`/users/${appUserId}`);

    // What to verify the caller against.
    const profile = page.getByRole('region', { name: 'Profile' });
    await expect(profile.getByTestId('date-of-birth')).toContainText('9 Dec 1906');
    await expect(profile.getByTestId('document-number')).toContainText('••••5678');
    await expect(profile.getByTestId('document-expiry')).toContainText('31 Dec 2031');
    await expect(profile.getByTestId('verification-state')).toContainText('Verified');

    // Lock the card as lost, with a note.
    await page.goto(`/users/${appUserId}/cards/${cardId}`);
    await expect(page.getByRole('button', { name: 'Replace card' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Lock card' }).click();
    const lock = page.getByRole('dialog', { name: 'Lock this card' });
    await lock.getByLabel('Reason').selectOption({ label: 'Lost' });
    await lock.getByLabel('Note').fill('Lost on the bus this morning');
    await lock.getByRole('button', { name: 'Lock card' }).click();
    await expect(lock).toHaveCount(0);
    await expect(page.getByTestId('card-status')).toHaveText('Locked');
    const latest = page.getByTestId('card-history').locator('li').first();
    await expect(latest.getByTestId('card-history-who')).toHaveText('· by Sam Support (support)');
    await expect(latest.getByTestId('card-history-note')).toHaveText('“Lost on the bus this morning”');

    // The next step: what an operator can do, and support asks for it, here without JavaScript.
    const steps = page.getByTestId('card-next-steps');
    await expect(steps).toContainText('This card is locked (lost): it cannot be used.');
    await expect(steps).toContainText('Replace it');
    await expect(steps).toContainText('Unlock it');
    await expectAccessible(page, 'a locked card with its next steps');
    const noScript = await browser.newContext({
      baseURL,
      storageState: storageStates.support,
      extraHTTPHeaders,
      javaScriptEnabled: false,
    });
    const desk = await noScript.newPage();
    await desk.goto(`/users/${appUserId}/cards/${cardId}`);
    const ask = desk.getByRole('form', { name: 'Ask an operator' });
    await ask.getByLabel('Ask for').selectOption({ label: 'Replace the card' });
    await ask.getByLabel('Note for the operator').pressSequentially('She wants a new card today');
    await ask.getByRole('button', { name: 'Ask an operator' }).click();
    await expect(desk.getByText(/Request \d+ waits for an operator or admin/)).toBeVisible();
    await noScript.close();

    // The operator takes the call over, from the queue on /approvals.
    const operator = await browser.newContext({
      baseURL,
      storageState: storageStates.operator,
      extraHTTPHeaders,
    });
    const op = await operator.newPage();
    await op.goto('/approvals');
    const queue = op.getByTestId('staff-requests');
    await expect(queue).toContainText('She wants a new card today');
    await queue.getByRole('link', { name: new RegExp(`^Replace Grace ${surname}'s .+ ••1906$`) }).click();
    await expect(op).toHaveURL(`/users/${appUserId}/cards/${cardId}`);
    await expect(op.getByTestId('card-history').locator('li').first()).toContainText('by Sam Support');
    await op.getByRole('button', { name: 'Unlock card' }).click();
    const unlock = op.getByRole('dialog', { name: 'Unlock this card' });
    await expect(unlock).toContainText(/It was reported lost on \d{4}-\d{2}-\d{2} by Sam Support\./);
    await unlock.getByRole('button', { name: 'Keep as it is' }).click();
    await expect(unlock).toHaveCount(0);

    await op.getByRole('button', { name: 'Replace card' }).click();
    const replace = op.getByRole('dialog', { name: 'Replace card •••• 1906' });
    await expect(replace).toContainText('($1,500.00)');
    await expect(replace.getByLabel('Reason')).toHaveValue('LOST');
    await replace.getByLabel('Note').fill('New virtual card while she waits');
    await replace.getByRole('button', { name: 'Replace card' }).click();
    await expect(op).not.toHaveURL(`/users/${appUserId}/cards/${cardId}`);
    await expect(op).toHaveURL(new RegExp(`/users/${appUserId}/cards/\\d+$`));
    const newCardId = Number(op.url().split('/').pop());
    expect(newCardId).not.toBe(cardId);
    await expect(op.getByTestId('card-status')).toHaveText('Active');
    await expect(op.getByTestId('card-balance')).toHaveText('$1,500.00');

    const old = await callWallet(op.request, 'cardDetail', { appUserId, cardId });
    expect(old.data?.status).toBe('CANCELLED');
    expect(old.data?.balance).toBe(0);
    expect(old.data?.history.at(-1)).toMatchObject({ toStatus: 'CANCELLED', reason: 'LOST' });
    await op.goto(`/users/${appUserId}/cards/${cardId}`);
    await expect(
      op.getByTestId('card-history').locator('li').first().getByTestId('card-history-who'),
    ).toHaveText('· by Olga Operator (operator)');

    // Replaced: the operator marks support's request done, with a comment support reads.
    const request = op.getByTestId('card-next-steps').locator('li[data-testid^="staff-request-"]');
    await request.getByLabel('Comment (optional)').pressSequentially('Replaced with a virtual card');
    await request.getByRole('button', { name: 'Mark done' }).click();
    await expect(request.getByTestId('staff-request-status')).toHaveText('Done');
    await operator.close();
    await page.reload();
    await expect(page.getByTestId('staff-request-outcome')).toContainText('Done by Olga Operator, ');
    await expect(page.getByTestId('staff-request-outcome')).toContainText(': Replaced with a virtual card');
  });
});

test.describe('searching', () => {
  test.use({ role: 'support' });

  test('a full name in either order, a mix of keys, and the count with a link to all results', async ({
    page,
  }) => {
    const surname = `Lovelace${letters()}`;
    const ada = await seedUser(page.request, {
      firstName: 'Ada',
      lastName: surname,
      mobile: '44-7700900456',
    });
    const { cardId } = await seedCard(page.request, ada, { cardNumber: cardNumberEndingIn('1815') });
    const others: string[] = [];
    for (let i = 0; i < 9; i++)
      others.push(await seedUser(page.request, { firstName: 'Adeline', lastName: surname }));

    const box = page.getByTestId('global-search');
    const results = page.getByTestId('global-search-results');
    await page.goto('/');

    // A mix: the surname and the card's last four; one match, Enter opens her.
    await box.fill(`${surname} 1815`);
    await expect(results).toContainText('1 user matches');
    await box.press('Enter');
    await expect(page).toHaveURL(`/users/${ada}`);

    // Her first name and the mobile's digits, in the header's box.
    await box.fill(`ada 7700900456`);
    await expect(page.getByRole('option').filter({ hasText: `Ada ${surname}` })).toBeVisible();

    // The surname alone: ten match, eight listed, the card holder first; Enter opens them all.
    await box.fill(surname.toUpperCase());
    await expect(results).toContainText('10 users match; the first 8 shown.');
    const options = page.getByRole('option');
    await expect(options).toHaveCount(9);
    await expect(options.first()).toContainText(`Ada ${surname}`);
    await expect(page.getByTestId('global-search-all')).toHaveText('See all results: 10 users match');
    await box.press('Enter');
    await expect(page).toHaveURL(`/search?q=${surname.toUpperCase()}`);
    await expect(page.getByTestId('search-results-count')).toContainText('10 users match');
    await expect(page.locator('tbody tr')).toHaveCount(10);
    for (const id of [ada, ...others]) await expect(page.getByTestId(`user-row-${id}`)).toBeVisible();

    // The full name, first name first, on /users?q= too.
    await page.goto(`/users?q=${encodeURIComponent(`Ada ${surname}`)}`);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.getByTestId(`user-row-${ada}`)).toBeVisible();
    expect(cardId).toBeGreaterThan(0);
  });
});

test.describe('amounts', () => {
  test.use({ role: 'operator' });

  test('a top-up typed with a thousands separator and a currency sign', async ({ page }) => {
    const appUserId = await seedUser(page.request);
    const { cardId } = await seedCard(page.request, appUserId);
    const wallet = await userWalletAsset(page.request, appUserId);
    expect(
      (
        await callWallet(page.request, 'assetTransfer', {
          fromAssetId: (await agencyMarginAsset(page.request)).assetId,
          toAssetId: wallet.assetId,
          amount: '2000.00',
        })
      ).code,
    ).toBe(0);

    await page.goto(`/users/${appUserId}/cards/${cardId}`);
    await page.getByRole('button', { name: 'Top up' }).click();
    const topUp = page.getByRole('dialog', { name: 'Top up the card' });
    const amount = topUp.getByLabel('Amount (USD)');
    await amount.fill('1.500,00');
    await topUp.getByRole('button', { name: 'Top up' }).click();
    await expect(topUp.getByText('Put commas only between thousands, e.g. 1,500.00.')).toBeVisible();
    await amount.fill('$1,500.00');
    await topUp.getByRole('button', { name: 'Top up' }).click();
    await expect(topUp).toHaveCount(0);
    await expect(page.getByTestId('card-balance')).toHaveText('$1,500.00');
    expect((await userWalletAsset(page.request, appUserId)).balance).toBe(500);
  });
});
