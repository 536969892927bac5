// The dashboard's money at a glance (/, docs/back-office.md "Routes"): for the agency's asset, what
// it spent over the last 7 and 30 days, per day, the days of runway at each rate, its 30-day
// balance chart with a table of the days, and the low-balance warning. Other specs spend from the
// same agency asset in parallel, so the figures are checked against the wallet's own asset/daily
// and balance read just before and just after the page (again when something was written in
// between), with the arithmetic written out here rather than taken from the code it checks; this
// test's own fee and transfer must be among today's spending. Also at 390 px and without
// JavaScript.
import type { APIRequestContext, Page } from '@playwright/test';
import type { AssetDaily } from '../lib/wallet/contract/schemas';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/a11y';
import { pageWithoutScripts } from './support/forms';
import { agencyMarginAsset, callWallet, seedCard, seedUser } from './support/wallet-api';

// ---------------------------------------------------------------- the expected figures

// The back-office's formats (lib/backoffice/shared/format.ts) written out: "$1,234.50", "24 Nov 2026".
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const usdCents = (cents: bigint) => {
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
};
const dayText = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}`;
};
/** A major-unit amount of USD as whole cents (the wallet writes at most 2 decimals). */
const cents = (major: number) => BigInt(Math.round(major * 100));

/** What the page must show for one window: spent, per day (rounded up), runway (floor). */
function expectedRow(daily: AssetDaily, window: number, balance: bigint): string[] {
  const spent = daily.days.slice(-window).reduce((sum, d) => sum + cents(d.spent), 0n);
  const perDay = (spent + BigInt(window) - 1n) / BigInt(window);
  const runway =
    perDay === 0n
      ? 'No spend'
      : `${(balance / perDay).toLocaleString('en-US')} ${balance / perDay === 1n ? 'day' : 'days'}`;
  return [`Last ${window} days`, usdCents(spent), usdCents(perDay), runway];
}

async function walletView(request: APIRequestContext, assetId: number) {
  const daily = await callWallet(request, 'assetDaily', { assetId, days: 30 });
  expect(daily.code, daily.msg).toBe(0);
  const { balance } = await agencyMarginAsset(request);
  return { daily: daily.data!, balance: cents(balance) };
}

async function shownRows(page: Page, assetId: number): Promise<string[][]> {
  return page
    .getByTestId(`asset-${assetId}`)
    .getByTestId('runway-table')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent?.trim() ?? '')),
    );
}

// ---------------------------------------------------------------- tests

test('the agency asset: spend per day over 7 and 30 days, runway, 30 days of balance, the threshold', async ({
  page,
  request,
}) => {
  const asset = await agencyMarginAsset(request);
  // This test's own spending today: a $5.00 card fee and a $12.34 transfer to a user.
  const appUserId = await seedUser(request, { firstName: 'Dana', lastName: 'Dashboard' });
  await seedCard(request, appUserId);
  const wallets = await callWallet(request, 'userAssetList', { appUserId });
  const wallet = wallets.data!.find((a) => a.type === 'WALLET')!;
  const moved = await callWallet(request, 'assetTransfer', {
    fromAssetId: asset.assetId,
    toAssetId: wallet.assetId,
    amount: '12.34',
  });
  expect(moved.code, moved.msg).toBe(0);

  await page.goto('/');
  const card = page.getByTestId(`asset-${asset.assetId}`);
  const spending = card.getByTestId('asset-spending');
  await expect(spending.getByRole('heading', { name: 'Spending and runway' })).toBeVisible();
  await expect(spending.getByRole('columnheader')).toHaveText([
    'Period',
    'Spent',
    'Per day',
    'Runway at that rate',
  ]);
  await expectAccessible(page, 'the dashboard with spending and runway');

  await expect(async () => {
    const before = await walletView(request, asset.assetId);
    await page.reload();
    const rows = await shownRows(page, asset.assetId);
    const balanceText = await card.getByTestId('asset-balance').textContent();
    const chart = await card.getByTestId('balance-chart').getAttribute('aria-label');
    const dayRows = await card
      .getByTestId('balance-days')
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent?.trim() ?? '')),
      );
    const alert = card.getByTestId('low-balance-alert');
    const alertText = (await alert.count()) > 0 ? await alert.textContent() : null;
    const after = await walletView(request, asset.assetId);
    expect(after).toEqual(before);

    const { daily, balance } = after;
    expect(daily.days).toHaveLength(30);
    // Today's spending holds this test's fee and transfer (and maybe other specs').
    const today = daily.days.at(-1)!;
    expect(today.date).toBe(new Date().toISOString().slice(0, 10));
    expect(cents(today.spent)).toBeGreaterThanOrEqual(500n + 1234n);

    expect(balanceText).toBe(usdCents(balance));
    expect(rows).toEqual([expectedRow(daily, 7, balance), expectedRow(daily, 30, balance)]);

    // The chart's summary, and the table of days under it, newest first, as the wallet counts them.
    const closing = daily.days.map((d) => cents(d.closingBalance));
    const min = closing.reduce((a, b) => (b < a ? b : a));
    const max = closing.reduce((a, b) => (b > a ? b : a));
    expect(chart).toBe(
      `Balance over the last 30 days: ${usdCents(closing[0]!)} at the end of ${dayText(daily.days[0]!.date)}, ${usdCents(closing.at(-1)!)} today; lowest ${usdCents(min)}, highest ${usdCents(max)}.`,
    );
    expect(closing.at(-1)).toBe(balance);
    expect(dayRows).toEqual(
      [...daily.days]
        .reverse()
        .map((d) => [
          dayText(d.date),
          usdCents(cents(d.spent)),
          usdCents(cents(d.received)),
          usdCents(cents(d.closingBalance)),
        ]),
    );

    // The warning, when shown, names this balance and a threshold above it.
    if (alertText !== null) {
      const match = /(\$[\d,]+\.\d{2}) is under (\$[\d,]+\.\d+), the agency's low-balance threshold/.exec(
        alertText,
      );
      expect(match, alertText).not.toBeNull();
      expect(match![1]).toBe(usdCents(balance));
      // Both as whole units of the threshold's own decimals (at least the asset's 2).
      const decimals = match![2]!.split('.')[1]!.length;
      const threshold = BigInt(match![2]!.replace(/[$,.]/g, ''));
      expect(balance * 10n ** BigInt(decimals - 2)).toBeLessThan(threshold);
    }
  }).toPass({ timeout: 60_000 });

  // Every day of the window, in the folded table.
  await card.getByText('Balance by day').click();
  await expect(card.getByTestId('balance-days').locator('tbody tr')).toHaveCount(30);
});

test('reads on a 390 px phone and without JavaScript', async ({ page, browser, storageStates }, testInfo) => {
  const asset = await agencyMarginAsset(page.request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const card = page.getByTestId(`asset-${asset.assetId}`);
  await expect(card.getByTestId('runway-table')).toBeVisible();
  await expect(card.getByTestId('balance-chart')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: 'the dashboard at 390 px',
    })
    .toBeLessThanOrEqual(390);
  // The chart's figures stay page text at the page's size, not shrunk with the drawing.
  const labelSize = await card
    .getByTestId('balance-chart')
    .locator('span')
    .first()
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(labelSize).toBeGreaterThanOrEqual(12);

  const noJs = await pageWithoutScripts(browser, storageStates.operator, testInfo.project.use.baseURL);
  await noJs.goto('/');
  const plain = noJs.getByTestId(`asset-${asset.assetId}`);
  await expect(plain.getByTestId('runway-table').locator('tbody tr')).toHaveCount(2);
  await expect(plain.getByTestId('balance-chart')).toBeVisible();
  await plain.getByText('Balance by day').click();
  await expect(plain.getByTestId('balance-days').locator('tbody tr').first()).toBeVisible();
  await noJs.context().close();
});
