// The card list (/cards, spec 4.2) in a real browser against the real app and database: users
// grouped with their cards and counts by status (card holders only unless switched to all users), masked card numbers everywhere (HTML, RSC
// payload, /cards/data JSON, CSV), paging in the URL with back/forward/reload and a prefetched
// next page, the filter and its states, the CSV export, the keyboard, a support agent, and
// signed-out refusals. Other spec files register users at the same time, so assertions are about
// the users seeded here (through the filter) or relative to them, never about global totals.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/a11y';
import { captureThemes } from './support/screenshots';
import { callWallet, seedUser, uniqueId } from './support/wallet-api';

type SeededCard = {
  cardId: number;
  cardNumber: string;
  expiry: string;
  activeTime: string | null;
  kind: 'virtual' | 'physical';
};
type SeededUser = {
  appUserId: string;
  email: string;
  name: string;
  registerTime: string;
  embossedName: string;
  cards: SeededCard[];
};

const VIRTUAL_VISA = 1;
const PHYSICAL_VISA = 3;
const FILLERS = 11;
/** The users seeded here that the default list (card holders only) shows: holder, formula, fillers. */
const HOLDERS = 2 + FILLERS;
const BOM = '\uFEFF';
const CSV_HEADER =
  'App user ID,Name,E-mail,Registered (UTC),Card number,Category,Network,Type,Status,Account status,Expiry,Embossed name,Active since (UTC)\r\n';
const INVALID_APP_USER_ID =
  "The app user ID is not valid: it must be 1-64 letters, digits, '_', '.', '@', ':', '+' or '-'. Correct it and try again.";

let holder: SeededUser;
let cardless: SeededUser;
let formula: SeededUser;

