// The programme's card spending on the dashboard and the search by purchase id (issue 28,
// docs/back-office.md "Pages", docs/card-spending.md "Summary"). Other specs make purchases on the
// same programme in parallel, so the dashboard's figures are checked against the wallet's own
// authorization/summary read just before and just after the page (again when something was
// written in between), with the formats written out here; this test's own purchases must be among
// them, and /transactions filtered to this test's user shows exactly them. Also at 390 px and
// without JavaScript. The search box finds a purchase by its id and opens it on its card's page.
import type { APIRequestContext, Page } from '@playwright/test';
import type { AuthorizationSummary } from '../lib/wallet/contract/schemas';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/a11y';
import { pageWithoutScripts } from './support/forms';
import { agencyMarginAsset, callWallet, seedCard, seedUser } from './support/wallet-api';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayText = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}`;
};
const usd = (major: number) => {
  const cents = BigInt(Math.round(major * 100));
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
};
const count = (n: number) => n.toLocaleString('en-US');
const rate = (r: number | null) => (r === null ? '—' : `${(r * 100).toFixed(1)} %`);

function window30(): { from: string; to: string } {
  const to = new Date().toISOString().slice(0, 10);
  const start = new Date(`${to}T00:00:00.000Z`);
  start.setUTCDate(start.getUTCDate() - 29);
  return { from: start.toISOString().slice(0, 10), to };
}

/** A user with an ACTIVE card holding `amount`, topped up from the agency's asset. */
async function fundedCard(request: APIRequestContext, amount: string) {
  const appUserId = await seedUser(request);
  const card = await seedCard(request, appUserId);
  const topUp = await callWallet(request, 'assetTransfer', {
    fromAssetId: (await agencyMarginAsset(request)).assetId,
    toAssetId: card.cardAssetId,
    amount,
  });
  expect(topUp.code, topUp.msg).toBe(0);
  return { appUserId, ...card };
}

async function purchase(
  request: APIRequestContext,
  cardId: number,
  merchantName: string,
  amount: string,
  mcc = '5812',
) {
  const answer = await callWallet(request, 'simulateAuthorize', {
    cardId,
    merchantName,
    mcc,
    merchantCountry: 'US',
    amount,
  });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data!;
}

async function summary(
  request: APIRequestContext,
  params: Record<string, string>,
): Promise<AuthorizationSummary> {
  const answer = await callWallet(request, 'authorizationSummary', params);
  expect(answer.code, answer.msg).toBe(0);
  return answer.data!;
}

/** The spending section's figures as the page shows them. */
async function shownFigures(page: Page) {
  const section = page.getByTestId('programme-spending');
  return {
    count: await section.getByTestId('spending-count').innerText(),
    rate: await section.getByTestId('spending-rate').innerText(),
    approved: await section.getByTestId('spending-approved').innerText(),
    cleared: await section.getByTestId('spending-cleared').innerText(),
  };
}

function expectedFigures(s: AuthorizationSummary) {
  const join = (pick: (a: AuthorizationSummary['amounts'][number]) => number) =>
    s.amounts.length ? s.amounts.map((a) => usd(pick(a))).join(' · ') : '0';
  return {
    count: count(s.count),
    rate: rate(s.approvalRate),
    approved: join((a) => a.approvedAmount),
    cleared: join((a) => a.clearedAmount),
  };
}

test('the dashboard shows the last 30 days of card spending: counts, rate, amounts per day, top decline reasons', async ({
  page,
}) => {
  const request = page.request;
  const card = await fundedCard(request, '50.00');
  const coffee = await purchase(request, card.cardId, 'Dash Coffee', '12.50');
  const cleared = await callWallet(request, 'simulateClear', {
    authorizationId: coffee.authorizationId,
    amount: '13.00',
  });
  expect(cleared.code, cleared.msg).toBe(0);
  await purchase(request, card.cardId, 'Dash Books', '7.25');
  const tooDear = await purchase(request, card.cardId, 'Dash Jeweller', '900.00');
  expect(tooDear.declineReason).toBe('INSUFFICIENT_FUNDS');

  // This user's purchases: exactly what was seeded, on /transactions' headline too.
  expect(await summary(request, { appUserId: card.appUserId })).toMatchObject({
    count: 3,
    approvedCount: 2,
    declinedCount: 1,
    amounts: [
      { currency: 'USD', approvedAmount: 19.75, heldAmount: 7.25, clearedAmount: 13, refundedAmount: 0 },
    ],
  });
  await page.goto(`/transactions?appUserId=${card.appUserId}`);
  await expect(page.getByTestId('headline-count')).toHaveText('3');
  await expect(page.getByTestId('headline-approved')).toHaveText('$19.75');
  await expect(page.getByTestId('headline-rate')).toHaveText('66.7 % (2 approved)');

  // The programme's: what the wallet says just before and just after the page.
  const window = window30();
  let before: AuthorizationSummary | undefined;
  let after: AuthorizationSummary | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    before = await summary(request, window);
    await page.goto('/');
    await expect(page.getByTestId('programme-spending')).toBeVisible();
    after = await summary(request, window);
    if (JSON.stringify(before) === JSON.stringify(after)) break;
  }
  expect(after, 'the purchases of other tests kept changing the figures').toEqual(before);
  const s = after!;
  expect(s.count).toBeGreaterThanOrEqual(3);
  expect(await shownFigures(page)).toEqual(expectedFigures(s));
  const section = page.getByTestId('programme-spending');
  await expect(section.getByTestId('spending-chart-USD')).toBeVisible();
  await expect(section.getByTestId('spending-chart-USD')).toHaveAttribute('role', 'img');

  // Every day of the window in the folded table; today's row is the wallet's today.
  await section.getByText('USD purchases by day').click();
  const rows = section.getByTestId('spending-days-USD').locator('tbody tr');
  await expect(rows).toHaveCount(30);
  const today = s.days.find((d) => d.date === window.to)!;
  const todayUsd = today.amounts.find((a) => a.currency === 'USD')!;
  await expect(section.getByTestId(`spending-day-${window.to}`).locator('td')).toHaveText([
    dayText(window.to),
    count(today.count),
    usd(todayUsd.approvedAmount),
    usd(todayUsd.clearedAmount),
  ]);

  // The top decline reasons, in words, each a link to /transactions filtered to it.
  const reasons = section.getByTestId('decline-reasons').locator('tbody tr');
  await expect(reasons).toHaveCount(Math.min(5, s.declineReasons.length));
  const insufficient = section.getByTestId('decline-reason-INSUFFICIENT_FUNDS');
  await expect(insufficient.locator('td').nth(1)).toHaveText(
    count(s.declineReasons.find((r) => r.declineReason === 'INSUFFICIENT_FUNDS')!.count),
  );
  await expectAccessible(page, 'the dashboard with card spending');
  await insufficient.getByRole('link').click();
  await expect(page).toHaveURL(
    `/transactions?declineReason=INSUFFICIENT_FUNDS&from=${window.from}&to=${window.to}`,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
});

test('the card spending reads on a 390 px phone and without JavaScript', async ({
  page,
  browser,
  storageStates,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByTestId('programme-spending')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: 'the dashboard at 390 px',
    })
    .toBeLessThanOrEqual(390);

  const noJs = await pageWithoutScripts(browser, storageStates.operator, testInfo.project.use.baseURL);
  await noJs.goto('/');
  const plain = noJs.getByTestId('programme-spending');
  await expect(plain.getByTestId('spending-count')).toBeVisible();
  await expect(plain.getByTestId('spending-rate')).toBeVisible();
  await noJs.context().close();
});

test.describe('a support agent with a purchase id', () => {
  test.use({ role: 'support' });

  test('the search box finds the purchase by its id and opens it on its card', async ({ page }) => {
    const request = page.request;
    const card = await fundedCard(request, '40.00');
    // The box searches from two characters: a purchase id of two digits or more.
    let found = await purchase(request, card.cardId, 'Dash Bakery', '1.00');
    while (found.authorizationId < 10) found = await purchase(request, card.cardId, 'Dash Bakery', '1.00');
    const id = String(found.authorizationId);

    await page.goto('/');
    const box = page.getByTestId('global-search');
    await box.click();
    await box.fill(id);
    const option = page.getByTestId('global-search-purchase');
    await expect(option).toContainText('Dash Bakery · $1.00');
    await expect(option).toContainText(`Purchase ${id} · card ID ${card.cardId}`);
    await option.click();
    await expect(page).toHaveURL(
      `/users/${card.appUserId}/cards/${card.cardId}?purchase=${id}#purchase-${id}`,
    );
    const focus = page.getByTestId('purchase-focus');
    await expect(focus.getByRole('heading', { name: `Purchase ${id}` })).toBeVisible();
    await expect(focus.getByTestId('authorization')).toContainText('Dash Bakery');

    // The result page lists it too, without the box's script.
    await page.goto(`/search?q=${id}`);
    await expect(page.getByTestId('search-purchase')).toContainText(`Purchase ${id} · Dash Bakery · $1.00`);

    // An id no purchase has: nothing about a purchase.
    await page.goto('/search?q=999999999');
    await expect(page.getByTestId('search-purchase')).toHaveCount(0);
  });
});
