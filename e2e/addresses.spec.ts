// Adding a delivery address (spec 4.7) in a real browser: the country picked from the searchable
// ISO list with the keyboard, the first address made the default whatever the switch says, a
// later one made the default with the switch, the address listed on the user's page, and every
// field error.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/a11y';
import { control as field, expectFieldError, openForm } from './support/forms';
import { captureThemes } from './support/screenshots';
import { callWallet, seedUser } from './support/wallet-api';

test.use({ role: 'operator' });

/** Picks a country the way a keyboard user does: type on the closed list, then Enter. */
async function pickCountry(page: Page, search: string): Promise<void> {
  const trigger = page.getByRole('combobox', { name: 'Country (required)' });
  await trigger.focus();
  await page.keyboard.press(search.charAt(0));
  const box = page.getByPlaceholder('Search countries');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(search.charAt(0));
  await page.keyboard.type(search.slice(1));
  await page.keyboard.press('Enter');
  await expect(box).toHaveCount(0);
  await expect(trigger).toBeFocused();
}

test('adds the first address, country picked by keyboard; it becomes the default', async ({
  page,
  request,
}, testInfo) => {
  const appUserId = await seedUser(request, { firstName: 'Greta', lastName: 'Berg', mobile: '49-30123456' });
  await page.goto(`/users/${appUserId}`);
  await expect(page.getByRole('region', { name: 'Addresses' })).toContainText('No addresses yet');
  await page.getByRole('main').getByRole('link', { name: 'Add address' }).click();

  await expect(page).toHaveURL(`/users/${appUserId}/addresses/new`);
  await expect(page.getByRole('heading', { level: 1, name: 'Add an address' })).toBeVisible();
  // The recipient starts as the user.
  await expect(field(page, 'First name (required)')).toHaveValue('Greta');
  await expect(field(page, 'Last name (required)')).toHaveValue('Berg');
  await expect(field(page, 'Region code (required)')).toHaveValue('49');
  await expect(field(page, 'Number (required)')).toHaveValue('30123456');
  // The first address is the default whatever is chosen, and the form says so.
  const isDefault = page.getByRole('switch', { name: 'Default address' });
  await expect(isDefault).toBeChecked();
  await expect(isDefault).toBeDisabled();
  await expect(page.locator('#address-isDefault-description')).toHaveText(
    'This is the user’s first address, so it becomes their default address whatever is chosen here.',
  );
  await expectAccessible(page, 'the address form');
  await captureThemes(page, testInfo, 'add-address');

  await pickCountry(page, 'Germ');
  await expect(page.getByRole('combobox', { name: 'Country (required)' })).toHaveText('Germany');
  await field(page, 'Province or state').fill('Berlin');
  await field(page, 'City (required)').fill('Berlin');
  await field(page, 'Postal code').fill('10117');
  await field(page, 'Street (required)').fill('Unter den Linden 1');
  await field(page, 'Detailed address').fill('3rd floor, door B');
  await page.getByRole('button', { name: 'Add address' }).click();

  await expect(page).toHaveURL(`/users/${appUserId}`);
  await expect(page.getByText('Address added')).toBeVisible();
  await expect(
    page.getByText('Unter den Linden 1, Berlin, Germany is now the default address.'),
  ).toBeVisible();
  const addresses = page.getByRole('region', { name: 'Addresses' });
  await expect(addresses.getByRole('listitem')).toHaveCount(1);
  const listed = addresses.getByRole('listitem').first();
  await expect(listed.locator('address > span')).toHaveText([
    'Unter den Linden 1',
    '3rd floor, door B',
    '10117 Berlin, Berlin',
    'Germany',
    '+49 30123456',
  ]);
  await expect(listed).toContainText('Greta Berg');
  await expect(listed).toContainText('Default');

  const stored = await callWallet(request, 'addressList', { appUserId });
  expect(stored.data).toHaveLength(1);
  expect(stored.data?.[0]).toMatchObject({
    country: 'DE',
    province: 'Berlin',
    city: 'Berlin',
    street: 'Unter den Linden 1',
    detailedAddress: '3rd floor, door B',
    postalCode: '10117',
    firstName: 'Greta',
    lastName: 'Berg',
    mobile: '49-30123456',
    isDefault: true,
  });
});