async function seed(
  request: APIRequestContext,
  paymentAssetId: number,
  user: { appUserId: string; email: string; firstName: string; lastName: string },
  cards: ('virtual' | 'physical')[],
): Promise<SeededUser> {
  await seedUser(request, user);
  const embossedName = `${user.firstName} ${user.lastName}`.toUpperCase();
  for (const kind of cards) {
    const applied = await callWallet(request, 'agencyApplyUserCard', {
      appUserId: user.appUserId,
      paymentAssetId,
      categoryId: kind === 'virtual' ? VIRTUAL_VISA : PHYSICAL_VISA,
      embossedName,
      needDelivery: false,
    });
    expect(applied.code, applied.msg).toBe(0);
  }
  // What the wallet holds, including the full card numbers the back-office must never show.
  const listed = await callWallet(request, 'cardListAllByUser', { appUserId: user.appUserId });
  const entry = listed.data?.list[0];
  if (!entry) throw new Error(`seeded user ${user.appUserId} is not listed`);
  return {
    appUserId: user.appUserId,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`,
    registerTime: entry.registerTime,
    embossedName,
    cards: entry.cardList.map((card) => ({
      cardId: card.cardId,
      cardNumber: card.cardNumber,
      expiry: `${card.expireMonth}/${card.expireYear}`,
      activeTime: card.activeTime,
      kind: card.type === 'VIRTUAL' ? 'virtual' : 'physical',
    })),
  };
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const assets = await callWallet(request, 'agencyAssetList', {});
  const asset = assets.data?.find((a) => a.type === 'CARD_MARGIN' && a.currency === 'USD');
  if (!asset) throw new Error('no USD card-margin asset to pay for cards');
  const holderId = uniqueId('cards-holder');
  holder = await seed(
    request,
    asset.assetId,
    { appUserId: holderId, email: `${holderId}@example.com`, firstName: 'Carla', lastName: 'Holder' },
    ['virtual', 'virtual', 'physical'],
  );
  const cardlessId = uniqueId('cards-none');
  cardless = await seed(
    request,
    asset.assetId,
    { appUserId: cardlessId, email: `${cardlessId}@example.com`, firstName: 'Nora', lastName: 'Nocard' },
    [],
  );
  // Values a spreadsheet would run as formulas: an app user ID starting '@', an e-mail starting '-'.
  const formulaId = uniqueId('csv');
  formula = await seed(
    request,
    asset.assetId,
    {
      appUserId: `@${formulaId}`,
      email: `-${formulaId}@example.com`,
      firstName: 'Fred',
      lastName: 'Formula',
    },
    ['virtual'],
  );
  // Fillers hold a card each: the list shows card holders only by default (4.2 withCards).
  for (let i = 0; i < FILLERS; i++) {
    const filler = await seedUser(request);
    const applied = await callWallet(request, 'agencyApplyUserCard', {
      appUserId: filler,
      paymentAssetId: asset.assetId,
      categoryId: VIRTUAL_VISA,
      embossedName: 'JANE DOE',
      needDelivery: false,
    });
    expect(applied.code, applied.msg).toBe(0);
  }
  await request.dispose();
});

// ---------------------------------------------------------------- helpers

const masked = (n: string) => `${n.slice(0, 6)} ${'•'.repeat(n.length - 10)} ${n.slice(-4)}`;
// The back-office's date formats (lib/backoffice/shared/format.ts), written out here so that the test
// does not take them from the code it checks: "1 May 2026, 09:30 UTC" and "1 May 2026".
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const utcDate = (iso: string) => {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};
const utcMinute = (iso: string) => `${utcDate(iso)}, ${new Date(iso).toISOString().slice(11, 16)} UTC`;
const cardsHref = (q: string) => `/cards?${new URLSearchParams({ q }).toString()}`;

async function expectPath(page: Page, pathAndQuery: string) {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return `${url.pathname}${url.search}`;
    })
    .toBe(pathAndQuery);
}

const userRows = (page: Page) => page.locator('[data-testid^="cards-user-"]');
const userIds = (page: Page) =>
  userRows(page).evaluateAll((rows) =>
    rows.map((r) => r.getAttribute('data-testid')?.slice('cards-user-'.length)),
  );
const summary = (page: Page) => page.getByText(/^(Showing \d|No users$)/);
const currentPage = (page: Page) =>
  page.getByRole('navigation', { name: 'Pagination' }).locator('[aria-current="page"]');

function isDataRequest(request: Request, page: number, size: number): boolean {
  const url = new URL(request.url());
  return (
    url.pathname === '/cards/data' &&
    url.searchParams.get('page') === String(page) &&
    url.searchParams.get('size') === String(size)
  );
}

/** A user's row, cell by cell, exactly as staff read it. */
async function expectUserRow(page: Page, user: SeededUser, cardSummary: string) {
  const row = page.getByTestId(`cards-user-${user.appUserId}`);
  await expect(row.getByTestId('user-name')).toHaveText(user.name);
  await expect(row.getByTestId('user-id')).toHaveText(user.appUserId);
  await expect(row.getByTestId('user-email')).toHaveText(user.email);
  await expect(row.getByTestId('user-registered')).toHaveText(utcMinute(user.registerTime));
  await expect(row.getByTestId('card-summary')).toHaveText(cardSummary);
}

async function expectCardRow(page: Page, user: SeededUser, card: SeededCard) {
  const virtual = card.kind === 'virtual';
  const row = page.getByTestId(`card-row-${card.cardId}`);
  await expect(row.locator('td')).toHaveCount(7);
  await expect(row.locator('td').nth(0)).toHaveText(masked(card.cardNumber));
  await expect(row.getByTestId('card-category')).toHaveText(
    virtual ? 'Virtual Visa Classic' : 'Physical Visa Gold',
  );
  await expect(row.getByTestId('card-network-type')).toHaveText(
    virtual ? 'VISA · Virtual' : 'VISA · Physical',
  );
  await expect(row.locator('td').nth(2)).toHaveText(virtual ? 'Active' : 'Pending');
  await expect(row.locator('td').nth(3)).toHaveText(virtual ? 'Approved' : 'Pending');
  await expect(row.locator('td').nth(4)).toHaveText(card.expiry);
  await expect(row.locator('td').nth(5)).toHaveText(user.embossedName);
  await expect(row.locator('td').nth(6)).toHaveText(
    card.activeTime === null ? 'Not active yet' : utcDate(card.activeTime),
  );
}

function csvLines(user: SeededUser, defuse = false): string {
  const cell = (v: string) => (defuse && /^[=+\-@]/.test(v) ? `'${v}` : v);
  const userCells = [cell(user.appUserId), user.name, cell(user.email), user.registerTime];
  if (user.cards.length === 0) return `${[...userCells, ...Array<string>(9).fill('')].join(',')}\r\n`;
  return user.cards
    .map((card) => {
      const virtual = card.kind === 'virtual';
      return `${[
        ...userCells,
        masked(card.cardNumber),
        virtual ? 'Virtual Visa Classic' : 'Physical Visa Gold',
        'VISA',
        virtual ? 'VIRTUAL' : 'PHYSICAL',
        virtual ? 'ACTIVE' : 'PENDING',
        virtual ? 'APPROVED' : 'PENDING',
        card.expiry,
        user.embossedName,
        card.activeTime ?? '',
      ].join(',')}\r\n`;
    })
    .join('');
}

function expectNoFullCardNumber(text: string, users: SeededUser[]) {
  for (const user of users) for (const card of user.cards) expect(text).not.toContain(card.cardNumber);
}

/** Presses Tab until `target` has focus (the keyboard path a person would take). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('Tab never reached the target');
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');

async function downloadCsv(page: Page) {
  const before = new Date();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const after = new Date();
  expect([`cards-${utcDay(before)}.csv`, `cards-${utcDay(after)}.csv`]).toContain(
    download.suggestedFilename(),
  );
  return readFile(await download.path(), 'utf8');
}

// ---------------------------------------------------------------- as an operator

test.describe('as an operator', () => {
  test('groups each user with their cards, counted by status, card numbers masked everywhere', async ({
    page,
  }, testInfo) => {
    await page.goto(cardsHref(holder.appUserId));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cards');
    await expect(page.getByTestId('cards-table').locator('thead').first().locator('th')).toHaveText([
      'User',
      'E-mail',
      'Registered (UTC)',
      'Cards',
    ]);
    await expect(userRows(page)).toHaveCount(1);
    await expectUserRow(page, holder, '2 active · 1 pending');
    const cards = page.getByTestId(`cards-of-${holder.appUserId}`);
    await expect(cards.locator('thead th')).toHaveText([
      'Card number',
      'Category',
      'Status',
      'Account',
      'Expires',
      'Embossed name',
      'Active since (UTC)',
    ]);
    expect(holder.cards.map((c) => c.kind)).toEqual(['virtual', 'virtual', 'physical']);
    await expect(cards.locator('tbody tr')).toHaveCount(3);
    for (const card of holder.cards) {
      await expectCardRow(page, holder, card);
    }
    await expect(summary(page)).toHaveText('Showing 1–1 of 1 user');

    // Neither the DOM, nor the HTML with its RSC payload, nor the RSC request, nor the JSON.
    expectNoFullCardNumber(await page.content(), [holder]);
    const html = await page.request.get(cardsHref(holder.appUserId));
    expect(html.status()).toBe(200);
    const htmlText = await html.text();
    expect(htmlText).toContain(masked(holder.cards[0]!.cardNumber));
    expectNoFullCardNumber(htmlText, [holder]);
    expect(htmlText).not.toContain('X1234567');
    const rsc = await page.request.get(cardsHref(holder.appUserId), { headers: { RSC: '1' } });
    expectNoFullCardNumber(await rsc.text(), [holder]);

    const data = await page.request.get(
      `/cards/data?page=1&size=20&q=${encodeURIComponent(holder.appUserId)}`,
    );
    expect(data.status()).toBe(200);
    expect(data.headers()['cache-control']).toContain('no-store');
    const json = await data.text();
    expectNoFullCardNumber(json, [holder]);
    expect(JSON.parse(json)).toEqual({
      query: { page: 1, size: 20, q: holder.appUserId, all: false },
      filterField: 'appUserId',
      total: 1,
      haveNext: false,
      users: [
        {
          appUserId: holder.appUserId,
          name: 'Carla Holder',
          email: holder.email,
          registerTime: holder.registerTime,
          cards: holder.cards.map((card) => {
            const virtual = card.kind === 'virtual';
            return {
              cardId: card.cardId,
              maskedNumber: masked(card.cardNumber),
              categoryName: virtual ? 'Virtual Visa Classic' : 'Physical Visa Gold',
              network: 'VISA',
              type: virtual ? 'VIRTUAL' : 'PHYSICAL',
              status: virtual ? 'ACTIVE' : 'PENDING',
              accountStatus: virtual ? 'APPROVED' : 'PENDING',
              expiry: card.expiry,
              embossedName: 'CARLA HOLDER',
              activeTime: card.activeTime,
            };
          }),
        },
      ],
    });

    await expectAccessible(page, '/cards with a user and cards');
    await captureThemes(page, testInfo, 'cards');
  });

  test('shows "No cards" for a user without cards once all users are listed', async ({ page }) => {
    await page.goto(cardsHref(cardless.email));
    await expect(
      page.getByText(`No user with cards has the e-mail address “${cardless.email}”.`, { exact: true }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Include users without cards' }).click();
    await expectPath(page, `/cards?q=${encodeURIComponent(cardless.email)}&cards=all`);
    await expectUserRow(page, cardless, 'No cards');
    await expect(page.getByTestId(`cards-of-${cardless.appUserId}`)).toHaveCount(0);
  });

  test('filters by e-mail and by app user ID, says when nothing matches or the filter is wrong, and clears', async ({
    page,
  }) => {
    await page.goto('/cards');
    const search = page.getByRole('searchbox', { name: 'E-mail or app user ID' });
    await expect(page.getByRole('link', { name: 'Clear' })).toHaveCount(0);

    await search.fill(holder.email);
    await search.press('Enter');
    await expectPath(page, `/cards?q=${encodeURIComponent(holder.email)}`);
    await expect(userRows(page)).toHaveCount(1);
    await expect(page.getByTestId(`cards-user-${holder.appUserId}`)).toBeVisible();

    // '@' without being an e-mail address: an app user ID.
    await search.fill(formula.appUserId);
    await search.press('Enter');
    await expectPath(page, `/cards?q=${encodeURIComponent(formula.appUserId)}`);
    await expect(userRows(page)).toHaveCount(1);
    await expect(page.getByTestId(`cards-user-${formula.appUserId}`).getByTestId('card-summary')).toHaveText(
      '1 active',
    );

    const nobody = uniqueId('nobody');
    await search.fill(nobody);
    await search.press('Enter');
    await expect(page.getByRole('heading', { name: 'No matching user' })).toBeVisible();
    await expect(
      page.getByText(`No user with cards has the app user ID “${nobody}”.`, { exact: true }),
    ).toBeVisible();
    await expect(userRows(page)).toHaveCount(0);
    await expectAccessible(page, '/cards with no match');

    await search.fill(`${nobody}@example.com`);
    await search.press('Enter');
    await expect(
      page.getByText(`No user with cards has the e-mail address “${nobody}@example.com”.`, { exact: true }),
    ).toBeVisible();

    await search.fill('not valid!');
    await search.press('Enter');
    const alert = page.getByTestId('cards-error');
    await expect(alert.locator('[data-slot="alert-title"]')).toHaveText('The filter is not valid');
    await expect(alert.locator('[data-slot="alert-description"] p')).toHaveText(INVALID_APP_USER_ID);

    await page.getByRole('link', { name: 'Clear' }).click();
    await expectPath(page, '/cards');
    await expect(search).toHaveValue('');
    await expect(search).toBeFocused();
    await expect(page.getByTestId(`cards-user-${holder.appUserId}`)).toBeVisible();

    // The server renders the same states for a URL opened directly.
    await page.goto('/cards?q=not+valid%21');
    await expect(page.getByTestId('cards-error').locator('[data-slot="alert-description"] p')).toHaveText(
      INVALID_APP_USER_ID,
    );
    await page.goto(cardsHref(nobody));
    await expect(page.getByRole('heading', { name: 'No matching user' })).toBeVisible();
  });

  test('keeps page and size in the URL, prefetches the next page, and follows back, forward and reload', async ({
    page,
  }) => {
    const dataRequests: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/cards/data') dataRequests.push(url);
    });
    const countFor = (n: number, size: number) =>
      dataRequests.filter(
        (u) => u.searchParams.get('page') === String(n) && u.searchParams.get('size') === String(size),
      ).length;

    const prefetch = page.waitForRequest((request) => isDataRequest(request, 2, 10));
    await page.goto('/cards?size=10');
    await expect(summary(page)).toHaveText(/^Showing 1–10 of \d+ users$/);
    await expect(currentPage(page)).toHaveText('1');
    await expect(page.getByRole('combobox', { name: 'Users per page' })).toHaveValue('10');
    // Page 2 is fetched before anyone asks for it, and page 1 came with the HTML.
    await (await prefetch).response();
    expect(countFor(1, 10)).toBe(0);
    const firstPage = await userIds(page);
    expect(firstPage).toHaveLength(10);

    await page.getByRole('link', { name: 'Next' }).click();
    await expectPath(page, '/cards?size=10&page=2');
    await expect(currentPage(page)).toHaveText('2');
    await expect(summary(page)).toHaveText(/^Showing 11–\d+ of \d+ users$/);
    await expect(page.getByTestId('cards-pending')).toHaveCount(0);
    expect(countFor(2, 10)).toBe(1);
    const secondPage = await userIds(page);
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage).not.toEqual(firstPage);

    await page.goBack();
    await expectPath(page, '/cards?size=10');
    await expect(currentPage(page)).toHaveText('1');
    await expect(summary(page)).toHaveText(/^Showing 1–10 of \d+ users$/);
    expect(countFor(1, 10)).toBe(0);

    await page.goForward();
    await expectPath(page, '/cards?size=10&page=2');
    await expect(currentPage(page)).toHaveText('2');
    expect(countFor(2, 10)).toBe(1);

    await page.reload();
    await expectPath(page, '/cards?size=10&page=2');
    await expect(currentPage(page)).toHaveText('2');
    await expect(summary(page)).toHaveText(/^Showing 11–\d+ of \d+ users$/);

    await page.getByRole('combobox', { name: 'Users per page' }).selectOption('50');
    await expectPath(page, '/cards?size=50');
    await expect(summary(page)).toHaveText(/^Showing 1–\d+ of \d+ users$/);
    await expect.poll(() => userRows(page).count()).toBeGreaterThanOrEqual(HOLDERS);
  });

  test('shows that a page is loading, says in words when it fails, and recovers on "Try again"', async ({
    page,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/cards/data' && url.searchParams.get('page') === '2',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto('/cards?size=10');
    await page.getByRole('link', { name: 'Next' }).click();
    await expectPath(page, '/cards?size=10&page=2');
    await expect(page.getByTestId('cards-pending')).toHaveText('Loading page 2…');
    await expect(page.getByRole('region', { name: 'Cards by user' })).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.getByTestId('cards-pending')).toHaveCount(0);
    await expect(summary(page)).toHaveText(/^Showing 11–\d+ of \d+ users$/);
    await page.unrouteAll();

    const outage = {
      title: 'The cards could not be loaded',
      message:
        'Nothing was changed. The wallet service could not be reached or did not answer in time. Try again in a moment.',
    };
    let failing = true;
    await page.route(
      (url) => url.pathname === '/cards/data' && url.searchParams.get('size') === '50',
      (route) => (failing ? route.fulfill({ status: 503, json: { error: outage } }) : route.continue()),
    );
    await page.getByRole('combobox', { name: 'Users per page' }).selectOption('50');
    const alert = page.getByTestId('cards-error');
    await expect(alert.locator('[data-slot="alert-title"]')).toHaveText(outage.title);
    await expect(alert.locator('[data-slot="alert-description"] p')).toHaveText(outage.message);
    await expect(userRows(page)).toHaveCount(0);
    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(alert).toHaveCount(0);
    await expect.poll(() => userRows(page).count()).toBeGreaterThanOrEqual(HOLDERS);
  });

  test('shows a user registered while staff were on another page when they come back', async ({
    page,
    request,
  }) => {
    await page.goto('/cards');
    await expect(userRows(page).first()).toBeVisible();
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'Dashboard' }).click();
    await expectPath(page, '/');
    const newcomer = await seedUser(request, { firstName: 'Nina', lastName: 'Newcomer' });
    const assets = await callWallet(request, 'agencyAssetList', {});
    const applied = await callWallet(request, 'agencyApplyUserCard', {
      appUserId: newcomer,
      paymentAssetId: assets.data!.find((a) => a.type === 'CARD_MARGIN' && a.currency === 'USD')!.assetId,
      categoryId: VIRTUAL_VISA,
      embossedName: 'NINA NEWCOMER',
      needDelivery: false,
    });
    expect(applied.code, applied.msg).toBe(0);
    await main.getByRole('link', { name: 'Cards' }).click();
    await expectPath(page, '/cards');
    await expect(page.getByTestId(`cards-user-${newcomer}`).getByTestId('user-name')).toHaveText(
      'Nina Newcomer',
    );
  });

  test('the server renders the page the URL asks for, with real links and a GET filter form', async ({
    browser,
    storageStates,
  }, testInfo) => {
    // No client code at all: what is on the page came from the server.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: storageStates.operator,
      baseURL: testInfo.project.use.baseURL,
    });
    const page = await context.newPage();
    await page.goto('/cards?size=10&page=2');
    await expect(page.locator('nav[aria-label="Pagination"] [aria-current="page"]')).toHaveText('2');
    await expect(summary(page)).toHaveText(/^Showing 11–\d+ of \d+ users$/);
    await expect(page.locator('a[rel="prev"]')).toHaveAttribute('href', '/cards?size=10');
    expect(await userRows(page).count()).toBeGreaterThan(0);
    const form = page.locator('main form[role="search"][aria-label="Filter the cards"]');
    await expect(form).toHaveAttribute('method', 'get');
    await expect(form).toHaveAttribute('action', '/cards');
    await expect(form.locator('input[name="q"]')).toHaveValue('');
    await expect(form.locator('select[name="size"]')).toHaveValue('10');
    await expect(page.locator('a', { hasText: 'Export CSV' })).toHaveAttribute('href', '/cards/export');

    await page.goto(cardsHref(holder.appUserId));
    await expect(page.getByTestId(`cards-user-${holder.appUserId}`).getByTestId('card-summary')).toHaveText(
      '2 active · 1 pending',
    );
    await expect(page.locator('main form[aria-label="Filter the cards"] input[name="q"]')).toHaveValue(
      holder.appUserId,
    );
    await expect(page.locator('a', { hasText: 'Export CSV' })).toHaveAttribute(
      'href',
      `/cards/export?q=${encodeURIComponent(holder.appUserId)}`,
    );
    await context.close();
  });

  test('can be used with the keyboard alone', async ({ page }) => {
    await page.goto('/cards?size=10');
    const search = page.getByRole('searchbox', { name: 'E-mail or app user ID' });
    await tabTo(page, search);
    await page.keyboard.type(holder.email);
    await page.keyboard.press('Enter');
    await expectPath(page, `/cards?q=${encodeURIComponent(holder.email)}&size=10`);
    await expect(userRows(page)).toHaveCount(1);
    await expect(page.getByTestId(`cards-user-${holder.appUserId}`).getByTestId('card-summary')).toHaveText(
      '2 active · 1 pending',
    );

    await tabTo(page, page.getByRole('link', { name: 'Clear' }));
    await page.keyboard.press('Enter');
    await expectPath(page, '/cards?size=10');
    await expect(search).toBeFocused();
    await expect(summary(page)).toHaveText(/^Showing 1–10 of \d+ users$/);

    await tabTo(page, page.getByRole('link', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expectPath(page, '/cards?size=10&page=2');
    await expect(currentPage(page)).toHaveText('2');
    await expect(summary(page)).toHaveText(/^Showing 11–\d+ of \d+ users$/);
  });

  test('exports exactly what the filter selects as CSV, masked and defused', async ({ page }) => {
    await page.goto(cardsHref(holder.appUserId));
    expect(await downloadCsv(page)).toBe(`${BOM}${CSV_HEADER}${csvLines(holder)}`);

    await page.goto(`${cardsHref(cardless.email)}&cards=all`);
    expect(await downloadCsv(page)).toBe(`${BOM}${CSV_HEADER}${csvLines(cardless)}`);
    // The export follows the list: without "all users", the cardless user is not in it.
    await page.goto(cardsHref(cardless.email));
    expect(await downloadCsv(page)).toBe(`${BOM}${CSV_HEADER}`);

    await page.goto(cardsHref(formula.appUserId));
    const defused = await downloadCsv(page);
    expect(defused).toBe(`${BOM}${CSV_HEADER}${csvLines(formula, true)}`);
    expect(defused).toContain(`'${formula.appUserId},Fred Formula,'${formula.email},`);

    const response = await page.request.get(`/cards/export?q=${encodeURIComponent(holder.email)}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="cards-\d{8}\.csv"$/);
    expect(response.headers()['cache-control']).toContain('no-store');
    expect(await response.text()).toBe(`${BOM}${CSV_HEADER}${csvLines(holder)}`);

    // Unfiltered: every page of 4.2, so every card holder seeded here, each card on a line of
    // its own; with cards=all, the users without cards too.
    const holders = await (await page.request.get('/cards/export')).text();
    expect(holders.startsWith(`${BOM}${CSV_HEADER}`)).toBe(true);
    expect(holders).toContain(csvLines(holder));
    expect(holders).toContain(csvLines(formula, true));
    expect(holders).not.toContain(cardless.appUserId);
    const all = await (await page.request.get('/cards/export?cards=all')).text();
    expect(all.startsWith(`${BOM}${CSV_HEADER}`)).toBe(true);
    for (const user of [holder, cardless]) expect(all).toContain(csvLines(user));
    expect(all).toContain(csvLines(formula, true));
    expectNoFullCardNumber(all, [holder, formula]);
    const lines = all.slice(BOM.length).split('\r\n').slice(1, -1);
    expect(lines.length).toBeGreaterThanOrEqual(3 + 1 + 1 + FILLERS);
    expect(new Set(lines.map((l) => l.split(',').length))).toEqual(new Set([13]));

    const refused = await page.request.get('/cards/export?q=not+valid%21');
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toBe(`The filter is not valid. ${INVALID_APP_USER_ID}\n`);
  });
});

// ---------------------------------------------------------------- as a support agent

test.describe('as a support agent', () => {
  test.use({ role: 'support' });

  test('sees the cards and exports them', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cards' }).click();
    await expectPath(page, '/cards');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cards');
    await page.goto(cardsHref(holder.appUserId));
    await expect(page.getByTestId(`cards-user-${holder.appUserId}`).getByTestId('card-summary')).toHaveText(
      '2 active · 1 pending',
    );
    expectNoFullCardNumber(await page.content(), [holder]);
    expect(await downloadCsv(page)).toBe(`${BOM}${CSV_HEADER}${csvLines(holder)}`);
  });
});

// ---------------------------------------------------------------- signed out

test.describe('signed out', () => {
  test.use({ role: 'signed-out' });

  test('the data and export routes refuse with 401, and the page sends to sign-in', async ({ page }) => {
    const data = await page.request.get('/cards/data?page=1&size=20');
    expect(data.status()).toBe(401);
    expect(data.headers()['cache-control']).toContain('no-store');
    expect(await data.json()).toEqual({
      error: {
        title: 'You are signed out',
        message: 'Your session has ended. Sign in again to see the cards.',
      },
    });

    const exported = await page.request.get('/cards/export');
    expect(exported.status()).toBe(401);
    expect(await exported.text()).toBe('Your session has ended. Sign in again to export the cards.\n');

    await page.goto('/cards?size=10&page=2');
    await expectPath(page, `/login?callbackUrl=${encodeURIComponent('/cards?size=10&page=2')}`);
  });
});
