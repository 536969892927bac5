// Registering a user with KYC (spec 4.1) in a real browser: every field error of the form, the
// wallet's own refusal beside its field, a registration done with the keyboard alone that lands
// on the new user's page with the document number masked, and a repeated submit that registers
// once.
import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/a11y';
import { control, expectFieldError, openForm, pageWithoutScripts, postForm } from './support/forms';
import { captureThemes } from './support/screenshots';
import { callWallet, seedUser, uniqueId } from './support/wallet-api';

test.use({ role: 'operator' });

/** Presses Tab until `target` has focus: how a keyboard user gets to a field. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

function uniqueDocumentNo(): string {
  return `K${Math.floor(Math.random() * 9_000_000 + 1_000_000)}`;
}

async function fillRequired(
  page: Page,
  values: { appUserId: string; email: string; documentNo?: string },
): Promise<void> {
  await control(page, 'App user ID (required)').fill(values.appUserId);
  await control(page, 'E-mail (required)').fill(values.email);
  await control(page, 'First name (required)').fill('Jane');
  await control(page, 'Last name (required)').fill('Doe');
  await control(page, 'Date of birth (required)').fill('1990-04-12');
  await control(page, 'Region code (required)').fill('1');
  await control(page, 'Number (required)').fill('4155550100');
  await control(page, 'Region (required)').selectOption({ label: 'United States' });
  await control(page, 'Document type (required)').selectOption('PASSPORT');
  await control(page, 'Document number (required)').fill(values.documentNo ?? uniqueDocumentNo());
  await control(page, 'Photo URL 1').fill('https://files.example.com/doc-front.png');
}

test('every required field says what it needs when the form is sent empty', async ({ page }, testInfo) => {
  await openForm(page, '/users/new', 'Register a user');
  await expect(page.getByRole('heading', { level: 1, name: 'Register a user' })).toBeVisible();
  await expectAccessible(page, 'the empty registration form');
  await captureThemes(page, testInfo, 'register-user');

  await page.getByRole('button', { name: 'Register user' }).click();

  const expected: [string, string][] = [
    ['register-appUserId', 'Enter the app user ID'],
    ['register-email', 'Enter the e-mail address'],
    ['register-firstName', 'Enter the first name'],
    ['register-lastName', 'Enter the last name'],
    ['register-birthday', 'Enter the date of birth'],
    ['register-mobile-regionCode', 'Enter the region code of the mobile number'],
    ['register-mobile-number', 'Enter the mobile number'],
    ['register-region', 'Choose the region'],
    ['register-documentType', 'Choose the document type'],
    ['register-documentNo', 'Enter the document number'],
    ['register-photos-0', 'Enter the URL of a photo of the document'],
  ];
  for (const [id, message] of expected) await expectFieldError(page, id, message);

  // The summary lists them in page order, takes focus, and each entry leads to its field.
  const summary = page.getByRole('alert').filter({ hasText: 'The user was not registered' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('listitem')).toHaveText(expected.map(([, message]) => message));
  await summary.getByRole('link', { name: 'Choose the region', exact: true }).click();
  await expect(control(page, 'Region (required)')).toBeFocused();

  // Optional fields stay quiet.
  for (const id of ['register-gender', 'register-occupation', 'register-annualIncome', 'register-cardUUID']) {
    await expect(page.locator(`#${id}-error`)).toHaveCount(0);
  }
  await expectAccessible(page, 'the registration form with errors');
  await captureThemes(page, testInfo, 'register-user-errors');
});

test('each broken rule is named beside its field, and what was typed stays', async ({ page }) => {
  await openForm(page, '/users/new', 'Register a user');
  const typed: [Locator, string][] = [
    [control(page, 'App user ID (required)'), 'jane doe'],
    [control(page, 'E-mail (required)'), 'jane.example.com'],
    [control(page, 'First name (required)'), 'Jane2'],
    [control(page, 'Last name (required)'), 'Doe'],
    [control(page, 'Date of birth (required)'), '2999-01-01'],
    [control(page, 'Region code (required)'), '12345'],
    [control(page, 'Number (required)'), '12'],
    [control(page, 'Document number (required)'), 'X12--34'],
    [control(page, 'Photo URL 1'), 'ftp://files.example.com/doc-front.png'],
    [control(page, 'Occupation'), 'O'.repeat(65)],
    [control(page, 'Annual income (USD)'), '50000.123'],
    [control(page, 'Card account UUID'), 'abc'],
    [control(page, 'Supporting document URL'), 'files.example.com/visa.pdf'],
  ];
  for (const [field, value] of typed) await field.fill(value);
  await control(page, 'Gender').selectOption('FEMALE');
  await control(page, 'Supporting document type').selectOption('WORK_VISA');
  await control(page, 'Document type (required)').selectOption('OTHER');
  await control(page, 'Other document type (required)').fill('Seaman book!');
  // A second, empty photo row.
  await page.getByRole('button', { name: 'Add another photo URL' }).click();
  await expect(control(page, 'Photo URL 2')).toBeFocused();

  await page.getByRole('button', { name: 'Register user' }).click();

  await expectFieldError(
    page,
    'register-appUserId',
    "App user ID must be 1-64 letters, digits, '_', '.', '@', ':', '+' or '-'",
  );
  await expectFieldError(page, 'register-email', 'E-mail must be a valid e-mail address');
  await expectFieldError(
    page,
    'register-firstName',
    'First name must be 1-50 English letters, spaces, hyphens or apostrophes, starting with a letter',
  );
  await expectFieldError(page, 'register-birthday', 'Date of birth must not be in the future');
  await expectFieldError(page, 'register-mobile-regionCode', 'Region code must be 1-4 digits, e.g. 1 or 852');
  await expectFieldError(
    page,
    'register-mobile-number',
    'Mobile number must be 4-14 digits, without the region code',
  );
  // The region left unchosen: a country from the list, nothing typed.
  await expectFieldError(page, 'register-region', 'Choose the region');
  await expectFieldError(
    page,
    'register-documentTypeOther',
    "Document type must be 1-32 letters or digits, words separated by a single space, '_' or '-'",
  );
  await expectFieldError(
    page,
    'register-documentNo',
    "Document number must be 1-40 letters or digits, groups separated by a single space, '/' or '-'",
  );
  await expectFieldError(page, 'register-photos-0', 'Photo URL 1 must be an http(s) URL');
  await expectFieldError(page, 'register-photos-1', 'Enter photo URL 2, or remove it');
  await expectFieldError(page, 'register-occupation', 'Occupation must be at most 64 characters');
  await expectFieldError(
    page,
    'register-annualIncome',
    'Annual income must be an amount in USD, e.g. 50000 or 50000.00',
  );
  await expectFieldError(page, 'register-cardUUID', 'Card account UUID must be a UUID');
  await expectFieldError(
    page,
    'register-supportDocumentUrl',
    'Supporting document URL must be an http(s) URL',
  );
  // Valid fields carry no error.
  for (const id of ['register-lastName', 'register-gender', 'register-supportDocumentType']) {
    await expect(page.locator(`#${id}-error`)).toHaveCount(0);
  }
  await expect(
    page.getByRole('alert').filter({ hasText: 'The user was not registered' }).getByRole('listitem'),
  ).toHaveCount(15);

  // Nothing typed was lost.
  for (const [field, value] of typed) await expect(field).toHaveValue(value);
  await expect(control(page, 'Gender')).toHaveValue('FEMALE');
  await expect(control(page, 'Supporting document type')).toHaveValue('WORK_VISA');
  await expect(control(page, 'Other document type (required)')).toHaveValue('Seaman book!');

  // Removing the empty row and correcting a field clears their errors as they change.
  await page.getByRole('button', { name: 'Remove photo URL 2' }).click();
  await expect(control(page, 'Photo URL 2')).toHaveCount(0);
  await control(page, 'Annual income (USD)').fill('50000.12');
  await expect(page.locator('#register-annualIncome-error')).toHaveCount(0);

  // A supporting document needs both its type and its URL.
  await control(page, 'Supporting document URL').fill('');
  await page.getByRole('button', { name: 'Register user' }).click();
  await expectFieldError(
    page,
    'register-supportDocumentUrl',
    'Enter the URL of the supporting document, or clear its type',
  );
  await expectAccessible(page, 'the registration form with rule errors');
});

test("the wallet's refusal of a taken app user ID or e-mail shows beside that field", async ({
  page,
  request,
}) => {
  const taken = await seedUser(request);
  const appUserId = uniqueId('e2e-reg');
  await openForm(page, '/users/new', 'Register a user');

  await fillRequired(page, { appUserId: taken, email: `${appUserId}@example.com` });
  await page.getByRole('button', { name: 'Register user' }).click();
  await expectFieldError(
    page,
    'register-appUserId',
    'A user with this app user ID or e-mail is already registered.',
  );
  const summary = page.getByRole('alert').filter({ hasText: 'The user was not registered' });
  await expect(summary.getByRole('listitem')).toHaveText([
    'A user with this app user ID or e-mail is already registered.',
  ]);
  await expect(control(page, 'App user ID (required)')).toHaveValue(taken);
  await expect(control(page, 'E-mail (required)')).toHaveValue(`${appUserId}@example.com`);
  await expect(page).toHaveURL(/\/users\/new$/);

  // The same form, now with a free ID but the other user's e-mail address.
  await control(page, 'App user ID (required)').fill(appUserId);
  await control(page, 'E-mail (required)').fill(`${taken.toUpperCase()}@example.com`);
  await page.getByRole('button', { name: 'Register user' }).click();
  await expectFieldError(
    page,
    'register-email',
    'A user with this app user ID or e-mail is already registered.',
  );
  await expect(page.locator('#register-appUserId-error')).toHaveCount(0);

  // Corrected, the same form (and request ID) registers the user: a refused call changed nothing.
  await control(page, 'E-mail (required)').fill(`${appUserId}@example.com`);
  await page.getByRole('button', { name: 'Register user' }).click();
  await expect(page).toHaveURL(`/users/${appUserId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Jane Doe' })).toBeVisible();
});

test('registers a user with the keyboard alone and lands on their page, document number masked', async ({
  page,
  request,
}, testInfo) => {
  // Every keystroke and every focus check is a round trip to the browser.
  test.slow();
  const appUserId = uniqueId('e2e-kbd');
  const documentNo = uniqueDocumentNo();
  await openForm(page, '/users/new', 'Register a user');
  const field = (label: string) => control(page, label);

  await tabTo(page, field('App user ID (required)'));
  await page.keyboard.type(appUserId);
  await page.keyboard.press('Tab');
  await expect(field('E-mail (required)')).toBeFocused();
  await page.keyboard.type(`${appUserId}@example.com`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Mary-Jane');
  await page.keyboard.press('Tab');
  await page.keyboard.type("O'Neil");
  await tabTo(page, field('Date of birth (required)'));
  // Chromium's date field reads mm/dd/yyyy in an en-US browser.
  await page.keyboard.type('04121990');
  await expect(field('Date of birth (required)')).toHaveValue('1990-04-12');
  await tabTo(page, field('Gender'));
  await page.keyboard.press('ArrowDown');
  await expect(field('Gender')).toHaveValue('FEMALE');
  await tabTo(page, field('Region code (required)'));
  await page.keyboard.type('+852');
  await page.keyboard.press('Tab');
  await expect(field('Number (required)')).toBeFocused();
  await page.keyboard.type('9123 4567');
  await page.keyboard.press('Tab');
  await expect(field('Region (required)')).toBeFocused();
  // A list of countries: typing a name picks it.
  await page.keyboard.type('Hong Kong');
  await expect(field('Region (required)')).toHaveValue('HK');

  await page.keyboard.press('Tab');
  await expect(field('Document type (required)')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(field('Document type (required)')).toHaveValue('PASSPORT');
  await page.keyboard.press('Tab');
  await expect(field('Document number (required)')).toBeFocused();
  await page.keyboard.type(documentNo);
  await tabTo(page, field('Photo URL 1'));
  await page.keyboard.type('https://files.example.com/front.png');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add another photo URL' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(field('Photo URL 2')).toBeFocused();
  await page.keyboard.type('https://files.example.com/back.png');
  // A third row added by mistake, and removed again.
  await tabTo(page, page.getByRole('button', { name: 'Add another photo URL' }));
  await page.keyboard.press('Enter');
  await expect(field('Photo URL 3')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Remove photo URL 3' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(field('Photo URL 3')).toHaveCount(0);

  await tabTo(page, field('Annual income (USD)'));
  await page.keyboard.type('85000.50');
  await tabTo(page, field('Supporting document type'));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(field('Supporting document type')).toHaveValue('BANK_STATEMENT');
  await page.keyboard.press('Tab');
  await page.keyboard.type('https://files.example.com/statement.pdf');
  // Back up to check the date of birth, then on to the button.
  await tabTo(page, field('Last name (required)'), { backwards: true });
  await expect(field('Last name (required)')).toHaveValue("O'Neil");
  await tabTo(page, page.getByRole('button', { name: 'Register user' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(`/users/${appUserId}`);
  await expect(page.getByText('User registered')).toBeVisible();
  await expect(
    page.getByText(`Mary-Jane O'Neil (${appUserId}) is registered with the wallet.`),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: "Mary-Jane O'Neil" })).toBeVisible();

  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByTestId('document-number')).toContainText(`••••${documentNo.slice(-4)}`);
  await expect(profile).toContainText('+852 91234567');
  await expect(profile).toContainText('Hong Kong');
  await expect(profile).toContainText('Passport');
  // Neither the HTML (with its inline RSC payload) nor the RSC payload of a navigation holds it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: "Mary-Jane O'Neil" })).toBeVisible();
  expect(await page.content()).not.toContain(documentNo);
  const flight = await page.request.get(`/users/${appUserId}`, { headers: { RSC: '1' } });
  const payload = await flight.text();
  expect(payload).toContain(`••••${documentNo.slice(-4)}`);
  expect(payload).not.toContain(documentNo);

  // The wallet holds exactly what was typed, mapped onto 4.1.
  const stored = await callWallet(request, 'cardListAllByUser', { appUserId });
  expect(stored.data?.list[0]).toMatchObject({
    appUserId,
    email: `${appUserId}@example.com`,
    firstName: 'Mary-Jane',
    lastName: "O'Neil",
    mobile: '852-91234567',
    regionDesc: 'HK',
    documentType: 'PASSPORT',
    documentNo,
  });
  await expectAccessible(page, 'the new user page');
  await captureThemes(page, testInfo, 'user-page-new-user');
});

test('sending the same form twice registers the user once', async ({ page, request }) => {
  const appUserId = uniqueId('e2e-twice');
  await openForm(page, '/users/new', 'Register a user');
  await fillRequired(page, { appUserId, email: `${appUserId}@example.com` });
  const sent: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.headers()['next-action']) sent.push(r);
  });
  await page.getByRole('button', { name: 'Register user' }).dblclick();
  await expect(page).toHaveURL(`/users/${appUserId}`);
  expect(sent).toHaveLength(1);

  // The same request again (same request ID), as a retry after a lost answer would send it:
  // the wallet answers with the first registration instead of "already registered".
  const [first] = sent;
  if (!first) throw new Error('no action request was sent');
  const headers = await first.allHeaders();
  const again = await page.request.post(first.url(), {
    headers: {
      'next-action': headers['next-action'] ?? '',
      'content-type': headers['content-type'] ?? 'text/plain;charset=UTF-8',
      accept: headers.accept ?? 'text/x-component',
      origin: headers.origin ?? '',
    },
    data: first.postData() ?? '',
  });
  const body = await again.text();
  expect(body).toContain(`"appUserId":"${appUserId}"`);
  expect(body).not.toContain('already registered');
  const stored = await callWallet(request, 'cardListAllByUser', { appUserId });
  expect(stored.data?.dataTotal).toBe(1);
});

test('registers with the form posted without JavaScript; a refusal answers with what was typed', async ({
  browser,
  storageStates,
  request,
}, testInfo) => {
  const page = await pageWithoutScripts(browser, storageStates.operator, testInfo.project.use.baseURL);
  const appUserId = uniqueId('e2e-nojs');
  const documentNo = uniqueDocumentNo();
  await page.goto('/users/new');
  const form = page.locator('form[aria-label="Register a user"]');
  await expect(form).toHaveAttribute('method', /^post$/i);
  const submitWith = (values: Record<string, string>) => postForm(page, form, values);
  const values = {
    appUserId,
    email: 'not-an-address',
    firstName: 'Nora',
    lastName: 'Script',
    birthday: '1988-02-03',
    'mobile.regionCode': '44',
    'mobile.number': '7700900123',
    region: 'GB',
    documentType: 'PASSPORT',
    documentNo,
    'photos.0.url': 'https://files.example.com/nojs.png',
  };
  await submitWith(values);
  await expect(page).toHaveURL(/\/users\/new$/);
  await expect(page.locator('#register-email-error')).toHaveText('E-mail must be a valid e-mail address');
  for (const [name, value] of Object.entries(values)) {
    await expect(form.locator(`[name="${name}"]`)).toHaveValue(value);
  }
  expect((await callWallet(request, 'cardListAllByUser', { appUserId })).data?.dataTotal ?? 0).toBe(0);

  await submitWith({ email: `${appUserId}@example.com` });
  await expect(page).toHaveURL(`/users/${appUserId}`);
  const stored = await callWallet(request, 'cardListAllByUser', { appUserId });
  expect(stored.data?.list[0]).toMatchObject({
    appUserId,
    email: `${appUserId}@example.com`,
    mobile: '44-7700900123',
    documentNo,
  });
  await page.context().close();
});
