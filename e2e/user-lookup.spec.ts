// Looking users up in a real browser (spec 4.2, 4.6 and the extensions): the directory searched
// by e-mail address and by app user ID, paged through by URL (back and forward), the not-found
// and unusable-search states, an unknown user's page, and a support agent who sees a user's
// profile, cards, addresses and balances but can start nothing, not even by calling the actions.
import type { APIRequestContext, Browser, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/a11y';
import { captureThemes } from './support/screenshots';
import { creditUserWallet } from './support/scripts';
import { callWallet, seedUser, uniqueId } from './support/wallet-api';

const REGISTERED_AT = /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC$/;

/** A virtual card for the user, paid by the agency (4.3). */
async function seedCard(request: APIRequestContext, appUserId: string) {
  const assets = await callWallet(request, 'agencyAssetList', {});
  const categories = await callWallet(request, 'categoryList', {});
  const asset = assets.data?.find((a) => a.type === 'CARD_MARGIN');
  const category = categories.data?.find((c) => c.type === 'VIRTUAL' && c.currency === asset?.currency);
  if (!asset || !category) throw new Error('no card margin asset or virtual category to seed a card with');
  const card = await callWallet(request, 'agencyApplyUserCard', {
    appUserId,
    paymentAssetId: asset.assetId,
    categoryId: category.categoryId,
    embossedName: 'JANE DOE',
  });
  if (card.code !== 0 || !card.data) throw new Error(`seedCard failed: ${card.code} ${card.msg}`);
  return { ...card.data, category };
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Find a user' }).fill(text);
  await page.getByRole('searchbox', { name: 'Find a user' }).press('Enter');
}

test.describe('as an operator', () => {
  test.use({ role: 'operator' });

  test('finds a user by e-mail address and by app user ID; the row leads to the user', async ({
    page,
    request,
  }, testInfo) => {
    const appUserId = await seedUser(request, { firstName: 'Lena', lastName: 'Lookup' });
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Register user' })).toBeVisible();
    await expectAccessible(page, 'the user directory');
    await captureThemes(page, testInfo, 'users');

    // By e-mail, written in capitals: addresses match whatever their case.
    await search(page, `${appUserId.toUpperCase()}@EXAMPLE.COM`);
    await expect(page).toHaveURL(`/users?q=${encodeURIComponent(`${appUserId.toUpperCase()}@EXAMPLE.COM`)}`);
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2);
    const cells = rows.nth(1).getByRole('cell');
    await expect(cells).toHaveText([
      'Lena Lookup',
      appUserId,
      `${appUserId}@example.com`,
      '+1 4155550100',
      'United States',
      REGISTERED_AT,
      '0',
    ]);
    await expect(page.getByRole('table')).toHaveAccessibleName(
      `1 user matching “${appUserId.toUpperCase()}@EXAMPLE.COM”, best match first.`,
    );

    // 4.2 hands the directory each user's document number; none of it reaches the browser.
    expect(await page.content()).not.toContain('X1234567');

    // By app user ID.
    await search(page, appUserId);
    await expect(page).toHaveURL(`/users?q=${appUserId}`);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText(appUserId);
    await rows.nth(1).getByRole('link', { name: 'Lena Lookup' }).click();
    await expect(page).toHaveURL(`/users/${appUserId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Lena Lookup' })).toBeVisible();
    await expect(page.getByTestId('document-number')).toContainText('••••4567');
    await page.reload();
    expect(await page.content()).not.toContain('X1234567');

    // Back to the search, which is still in the box.
    await page.goBack();
    await expect(page).toHaveURL(`/users?q=${appUserId}`);
    await expect(page.getByRole('searchbox', { name: 'Find a user' })).toHaveValue(appUserId);
    await page.getByRole('link', { name: 'Clear search' }).click();
    await expect(page).toHaveURL('/users');
    await expect(page.getByRole('searchbox', { name: 'Find a user' })).toHaveValue('');
  });

  test('a search that finds nobody says so, and an unusable one names the rule', async ({
    page,
    request,
  }, testInfo) => {
    // Someone to list once the search is cleared: on a fresh database this test may run first.
    await seedUser(request);
    await page.goto('/users');
    await search(page, 'nobody-e2e-lookup');
    await expect(page.getByRole('heading', { name: 'No user found' })).toBeVisible();
    await expect(
      page.getByText(
        "No user matches “nobody-e2e-lookup”. The search looks at first and last names, e-mail addresses and app user IDs (whole or their start), phone numbers, and cards' last four digits or IDs.",
      ),
    ).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectAccessible(page, 'a search without results');
    await captureThemes(page, testInfo, 'users-not-found');

    await search(page, 'nobody-e2e@example.com');
    await expect(page.getByText(/^No user matches “nobody-e2e@example\.com”\./)).toBeVisible();

    await search(page, 'j');
    await expect(page.locator('#user-search-error')).toHaveText(
      "Type 2-64 characters: a name, an e-mail or app user ID (or their start), a phone number or a card's last four digits",
    );
    await expect(page.getByRole('searchbox', { name: 'Find a user' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page.getByRole('searchbox', { name: 'Find a user' })).toHaveValue('j');
    await expect(page.getByRole('table')).toHaveCount(0);

    await page.getByRole('link', { name: 'Clear search' }).click();
    await expect(page).toHaveURL('/users');
    await expect(page.getByRole('searchbox', { name: 'Find a user' })).toHaveValue('');
    await expect(page.getByRole('table')).toBeVisible();
  });

  test('pages through the directory by URL, with back and forward', async ({ page, request }) => {
    for (let i = 0; i < 3; i++) await seedUser(request);
    await page.goto('/users?size=2');
    const summary = page.locator('[data-slot="pagination"] > p');
    const pages = page.getByRole('navigation', { name: 'Pagination' });
    const rows = page.getByRole('table').getByRole('row');
    await expect(summary).toHaveText(/^Showing 1–2 of \d+ users$/);
    await expect(rows).toHaveCount(3);
    await expect(pages.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const firstOnPage1 = await rows.nth(1).getByRole('cell').nth(1).textContent();

    await pages.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL('/users?size=2&page=2');
    await expect(summary).toHaveText(/^Showing 3–[34] of \d+ users$/);
    await expect(pages.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(rows.nth(1).getByRole('cell').nth(1)).not.toHaveText(firstOnPage1 ?? '');

    await page.goBack();
    await expect(page).toHaveURL('/users?size=2');
    await expect(summary).toHaveText(/^Showing 1–2 of \d+ users$/);
    await page.goForward();
    await expect(page).toHaveURL('/users?size=2&page=2');
    await expect(summary).toHaveText(/^Showing 3–[34] of \d+ users$/);
    await pages.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL('/users?size=2');

    // Rows per page: back to the first page at the new size.
    await page.goto('/users?size=2&page=2');
    await page.getByLabel('Rows per page').selectOption('10');
    await expect(page).toHaveURL('/users?size=10');
    await expect(summary).toHaveText(/^Showing 1–\d+ of \d+ users$/);
    await page.getByLabel('Rows per page').selectOption('20');
    await expect(page).toHaveURL('/users');

    // A page past the end.
    await page.goto('/users?size=100&page=999');
    await expect(page.getByRole('heading', { name: 'There is no page 999' })).toBeVisible();
    // Other specs seed users into the same database, so the count of pages is not fixed.
    await expect(page.getByText(/^At 100 users a page, the directory has \d+ pages?\.$/)).toBeVisible();
    await page.getByRole('link', { name: 'Go to the first page' }).click();
    await expect(page).toHaveURL('/users?size=100');
    await expect(rows.first()).toBeVisible();
  });

  test('the page of an unknown user says so and leads back', async ({ page }, testInfo) => {
    await page.goto('/users/nobody-e2e-unknown');
    await expect(page.getByRole('heading', { level: 1, name: 'User not found' })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'No user with the app user ID “nobody-e2e-unknown”' }),
    ).toBeVisible();
    await expect(
      page.getByText(
        'Nobody is registered with the wallet under this ID. The link may be mistyped, or the user may be registered under another ID.',
      ),
    ).toBeVisible();
    await expectAccessible(page, 'an unknown user');
    await captureThemes(page, testInfo, 'user-not-found');
    await page.getByRole('link', { name: 'Back to users' }).click();
    await expect(page).toHaveURL('/users');
  });
});

test.describe('as a support agent', () => {
  test.use({ role: 'support' });

  test('sees a user’s profile, cards, addresses and balances, and can start nothing', async ({
    page,
    request,
  }, testInfo) => {
    const appUserId = await seedUser(request, {
      firstName: 'Sven',
      lastName: 'Support',
      mobile: '46-701234567',
      region: 'Sweden',
      documentType: 'ID_CARD',
      documentNo: 'SE9988776',
    });
    const address = await callWallet(request, 'addAddress', {
      appUserId,
      country: 'SE',
      city: 'Stockholm',
      street: 'Drottninggatan 1',
      postalCode: '111 51',
      firstName: 'Sven',
      lastName: 'Support',
      mobile: '46-701234567',
    });
    expect(address.code).toBe(0);
    const card = await seedCard(request, appUserId);
    creditUserWallet(appUserId, '25.00');

    await page.goto('/users');
    await expect(page.getByRole('main').getByRole('link', { name: 'Register user' })).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Register user' }),
    ).toHaveCount(0);
    await search(page, appUserId);
    const row = page.getByRole('table').getByRole('row').nth(1);
    await expect(row.getByRole('cell')).toHaveText([
      'Sven Support',
      appUserId,
      `${appUserId}@example.com`,
      '+46 701234567',
      'Sweden',
      REGISTERED_AT,
      '1',
    ]);
    await row.getByRole('link', { name: 'Sven Support' }).click();

    await expect(page).toHaveURL(`/users/${appUserId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sven Support' })).toBeVisible();
    const profile = page.getByRole('region', { name: 'Profile' });
    await expect(profile.locator('dt')).toHaveText([
      'App user ID',
      'First name',
      'Last name',
      'E-mail',
      'Mobile',
      'Region',
      'Document type',
      'Document number',
      'Date of birth',
      'Document expiry',
      'Verification',
      'Wallet account',
      'Registered',
    ]);
    await expect(profile.locator('dd')).toHaveText([
      appUserId,
      'Sven',
      'Support',
      `${appUserId}@example.com`,
      '+46 701234567',
      'Sweden',
      'National identity card',
      '•••••8776(masked)',
      '12 Apr 1990',
      'None on file',
      /^Verified, no expiry on file/,
      'Standard',
      REGISTERED_AT,
    ]);

    const cards = page.getByRole('region', { name: 'Cards' });
    await expect(cards.getByRole('row').nth(1).getByRole('cell')).toHaveText([
      `${card.cardNumber.slice(0, 6)} ${'•'.repeat(card.cardNumber.length - 10)} ${card.last4}`,
      card.category.name,
      card.category.network,
      'Virtual',
      'Active',
      `${card.expiryMonth}/${card.expiryYear}`,
    ]);
    const addresses = page.getByRole('region', { name: 'Addresses' });
    await expect(addresses.getByRole('listitem')).toHaveCount(1);
    await expect(addresses.getByRole('listitem').locator('address > span')).toHaveText([
      'Drottninggatan 1',
      '111 51 Stockholm',
      'Sweden',
      '+46 701234567',
    ]);
    await expect(addresses.getByRole('listitem')).toContainText('Default');
    const assets = page.getByRole('region', { name: 'Assets' });
    await expect(assets.getByRole('row').nth(1).getByRole('cell')).toHaveText([
      'Wallet (USD)',
      'Wallet',
      'USD',
      '$25.00',
    ]);

    // Nothing to start here.
    const main = page.getByRole('main');
    for (const name of [
      'Add address',
      'Issue card',
      'Add the first address',
      'Issue the first card',
      'Register user',
    ]) {
      await expect(main.getByRole('link', { name })).toHaveCount(0);
      await expect(main.getByRole('button', { name })).toHaveCount(0);
    }
    // The full card and document numbers reach the browser in no form.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sven Support' })).toBeVisible();
    const html = await page.content();
    expect(html).not.toContain(card.cardNumber);
    expect(html).not.toContain('SE9988776');
    const flight = await (await page.request.get(`/users/${appUserId}`, { headers: { RSC: '1' } })).text();
    expect(flight).toContain('•••••8776');
    expect(flight).not.toContain(card.cardNumber);
    expect(flight).not.toContain('SE9988776');
    await expectAccessible(page, 'a user page seen by support');
    await captureThemes(page, testInfo, 'user-page');

    // The pages that change something say no, without a form.
    await page.goto('/users/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Register a user' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    await expect(
      page.getByText('Your role does not include registering users. Ask an administrator if you need it.'),
    ).toBeVisible();
    await expect(page.getByRole('form')).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expectAccessible(page, 'registration refused to support');
    await captureThemes(page, testInfo, 'register-user-denied');

    await page.goto(`/users/${appUserId}/addresses/new`);
    await expect(page.getByRole('heading', { level: 1, name: 'Add an address' })).toBeVisible();
    await expect(
      page.getByText('Your role does not include adding addresses. Ask an administrator if you need it.'),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('form')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('combobox')).toHaveCount(0);
    await expectAccessible(page, 'address entry refused to support');
  });

  /** The server action request a form sends, captured in an operator's browser and not delivered. */
  async function captureAction(
    browser: Browser,
    storageState: string,
    path: string,
    fill: (page: Page) => Promise<void>,
    submit: string,
  ): Promise<{ url: string; headers: Record<string, string>; body: string }> {
    const context = await browser.newContext({ storageState, baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    await page.goto(path);
    // Typing before hydration would be undone by the form's defaults.
    const form = await page.getByRole('form').elementHandle();
    await page.waitForFunction(
      (element) => Object.keys(element ?? {}).some((key) => key.startsWith('__reactProps')),
      form,
    );
    await fill(page);
    const captured = new Promise<Request>((resolve) => {
      void page.route('**/*', async (route) => {
        if (route.request().method() === 'POST' && route.request().headers()['next-action']) {
          resolve(route.request());
          await route.abort();
        } else {
          await route.fallback();
        }
      });
    });
    await page.getByRole('button', { name: submit }).click();
    const request = await captured;
    const headers = await request.allHeaders();
    const result = {
      url: new URL(request.url()).pathname,
      headers: {
        'next-action': headers['next-action'] ?? '',
        'content-type': headers['content-type'] ?? 'text/plain;charset=UTF-8',
        accept: headers.accept ?? 'text/x-component',
        origin: headers.origin ?? '',
      },
      body: request.postData() ?? '',
    };
    await context.close();
    return result;
  }

  test('the actions refuse a support agent who calls them directly', async ({
    page,
    request,
    browser,
    storageStates,
  }) => {
    const appUserId = uniqueId('e2e-refused');
    const register = await captureAction(
      browser,
      storageStates.operator,
      '/users/new',
      async (form) => {
        const field = (name: string) =>
          form
            .getByRole('textbox', { name, exact: true })
            .or(form.getByRole('combobox', { name, exact: true }));
        await field('App user ID (required)').fill(appUserId);
        await field('E-mail (required)').fill(`${appUserId}@example.com`);
        await field('First name (required)').fill('Rita');
        await field('Last name (required)').fill('Refused');
        await field('Date of birth (required)').fill('1985-01-31');
        await field('Region code (required)').fill('44');
        await field('Number (required)').fill('7700900123');
        await field('Region (required)').selectOption({ label: 'United Kingdom' });
        await field('Document type (required)').selectOption('PASSPORT');
        await field('Document number (required)').fill('GB1234567');
        await field('Photo URL 1').fill('https://files.example.com/front.png');
      },
      'Register user',
    );
    const registered = await page.request.post(register.url, {
      headers: register.headers,
      data: register.body,
    });
    expect(await registered.text()).toContain('Your role (support) does not allow this.');
    expect((await callWallet(request, 'cardListAllByUser', { appUserId })).data?.dataTotal).toBe(0);

    const owner = await seedUser(request);
    const address = await captureAction(
      browser,
      storageStates.operator,
      `/users/${owner}/addresses/new`,
      async (form) => {
        const trigger = form.getByRole('combobox', { name: 'Country (required)' });
        await trigger.focus();
        await form.keyboard.press('N');
        await expect(form.getByPlaceholder('Search countries')).toBeFocused();
        await form.keyboard.type('orway');
        await form.keyboard.press('Enter');
        await form.getByRole('textbox', { name: 'City (required)', exact: true }).fill('Oslo');
        await form
          .getByRole('textbox', { name: 'Street (required)', exact: true })
          .fill('Karl Johans gate 1');
      },
      'Add address',
    );
    const added = await page.request.post(address.url, { headers: address.headers, data: address.body });
    expect(await added.text()).toContain('Your role (support) does not allow this.');
    expect((await callWallet(request, 'addressList', { appUserId: owner })).data).toEqual([]);
  });
});

// Issue 40 item 11: "it was an hour ago" on the phone must match the page, so a time reads in the
// viewer's own zone once the page's scripts run, UTC on hover and in the server's HTML.
test.describe("in the viewer's time zone", () => {
  test.use({ role: 'support', timezoneId: 'Asia/Kolkata' });

  test("a user's registration time reads in the viewer's time, UTC on hover", async ({ page, request }) => {
    const appUserId = await seedUser(request, { firstName: 'Zia', lastName: 'Zone' });
    await page.goto(`/users/${appUserId}`);
    const registered = page.getByRole('region', { name: 'Profile' }).locator('time[title]');
    const instant = new Date((await registered.getAttribute('datetime'))!);
    // Written here, not taken from the code it checks: Kolkata is UTC+5:30 all year.
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const write = (d: Date, zone: string) =>
      `${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${d.toISOString().slice(11, 16)} ${zone}`;
    await expect(registered).toHaveText(write(new Date(instant.getTime() + 330 * 60_000), 'UTC+5:30'));
    await expect(registered).toHaveAttribute('title', write(instant, 'UTC'));
  });
});
