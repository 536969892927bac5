// On a 390 px phone every table keeps the column that matters in view (issue 30, docs/back-office.md
// "Pages"): a user's balance and card status, the dashboard's runway and capacity, ledger
// amounts, card status on /cards, approval amounts, the audit log's action. Asserted per page, in
// light and dark, with each table scrolled to its start and to its end; and a table that scrolls
// shows it (a shadow at the edge it can scroll to). Seeds its own user, card, ledger entries and
// approval request.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { actionId, callAction } from './support/server-actions';
import { agencyMarginAsset, callWallet, seedCard, seedUser, userWalletAsset } from './support/wallet-api';

test.describe.configure({ timeout: 180_000 });

const WIDTH = 390;

type Checked = { path: string; keyColumns: number };

/**
 * Every key column's header and first cell of every table on the page lie inside the viewport,
 * with the table scrolled to its start and to its end; returns how many tables have one.
 */
async function keyColumnsInView(page: Page, path: string): Promise<number> {
  const tables = page.locator('[data-slot="table-container"]:has([data-key-column])');
  const count = await tables.count();
  for (let i = 0; i < count; i++) {
    const table = tables.nth(i);
    for (const end of [false, true]) {
      await table.evaluate((box, toEnd) => {
        box.scrollLeft = toEnd ? box.scrollWidth : 0;
      }, end);
      const cells = table.locator('thead th[data-key-column], tbody tr:first-child td[data-key-column]');
      expect(await cells.count(), `${path}: table ${i} has a key column`).toBeGreaterThanOrEqual(2);
      for (const cell of await cells.all()) {
        await cell.scrollIntoViewIfNeeded();
        const box = await cell.boundingBox();
        const text = (await cell.innerText()).trim();
        expect(box, `${path}: "${text}" is rendered`).not.toBeNull();
        expect(box!.x, `${path}: "${text}" starts in view (${end ? 'end' : 'start'})`).toBeGreaterThanOrEqual(
          -0.5,
        );
        expect(
          box!.x + box!.width,
          `${path}: "${text}" ends in view (${end ? 'end' : 'start'})`,
        ).toBeLessThanOrEqual(WIDTH + 0.5);
        await expect(cell, `${path}: "${text}"`).toBeVisible();
      }
    }
    await table.evaluate((box) => {
      box.scrollLeft = 0;
    });
  }
  return count;
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
}

test.describe('an admin on a phone', () => {
  test.use({ role: 'admin' });

  test('every table keeps its key column in view, light and dark', async ({ page, baseURL }) => {
    const appUserId = await seedUser(page.request, { firstName: 'Kim', lastName: 'Keycolumn' });
    const { cardId, cardAssetId } = await seedCard(page.request, appUserId);
    const agency = await agencyMarginAsset(page.request);
    const wallet = await userWalletAsset(page.request, appUserId);
    for (const [fromAssetId, toAssetId, amount] of [
      [agency.assetId, wallet.assetId, '40.00'],
      [wallet.assetId, cardAssetId, '12.50'],
    ] as const) {
      const moved = await callWallet(page.request, 'assetTransfer', { fromAssetId, toAssetId, amount });
      expect(moved.code, moved.msg).toBe(0);
    }
    // A request waiting for approval, so /approvals has a row (admins wait too).
    await page.goto('/');
    await callAction(page, baseURL!, actionId('lib/backoffice/transfers/actions.ts', 'transferMoney'), [
      {
        kind: 'fund-wallet',
        appUserId,
        fromAssetId: agency.assetId,
        toAssetId: wallet.assetId,
        amount: '5000.00',
        requestId: `phone-keys-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
        makerReason: 'Phone layout check',
      },
    ]);

    const pages: Checked[] = [
      { path: '/', keyColumns: 2 },
      { path: '/users', keyColumns: 1 },
      { path: `/users/${appUserId}`, keyColumns: 2 },
      { path: `/users/${appUserId}/cards/${cardId}`, keyColumns: 1 },
      { path: `/assets/${wallet.assetId}?user=${appUserId}`, keyColumns: 1 },
      { path: `/cards?q=${appUserId}`, keyColumns: 1 },
      { path: '/approvals', keyColumns: 1 },
      { path: '/audit', keyColumns: 1 },
    ];
    await page.setViewportSize({ width: WIDTH, height: 844 });
    for (const { path, keyColumns } of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Client-rendered tables (/cards) arrive after the heading.
      await expect(page.locator('[data-key-column]').first()).toBeVisible();
      for (const theme of ['light', 'dark'] as const) {
        await setTheme(page, theme);
        const found = await keyColumnsInView(page, `${path} (${theme})`);
        expect(found, `${path}: tables with a key column`).toBeGreaterThanOrEqual(keyColumns);
      }
      await setTheme(page, 'light');
    }

    // A table wider than its box says so: the box paints a shadow at the edge it can scroll to.
    await page.goto('/audit');
    const box = page.getByTestId('audit-table').locator('xpath=..');
    const scrolls = await box.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(scrolls).toBe(true);
    const background = await box.evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(background).toContain('radial-gradient');
  });
});