test('a later address made the default with the switch takes the default from the first', async ({
  page,
  request,
}) => {
  const appUserId = await seedUser(request);
  const first = await callWallet(request, 'addAddress', {
    appUserId,
    country: 'US',
    city: 'San Francisco',
    street: '1 Market St',
    firstName: 'Jane',
    lastName: 'Doe',
    mobile: '1-4155550100',
  });
  expect(first.code).toBe(0);

  await openForm(page, `/users/${appUserId}/addresses/new`, 'Add an address');
  const isDefault = page.getByRole('switch', { name: 'Default address' });
  await expect(isDefault).not.toBeChecked();
  await expect(isDefault).toBeEnabled();
  await expect(page.locator('#address-isDefault-description')).toHaveText(
    'Cards are delivered to the default address unless another is chosen. Turn this on to make this address the default instead of the current one.',
  );
  await pickCountry(page, 'Hong');
  await expect(page.getByRole('combobox', { name: 'Country (required)' })).toHaveText('Hong Kong');
  await field(page, 'City (required)').fill('Hong Kong');
  await field(page, 'Street (required)').fill('8 Finance Street');
  await field(page, 'First name (required)').fill('Ada');
  await field(page, 'Last name (required)').fill('Wong');
  await field(page, 'Region code (required)').fill('+852');
  await field(page, 'Number (required)').fill('9123-4567');
  await isDefault.focus();
  await page.keyboard.press('Space');
  await expect(isDefault).toBeChecked();
  await page.getByRole('button', { name: 'Add address' }).click();

  await expect(page).toHaveURL(`/users/${appUserId}`);
  const items = page.getByRole('region', { name: 'Addresses' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  // Default first.
  await expect(items.nth(0)).toContainText('Ada Wong');
  await expect(items.nth(0)).toContainText('8 Finance Street');
  await expect(items.nth(0)).toContainText('+852 91234567');
  await expect(items.nth(0)).toContainText('Default');
  await expect(items.nth(1)).toContainText('1 Market St');
  await expect(items.nth(1)).toContainText('United States');
  await expect(items.nth(1)).not.toContainText('Default');
  await expect(page.getByRole('region', { name: 'Addresses' })).toContainText('2 delivery addresses');
});

test('names every field error, keeps what was typed, and adds nothing', async ({ page, request }) => {
  const appUserId = await seedUser(request);
  await openForm(page, `/users/${appUserId}/addresses/new`, 'Add an address');
  await field(page, 'First name (required)').fill('');
  await field(page, 'Last name (required)').fill('');
  await field(page, 'Region code (required)').fill('');
  await field(page, 'Number (required)').fill('');
  await page.getByRole('button', { name: 'Add address' }).click();

  const required: [string, string][] = [
    ['address-country', 'Choose the country'],
    ['address-city', 'Enter the city'],
    ['address-street', 'Enter the street'],
    ['address-firstName', 'Enter the first name'],
    ['address-lastName', 'Enter the last name'],
    ['address-mobile-regionCode', 'Enter the region code of the mobile number'],
    ['address-mobile-number', 'Enter the mobile number'],
  ];
  for (const [id, message] of required) await expectFieldError(page, id, message);
  const summary = page.getByRole('alert').filter({ hasText: 'The address was not added' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('listitem')).toHaveText(required.map(([, message]) => message));
  // The summary leads to the country picker.
  await summary.getByRole('link', { name: 'Choose the country' }).click();
  await expect(page.getByRole('combobox', { name: 'Country (required)' })).toBeFocused();
  await expectAccessible(page, 'the address form with errors');

  // A search that matches nothing says so; Escape closes the list without choosing.
  await page.keyboard.press('W');
  await expect(page.getByPlaceholder('Search countries')).toBeFocused();
  await page.keyboard.type('akanda');
  await expect(page.getByText('No country matches.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'Country (required)' })).toHaveText('Choose a country');

  // A fast typist loses nothing: keys typed while the list opens all reach the search box.
  await page.getByRole('combobox', { name: 'Country (required)' }).focus();
  await page.keyboard.type('Fra');
  await expect(page.getByPlaceholder('Search countries')).toHaveValue('Fra');
  await expect(page.getByPlaceholder('Search countries')).toBeFocused();
  await page.keyboard.press('Escape');

  // Reopened at once, while the list is still closing: the search box gets focus all the same.
  await pickCountry(page, 'Fran');
  await field(page, 'City (required)').fill('Paris');
  await field(page, 'Street (required)').fill('5 Rue de Rivoli');
  await field(page, 'Postal code').fill('75001!');
  await field(page, 'Province or state').fill('P'.repeat(65));
  await field(page, 'First name (required)').fill('J4ne');
  await field(page, 'Last name (required)').fill('Doe');
  await field(page, 'Region code (required)').fill('33');
  await field(page, 'Number (required)').fill('1x');
  await page.getByRole('button', { name: 'Add address' }).click();

  await expectFieldError(
    page,
    'address-postalCode',
    "Postal code must be 1-12 letters, digits, spaces or '-'",
  );
  await expectFieldError(page, 'address-province', 'Province or state must be at most 64 characters');
  await expectFieldError(
    page,
    'address-firstName',
    'First name must be 1-50 English letters, spaces, hyphens or apostrophes, starting with a letter',
  );
  await expectFieldError(
    page,
    'address-mobile-number',
    'Mobile number must be 4-14 digits, without the region code',
  );
  for (const id of ['address-country', 'address-city', 'address-street', 'address-lastName']) {
    await expect(page.locator(`#${id}-error`)).toHaveCount(0);
  }
  await expect(page.getByRole('combobox', { name: 'Country (required)' })).toHaveText('France');
  await expect(field(page, 'City (required)')).toHaveValue('Paris');
  await expect(field(page, 'Postal code')).toHaveValue('75001!');
  await expect(field(page, 'First name (required)')).toHaveValue('J4ne');
  await expect(field(page, 'Number (required)')).toHaveValue('1x');
  await expect(page).toHaveURL(`/users/${appUserId}/addresses/new`);

  const stored = await callWallet(request, 'addressList', { appUserId });
  expect(stored.data).toEqual([]);
});

test('the address page of an unknown user says so', async ({ page }) => {
  await page.goto('/users/nobody-e2e-unknown/addresses/new');
  await expect(page.getByRole('heading', { level: 1, name: 'User not found' })).toBeVisible();
  await expect(page.getByText('No user with the app user ID “nobody-e2e-unknown”')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add address' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to users' }).click();
  await expect(page).toHaveURL('/users');
});
