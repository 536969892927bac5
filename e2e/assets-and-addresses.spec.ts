// The asset ledger page (/assets/[assetId], docs/back-office.md "Routes";
// docs/wallet-api.md "Ledgers") and address management from the user page (address/update,
// address/delete) in a real browser against the real wallet: an agency asset opened from the
// dashboard, a user's wallet opened from their balances, each ledger page and its CSV compared row
// by row with what the wallet holds; an address edited, made the default and deleted (also as forms
// posted without JavaScript); a support agent offered none of it; and /cards listing users with
// cards only until switched to all users.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import type { LedgerEntry } from '../lib/wallet/contract/schemas';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/a11y';
import { control as field, openForm, pageWithoutScripts, postForm } from './support/forms';
import { callWallet, seedUser } from './support/wallet-api';

// ---------------------------------------------------------------- helpers

// The back-office's formats (lib/backoffice/shared/format.ts), written out here so that the test does
// not take them from the code it checks: "1 May 2026, 09:30 UTC", "$1,234.50", "+$5.00".
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const utcMinute = (iso: string) => {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${d.toISOString().slice(11, 16)} UTC`;
};
const usd = (n: number, signed = false) =>
  `${signed && n > 0 ? '+' : n < 0 ? '-' : ''}$${Math.abs(n).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;
const TYPE_WORDS: Record<LedgerEntry['type'], string> = {
  PROVISION: 'Opening balance',
  CREDIT: 'Deposit',
  CARD_FEE: 'Card fee',
  TRANSFER_IN: 'Transfer in',
  TRANSFER_OUT: 'Transfer out',
  CARD_REFUND: 'Card balance returned',
  CARD_SPEND: 'Card purchase',
  MERCHANT_REFUND: 'Merchant refund',
  DEPOSIT: 'Chain deposit',
  DISPUTE_CREDIT: 'Dispute won',
};
const BOM = '\uFEFF';
const LEDGER_CSV_HEADER = 'Entry ID,Time (UTC),Type,Amount,Balance after,Currency,Card ID,Transfer ID\r\n';

/** A ledger row's cells as staff read them, but the other side (named in words, checked apart). */
const rowCells = (entry: LedgerEntry) => [
  utcMinute(entry.createdAt),
  TYPE_WORDS[entry.type],
  usd(entry.amount, true),
  usd(entry.balanceAfter),
];
const csvRow = (entry: LedgerEntry) =>
  `${[
    entry.entryId,
    entry.createdAt,
    entry.type,
    entry.amount.toFixed(2),
    entry.balanceAfter.toFixed(2),
    'USD',
    entry.cardId ?? '',
    entry.transferId ?? '',
  ].join(',')}\r\n`;

async function shownRows(page: Page): Promise<string[][]> {
  return page
    .getByTestId('ledger-table')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('td'), (td) => td.textContent?.trim() ?? '').slice(0, 4),
      ),
    );
}

/** The other side of each row, in words. */
async function otherSides(page: Page): Promise<string[]> {
  return page
    .getByTestId('ledger-table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[4]?.textContent?.trim() ?? ''));
}

async function ledgerPage(request: APIRequestContext, assetId: number, pageNum: number, pageSize: number) {
  const result = await callWallet(request, 'assetLedger', { assetId, pageNum, pageSize });
  expect(result.code, result.msg).toBe(0);
  return result.data!;
}

async function wholeLedger(request: APIRequestContext, assetId: number): Promise<LedgerEntry[]> {
  const all: LedgerEntry[] = [];
  for (let n = 1; ; n++) {
    const page = await ledgerPage(request, assetId, n, 100);
    all.push(...page.list);
    if (!page.haveNext) return all;
  }
}

async function downloadCsv(page: Page): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}

const today = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');

async function agencyUsdAsset(request: APIRequestContext) {
  const assets = await callWallet(request, 'agencyAssetList', {});
  const asset = assets.data?.find((a) => a.type === 'CARD_MARGIN' && a.currency === 'USD');
  if (!asset) throw new Error('no USD card-margin asset');
  return asset;
}

