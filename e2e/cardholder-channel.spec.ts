// The cardholder's channel in the back-office (docs/back-office.md "Sandbox", "The cardholder's card
// details"): /sandbox/cardholder's "Open as the cardholder" shows a card's whole number, expiry and
// CVV inside the wallet's own page, embedded in an iframe as an agency's app would; and nothing the
// back-office itself sends for that card (HTML, RSC payloads, JSON, CSV: the card's page, /cards,
// the user's page, /search, the sandbox page and its action's answer) carries the number. The card
// page then lists that open among its recent detail views.
import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { callWallet, cardNumberEndingIn, seedCard, seedUser, uniqueId } from './support/wallet-api';
import { readableUserAgent } from '../lib/backoffice/cards/detail-views';

/** Pieces of `cardNumber` that would betray it: the whole, grouped in fours, or any 12-digit run. */
function leaksOf(text: string, cardNumber: string): string[] {
  const leaks: string[] = [];
  const grouped = cardNumber.replace(/(\d{4})(?=\d)/g, '$1 ');
  if (text.includes(grouped)) leaks.push('whole number in groups of four');
  for (let i = 0; i + 12 <= cardNumber.length; i++) {
    if (text.includes(cardNumber.slice(i, i + 12))) {
      leaks.push(`digits ${i + 1}-${i + 12}`);
      break;
    }
  }
  return leaks;
}

/** Every body the back-office sends the browser; the wallet's own details page is not the back-office's. */
function recordBackOffice(page: Page, cardNumber: string) {
  const leaks: string[] = [];
  const pending: Promise<void>[] = [];
  let count = 0;
  page.on('response', (response: Response) => {
    if (new URL(response.url()).pathname.startsWith('/wallet/card-details/')) return;
    pending.push(
      (async () => {
        const type = response.headers()['content-type'] ?? '';
        if (!/text\/html|json|x-component|csv|text\/plain/.test(type)) return;
        const body = await response.text().catch(() => '');
        count++;
        for (const leak of leaksOf(body, cardNumber)) leaks.push(`${leak} in ${response.url()} (${type})`);
      })(),
    );
  });
  return { leaks, count: () => count, done: async () => void (await Promise.all(pending)) };
}

test('Open as the cardholder shows the number, expiry and CVV in the iframe; the back-office carries none of it', async ({
  page,
  request,
}) => {
  const lastName = uniqueId('Holder').replace(/[^A-Za-z]/g, '');
  const appUserId = await seedUser(request, { firstName: 'Cora', lastName });
  const last4 = String(1000 + Math.floor(Math.random() * 9000));
  const cardNumber = cardNumberEndingIn(last4);
  const { cardId } = await seedCard(request, appUserId, { cardNumber });
  const detail = (await callWallet(request, 'cardDetail', { appUserId, cardId })).data!;
  const expiry = `${detail.expireMonth.padStart(2, '0')}/${detail.expireYear.slice(-2)}`;
  const recorder = recordBackOffice(page, cardNumber);

  // The card chosen by name, as on /sandbox.
  await page.goto('/sandbox/cardholder');
  await page.getByRole('searchbox', { name: 'Person' }).pressSequentially(`Cora ${lastName}`);
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('link', { name: new RegExp(`${last4}$`) }).click();
  await expect(page.getByTestId('sandbox-card')).toContainText(`Cora ${lastName}`);
  await page.getByRole('button', { name: 'Open as the cardholder' }).click();

  // The wallet's page, in the iframe: the number in groups of four, the expiry and the CVV.
  const frame = page.frameLocator('[data-testid="card-details-frame"]');
  await expect(frame.locator('#card-number')).toHaveText(cardNumber.replace(/(\d{4})(?=\d)/g, '$1 '), {
    timeout: 15_000,
  });
  await expect(frame.locator('#card-expiry')).toHaveText(expiry);
  await expect(frame.locator('#card-cvv')).toHaveText(/^\d{3}$/);
  await expect(page.getByTestId('card-details-frame')).toHaveAttribute('allow', 'clipboard-write');
  // The cardholder's own view beside it: their card, masked, and a freeze of their own.
  await expect(page.getByTestId('holder-cards')).toContainText(last4);
  await page.getByRole('button', { name: 'Freeze the card' }).click();
  await expect(page.getByTestId('holder-cards')).toContainText('Frozen by the cardholder');
  // Meanwhile, in another tab, the card's page says why it is locked, in words.
  const cardPath = `/users/${encodeURIComponent(appUserId)}/cards/${cardId}`;
  const other = await page.context().newPage();
  const otherRecorder = recordBackOffice(other, cardNumber);
  await other.goto(cardPath);
  await expect(other.getByTestId('card-next-steps')).toContainText(
    'This card is locked (frozen by the cardholder)',
  );
  await expect(other.getByTestId('card-history')).toContainText('Reason: Frozen by the cardholder');
  await otherRecorder.done();
  expect(otherRecorder.leaks).toEqual([]);
  await other.close();
  await page.getByRole('button', { name: 'Unfreeze the card' }).click();
  await expect(page.getByTestId('holder-cards')).toContainText('Active');

  // The back-office's pages for that card and its holder.
  // Three opens: "Open as the cardholder", then the freeze's and the unfreeze's fresh pages (the
  // last may still be loading in the iframe as the card page is asked for).
  const views = page.getByTestId('card-detail-views').getByRole('listitem');
  await expect
    .poll(async () => {
      await page.goto(cardPath);
      return views.count();
    })
    .toBe(3);
  await expect(page.getByTestId('card-details-who')).toContainText(
    'Only the cardholder sees the whole card number',
  );
  // The device in words, as the wallet saw this browser's agent; the address without "::ffff:".
  const device = readableUserAgent(await page.evaluate(() => navigator.userAgent));
  await expect(views.first()).toContainText(device);
  await expect(views.first()).toContainText(/from \d{1,3}(\.\d{1,3}){3}·/);
  await page.goto(`/users/${encodeURIComponent(appUserId)}`);
  // A client-side navigation: the card page's RSC payload.
  await page
    .getByRole('link', { name: new RegExp(last4) })
    .first()
    .click();
  await page.waitForURL(`**${cardPath}`);
  await page.goto(`/cards?q=${encodeURIComponent(appUserId)}`);
  await expect(page.getByText(last4).first()).toBeVisible();
  await page.goto(`/search?q=${encodeURIComponent(`Cora ${lastName}`)}`);
  await expect(page.getByRole('link', { name: `Cora ${lastName}` }).first()).toBeVisible();
  await page.goto(`/search?q=${last4}`);
  await expect(page.getByText(last4).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  for (const path of [
    `/cards/export?q=${encodeURIComponent(appUserId)}`,
    `/cards/data?q=${encodeURIComponent(appUserId)}`,
  ]) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(200);
    expect(leaksOf(await answer.text(), cardNumber), path).toEqual([]);
  }
  await recorder.done();
  expect(recorder.count()).toBeGreaterThan(8);
  expect(recorder.leaks).toEqual([]);
});