// ---------------------------------------------------------------- the ledger

test.describe('the asset ledger', () => {
  test.use({ role: 'operator' });

  test('an agency asset, from the dashboard: header, page 1 exactly as the wallet holds it, paging and CSV', async ({
    page,
    request,
  }) => {
    const asset = await agencyUsdAsset(request);
    // Entries of its own, so that the ledger has a second page of two whatever ran before.
    const funded = await seedUser(request);
    const fundedWallet = (await callWallet(request, 'userAssetList', { appUserId: funded })).data!.find(
      (a) => a.type === 'WALLET',
    )!;
    for (const amount of ['1.00', '2.00']) {
      const moved = await callWallet(request, 'assetTransfer', {
        fromAssetId: asset.assetId,
        toAssetId: fundedWallet.assetId,
        amount,
      });
      expect(moved.code, moved.msg).toBe(0);
    }
    // Other specs issue cards from this asset meanwhile: compare with the wallet's ledger read
    // just before and just after the page, and again when something was written in between.
    await page.goto('/');
    await page.getByTestId(`asset-${asset.assetId}`).getByRole('link', { name: asset.assetName }).click();
    await expect(page).toHaveURL(`/assets/${asset.assetId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(asset.assetName);
    const facts = page.getByTestId('asset-facts');
    await expect(facts.locator('dt')).toHaveText(['Owner', 'Currency', 'Balance']);
    await expect(facts.locator('dd').nth(0)).toHaveText('The agency (DEMO)');
    await expect(facts.locator('dd').nth(1)).toHaveText('USD · Card margin asset');
    await expect(page.getByRole('columnheader')).toHaveText([
      'Time (UTC)',
      'Type',
      'Amount',
      'Balance after',
      'Other side',
    ]);
    await expectAccessible(page, 'an agency asset ledger');

    await expect(async () => {
      const before = await ledgerPage(request, asset.assetId, 1, 20);
      await page.reload();
      const shown = await shownRows(page);
      const balance = await page.getByTestId('asset-balance').textContent();
      const after = await ledgerPage(request, asset.assetId, 1, 20);
      expect(after).toEqual(before);
      expect(shown).toEqual(after.list.map(rowCells));
      expect(balance).toBe(usd(after.list[0]?.balanceAfter ?? 0));
      await expect(page.getByText(/^Showing 1–\d+ of \d+ entr(y|ies)$/)).toHaveText(
        `Showing 1–${after.list.length} of ${after.dataTotal} ${after.dataTotal === 1 ? 'entry' : 'entries'}`,
      );
    }).toPass({ timeout: 60_000 });

    // Page 2, by a link, with two entries a page so that there is one. Each try starts again from
    // page 1: other specs write this ledger meanwhile, and a reload of page 2 would walk on to 3.
    await expect(async () => {
      await page.goto(`/assets/${asset.assetId}?size=2`);
      await page.getByRole('link', { name: 'Next' }).click();
      await expect(page).toHaveURL(`/assets/${asset.assetId}?size=2&page=2`);
      const shown = await shownRows(page);
      const after = await ledgerPage(request, asset.assetId, 2, 2);
      expect(shown).toEqual(after.list.map(rowCells));
    }).toPass({ timeout: 60_000 });

    await expect(async () => {
      const before = await wholeLedger(request, asset.assetId);
      const { name, text } = await downloadCsv(page);
      const after = await wholeLedger(request, asset.assetId);
      expect(after).toEqual(before);
      expect(name).toBe(`asset-${asset.assetId}-ledger-${today()}.csv`);
      expect(text).toBe(`${BOM}${LEDGER_CSV_HEADER}${after.map(csvRow).join('')}`);
    }).toPass({ timeout: 60_000 });
  });

  test("a user's wallet, from the user's balances: exact rows page by page, card links, CSV", async ({
    page,
    request,
  }) => {
    const agency = await agencyUsdAsset(request);
    const appUserId = await seedUser(request, { firstName: 'Lena', lastName: 'Ledger' });
    const assets = await callWallet(request, 'userAssetList', { appUserId });
    const wallet = assets.data?.find((a) => a.type === 'WALLET');
    if (!wallet) throw new Error('no user wallet');
    const transfer = async (fromAssetId: number, toAssetId: number, amount: string) => {
      const moved = await callWallet(request, 'assetTransfer', { fromAssetId, toAssetId, amount });
      expect(moved.code, moved.msg).toBe(0);
      return moved.data!.transferId;
    };
    const t1 = await transfer(agency.assetId, wallet.assetId, '30.00');
    const t2 = await transfer(agency.assetId, wallet.assetId, '20.50');
    const applied = await callWallet(request, 'userApplyCard', {
      appUserId,
      paymentAssetId: wallet.assetId,
      categoryId: 1,
      embossedName: 'LENA LEDGER',
      needDelivery: false,
    });
    expect(applied.code, applied.msg).toBe(0);
    const cardId = applied.data!.cardId;
    const cards = await callWallet(request, 'userCardList', { appUserId });
    const cardAssetId = cards.data!.find((c) => c.cardId === cardId)!.cardAssetId;
    const t3 = await transfer(wallet.assetId, cardAssetId, '10.25');

    const href = `/assets/${wallet.assetId}?user=${appUserId}`;
    await page.goto(`/users/${appUserId}`);
    await page
      .getByRole('region', { name: 'Assets' })
      .getByRole('link', { name: wallet.assetName })
      .first()
      .click();
    await expect(page).toHaveURL(href);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(wallet.assetName);
    const facts = page.getByTestId('asset-facts');
    await expect(facts.locator('dd').nth(0)).toHaveText(`Lena Ledger (${appUserId})`);
    await expect(facts.locator('dd').nth(1)).toHaveText('USD · Wallet asset');
    await expect(page.getByTestId('asset-balance')).toHaveText('$35.25');

    const entries = (await ledgerPage(request, wallet.assetId, 1, 20)).list;
    const expected = [
      ['Transfer out', '-$10.25', '$35.25'],
      ['Card fee', '-$5.00', '$45.50'],
      ['Transfer in', '+$20.50', '$50.50'],
      ['Transfer in', '+$30.00', '$30.00'],
    ];
    expect(entries.map((e) => rowCells(e).slice(1))).toEqual(expected);
    expect(entries.map((e) => e.transferId)).toEqual([t3, null, t2, t1]);
    expect(await shownRows(page)).toEqual(entries.map(rowCells));
    await expect(page.getByText('Showing 1–4 of 4 entries')).toBeVisible();
    // The other side in words, never an ID: the card by its holder, product and last four; the
    // agency's asset by name. Each leads to its page.
    const last4 = cards.data!.find((c) => c.cardId === cardId)!.last4;
    const card = `Lena Ledger's Virtual Visa Classic`;
    expect(await otherSides(page)).toEqual([
      `Transfer to ${card} (USD) ••${last4}`,
      `${card} ••${last4}`,
      `Transfer from the agency's ${agency.assetName}`,
      `Transfer from the agency's ${agency.assetName}`,
    ]);
    const table = page.getByTestId('ledger-table');
    await expect(table.getByRole('link', { name: `${card} ••${last4}`, exact: true })).toHaveAttribute(
      'href',
      `/users/${appUserId}/cards/${cardId}`,
    );
    await expect(table.getByRole('link', { name: `Transfer to ${card} (USD) ••${last4}` })).toHaveAttribute(
      'href',
      `/assets/${cardAssetId}?user=${appUserId}`,
    );
    await expectAccessible(page, "a user's wallet ledger");

    // Three a page: Next keeps the owner and the size.
    await page.goto(`${href}&size=3`);
    expect(await shownRows(page)).toEqual(entries.slice(0, 3).map(rowCells));
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(`${href}&size=3&page=2`);
    expect(await shownRows(page)).toEqual(entries.slice(3).map(rowCells));
    await expect(page.getByText('Showing 4–4 of 4 entries')).toBeVisible();

    const { name, text } = await downloadCsv(page);
    expect(name).toBe(`asset-${wallet.assetId}-ledger-${today()}.csv`);
    expect(text).toBe(`${BOM}${LEDGER_CSV_HEADER}${entries.map(csvRow).join('')}`);
    expect(text).toContain(`,CARD_FEE,-5.00,45.50,USD,${cardId},\r\n`);

    // The type filter: only the transfers in, counted alone; the paging and the CSV keep it.
    await page.goto(href);
    await page.getByLabel('Type').selectOption({ label: 'Transfer in' });
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(`${href}&type=TRANSFER_IN`);
    const transfersIn = entries.filter((e) => e.type === 'TRANSFER_IN');
    expect(await shownRows(page)).toEqual(transfersIn.map(rowCells));
    await expect(page.getByText('Showing 1–2 of 2 entries')).toBeVisible();
    await expect(page.getByLabel('Type')).toHaveValue('TRANSFER_IN');
    const filtered = await downloadCsv(page);
    expect(filtered.name).toBe(`asset-${wallet.assetId}-ledger-transfer-in-${today()}.csv`);
    expect(filtered.text).toBe(`${BOM}${LEDGER_CSV_HEADER}${transfersIn.map(csvRow).join('')}`);
    await page.goto(`${href}&type=TRANSFER_IN&size=1`);
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(`${href}&type=TRANSFER_IN&size=1&page=2`);
    expect(await shownRows(page)).toEqual([rowCells(transfersIn[1]!)]);
    // A type the asset has none of says so; one the ledger does not have is named, and ignored.
    await page.goto(`${href}&type=CARD_REFUND`);
    await expect(page.getByRole('heading', { name: 'No card balance returned entries' })).toBeVisible();
    await page.goto(`${href}&type=FEE`);
    await expect(page.getByRole('alert').filter({ hasText: 'The type in the address' })).toContainText(
      'type must be one of PROVISION, CREDIT, CARD_FEE',
    );
    expect(await shownRows(page)).toEqual(entries.map(rowCells));
    await page.getByRole('link', { name: 'Every type' }).click();
    await expect(page).toHaveURL(href);

    // At 390 px the page does not scroll sideways: the table scrolls in its own region.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(href);
    await expect(page.getByTestId('ledger-table')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);

    // Not the user's asset, an unknown one, or a user's asset without its owner: not found.
    for (const path of [`/assets/${wallet.assetId}`, '/assets/999999999', '/assets/not-an-id']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Asset not found');
    }
    const refused = await page.request.get(`/assets/${wallet.assetId}/export`);
    expect(refused.status()).toBe(404);
  });

  test.describe('signed out', () => {
    test.use({ role: 'signed-out' });
    test('the export refuses with 401', async ({ page, request }) => {
      const asset = await agencyUsdAsset(request);
      const refused = await page.request.get(`/assets/${asset.assetId}/export`);
      expect(refused.status()).toBe(401);
    });
  });
});

// ---------------------------------------------------------------- addresses

async function seedTwoAddresses(request: APIRequestContext) {
  const appUserId = await seedUser(request, { firstName: 'Ada', lastName: 'Moves' });
  const add = async (params: Record<string, string>) => {
    const added = await callWallet(request, 'addAddress', {
      appUserId,
      firstName: 'Ada',
      lastName: 'Moves',
      mobile: '1-4155550100',
      ...params,
    });
    expect(added.code, added.msg).toBe(0);
    return added.data!.addressId;
  };
  const first = await add({
    country: 'US',
    city: 'San Francisco',
    street: '1 Market St',
    postalCode: '94105',
  });
  const second = await add({ country: 'HK', city: 'Hong Kong', street: '8 Finance Street' });
  return { appUserId, first, second };
}

const addressCard = (page: Page, addressId: number) => page.getByTestId(`address-${addressId}`);

async function storedAddresses(request: APIRequestContext, appUserId: string) {
  return (await callWallet(request, 'addressList', { appUserId })).data ?? [];
}

test.describe('addresses', () => {
  test.use({ role: 'operator' });

  test('edits an address, makes another the default, deletes the default: the other becomes it', async ({
    page,
    request,
  }) => {
    const { appUserId, first, second } = await seedTwoAddresses(request);
    await page.goto(`/users/${appUserId}`);
    await expect(addressCard(page, first)).toContainText('Default');

    await page.getByRole('link', { name: 'Edit 1 Market St, San Francisco' }).click();
    await expect(page).toHaveURL(`/users/${appUserId}/addresses/${first}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit an address' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Country (required)' })).toHaveText('United States');
    await expect(field(page, 'City (required)')).toHaveValue('San Francisco');
    await expect(field(page, 'Street (required)')).toHaveValue('1 Market St');
    await expect(field(page, 'Postal code')).toHaveValue('94105');
    await expect(field(page, 'Region code (required)')).toHaveValue('1');
    await expect(page.getByRole('switch', { name: 'Default address' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Default address' })).toBeDisabled();
    await expectAccessible(page, 'the edit address form');

    await openForm(page, `/users/${appUserId}/addresses/${first}/edit`, 'Edit the address');
    await field(page, 'City (required)').fill('Oakland');
    await field(page, 'Postal code').fill('');
    await page.getByRole('button', { name: 'Save address' }).click();
    // A stored postal code cannot be emptied through address/update: said beside the field.
    await expect(page.locator('#address-postalCode-error')).toHaveText(
      'Postal code cannot be removed once stored; enter the new value',
    );
    await expect(field(page, 'City (required)')).toHaveValue('Oakland');
    await field(page, 'Postal code').fill('94607');
    await page.getByRole('button', { name: 'Save address' }).click();

    await expect(page).toHaveURL(`/users/${appUserId}`);
    await expect(page.getByText('Address saved')).toBeVisible();
    await expect(addressCard(page, first).locator('address > span')).toHaveText([
      '1 Market St',
      '94607 Oakland',
      'United States',
      '+1 4155550100',
    ]);
    expect((await storedAddresses(request, appUserId)).find((a) => a.addressId === first)).toMatchObject({
      city: 'Oakland',
      postalCode: '94607',
      isDefault: true,
    });

    // Make default: one click.
    await page.getByRole('button', { name: 'Make 8 Finance Street, Hong Kong the default' }).click();
    await expect(page.getByText('8 Finance Street, Hong Kong is now the default address.')).toBeVisible();
    const items = page.getByRole('region', { name: 'Addresses' }).getByRole('listitem');
    await expect(items.nth(0)).toHaveAttribute('data-testid', `address-${second}`);
    await expect(addressCard(page, second)).toContainText('Default');
    await expect(addressCard(page, first)).not.toContainText('Default');
    await expect(addressCard(page, second).getByRole('button', { name: /Make .* the default/ })).toHaveCount(
      0,
    );

    // Delete the default, after a confirmation that says which address becomes the default.
    await page.getByRole('link', { name: 'Delete 8 Finance Street, Hong Kong' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 8 Finance Street, Hong Kong?' });
    await expect(dialog).toContainText(
      'This is the default address: 1 Market St, Oakland becomes the default instead.',
    );
    await expectAccessible(page, 'the delete address dialog');
    await dialog.getByRole('button', { name: 'Delete address' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('8 Finance Street, Hong Kong was deleted.')).toBeVisible();
    await expect(items).toHaveCount(1);
    await expect(addressCard(page, first)).toContainText('Default');
    const stored = await storedAddresses(request, appUserId);
    expect(stored.map((a) => [a.addressId, a.isDefault])).toEqual([[first, true]]);
  });

  test('make default and delete work as forms posted without JavaScript', async ({
    browser,
    storageStates,
    request,
  }, testInfo) => {
    const { appUserId, first, second } = await seedTwoAddresses(request);
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: storageStates.operator,
      baseURL: testInfo.project.use.baseURL,
    });
    const page = await context.newPage();
    await page.goto(`/users/${appUserId}`);
    // Without JavaScript the streamed page stays in its hidden segments (a script would reveal
    // them): submit the very forms the server rendered, as the browser does on a click. Each is
    // told apart by the address it carries.
    const formOf = (addressId: number) =>
      page.locator(`form:has(input[name="addressId"][value="${addressId}"])`);
    const makeDefault = formOf(second);
    await expect(makeDefault).toHaveAttribute('method', /^post$/i);
    await expect(makeDefault).toContainText('Make default');
    await Promise.all([
      page.waitForNavigation(),
      makeDefault.evaluate((form: HTMLFormElement) => form.submit()),
    ]);
    expect((await storedAddresses(request, appUserId)).map((a) => [a.addressId, a.isDefault])).toEqual([
      [second, true],
      [first, false],
    ]);
    await expect(page).toHaveURL(`/users/${appUserId}`);

    // Delete: the link leads to a confirmation page, whose form deletes and returns to the user.
    await page.goto(`/users/${appUserId}/addresses/${second}/delete`);
    await expect(page.locator('h1')).toHaveText('Delete an address');
    await expect(page.locator('body')).toContainText('Delete 8 Finance Street, Hong Kong?');
    await expect(page.locator('body')).toContainText(
      'This is the default address: 1 Market St, San Francisco becomes the default instead.',
    );
    const confirm = formOf(second);
    await expect(confirm).toContainText('Delete address');
    await Promise.all([page.waitForNavigation(), confirm.evaluate((form: HTMLFormElement) => form.submit())]);
    await expect(page).toHaveURL(`/users/${appUserId}`);
    expect((await storedAddresses(request, appUserId)).map((a) => [a.addressId, a.isDefault])).toEqual([
      [first, true],
    ]);
    await context.close();
  });

  test('the edit form works posted without JavaScript: a refusal answers with the errors and what was typed', async ({
    browser,
    storageStates,
    request,
  }, testInfo) => {
    const { appUserId, first } = await seedTwoAddresses(request);
    const page = await pageWithoutScripts(browser, storageStates.operator, testInfo.project.use.baseURL);
    const editPath = `/users/${appUserId}/addresses/${first}/edit`;
    await page.goto(editPath);
    const form = page.locator('form[aria-label="Edit the address"]');
    await expect(form).toHaveAttribute('method', /^post$/i);
    await expect(form.locator('input[name="city"]')).toHaveValue('San Francisco');
    const submitWith = (values: Record<string, string>) => postForm(page, form, values);

    await submitWith({ city: 'Oakland', postalCode: '', 'mobile.number': '4155550199' });
    await expect(page).toHaveURL(editPath);
    await expect(page.locator('#address-postalCode-error')).toHaveText(
      'Postal code cannot be removed once stored; enter the new value',
    );
    await expect(page.getByRole('alert').filter({ hasText: 'The address was not saved' })).toContainText(
      'Postal code cannot be removed once stored; enter the new value',
    );
    await expect(form.locator('input[name="city"]')).toHaveValue('Oakland');
    await expect(form.locator('input[name="postalCode"]')).toHaveValue('');
    await expect(form.locator('input[name="mobile.number"]')).toHaveValue('4155550199');
    expect((await storedAddresses(request, appUserId)).find((a) => a.addressId === first)).toMatchObject({
      city: 'San Francisco',
      postalCode: '94105',
    });

    await submitWith({ postalCode: '94607' });
    await expect(page).toHaveURL(`/users/${appUserId}`);
    expect((await storedAddresses(request, appUserId)).find((a) => a.addressId === first)).toMatchObject({
      city: 'Oakland',
      postalCode: '94607',
      mobile: '1-4155550199',
      isDefault: true,
    });
    await page.context().close();
  });

  test.describe('as a support agent', () => {
    test.use({ role: 'support' });

    test('sees the addresses without edit, default or delete, and the pages refuse', async ({
      page,
      request,
    }) => {
      const { appUserId, first } = await seedTwoAddresses(request);
      await page.goto(`/users/${appUserId}`);
      const addresses = page.getByRole('region', { name: 'Addresses' });
      await expect(addresses.getByRole('listitem')).toHaveCount(2);
      await expect(addresses.getByRole('link', { name: /^(Edit|Delete) / })).toHaveCount(0);
      await expect(addresses.getByRole('button')).toHaveCount(0);
      for (const action of ['edit', 'delete']) {
        await page.goto(`/users/${appUserId}/addresses/${first}/${action}`);
        await expect(
          page.getByRole('heading', { name: 'You do not have access to this page' }),
        ).toBeVisible();
      }
    });
  });
});

// ---------------------------------------------------------------- /cards

test.describe('/cards', () => {
  test.use({ role: 'operator' });

  test('lists only users with cards by default; the switch shows all users; names and cards link', async ({
    page,
    request,
  }) => {
    const agency = await agencyUsdAsset(request);
    const cardless = await seedUser(request, { firstName: 'Nils', lastName: 'Nocard' });
    const holder = await seedUser(request, { firstName: 'Hana', lastName: 'Holder' });
    const applied = await callWallet(request, 'agencyApplyUserCard', {
      appUserId: holder,
      paymentAssetId: agency.assetId,
      categoryId: 1,
      embossedName: 'HANA HOLDER',
      needDelivery: false,
    });
    expect(applied.code, applied.msg).toBe(0);

    await page.goto('/cards');
    const onlyWithCards = page.getByRole('switch', { name: 'Only users with cards' });
    await expect(onlyWithCards).toBeChecked();
    await expect(page.getByTestId(`cards-user-${holder}`)).toBeVisible();
    await expect(page.getByTestId(`cards-user-${cardless}`)).toHaveCount(0);
    // Every user listed has a card.
    const summaries = await page.getByTestId('card-summary').allTextContents();
    expect(summaries.length).toBeGreaterThan(0);
    expect(summaries).not.toContain('No cards');

    // Filtered to the cardless user: not among users with cards, until the switch is off.
    await page.goto(`/cards?q=${cardless}`);
    await expect(page.getByText(`No user with cards has the app user ID “${cardless}”.`)).toBeVisible();
    await page.getByRole('switch', { name: 'Only users with cards' }).click();
    await expect(page).toHaveURL(`/cards?q=${cardless}&cards=all`);
    await expect(page.getByTestId(`cards-user-${cardless}`).getByTestId('card-summary')).toHaveText(
      'No cards',
    );
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/cards/export?q=${cardless}&cards=all`,
    );
    const all = await (await page.request.get(`/cards/export?q=${cardless}&cards=all`)).text();
    expect(all).toContain(`${cardless},Nils Nocard,`);
    const withCards = await (await page.request.get(`/cards/export?q=${cardless}`)).text();
    expect(withCards).not.toContain(cardless);
    await expectAccessible(page, '/cards with all users');

    await page.goto(`/cards?q=${holder}`);
    await expect(
      page.getByTestId(`cards-user-${holder}`).getByRole('link', { name: 'Hana Holder' }),
    ).toHaveAttribute('href', `/users/${holder}`);
    const cardLink = page.getByTestId(`card-row-${applied.data!.cardId}`).getByRole('link');
    await expect(cardLink).toHaveAttribute('href', `/users/${holder}/cards/${applied.data!.cardId}`);
    await page.getByTestId(`cards-user-${holder}`).getByRole('link', { name: 'Hana Holder' }).click();
    await expect(page).toHaveURL(`/users/${holder}`);
  });
});
