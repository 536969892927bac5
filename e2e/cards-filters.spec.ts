// /cards narrowed by status, type, last four and issue day, newest or oldest first, a page at a
// time by cursor (issue 30, docs/back-office.md "Pages"), from the page's one filter form: with
// JavaScript, and the same GET form without it. Seeds its own user and cards, all ending in one random last four.
import { expect, test } from './fixtures';
import { expectAccessible } from './support/a11y';
import { callWallet, cardNumberEndingIn, seedCard, seedUser } from './support/wallet-api';

test.describe.configure({ timeout: 120_000 });

test.describe('an operator narrowing /cards', () => {
  test.use({ role: 'operator' });

  test('by status and last four, then page by page in issue order; the same without JavaScript', async ({
    page,
    browser,
    storageStates,
    baseURL,
  }) => {
    const last4 = String(1000 + Math.floor(Math.random() * 9000));
    const appUserId = await seedUser(page.request, { firstName: 'Fay', lastName: 'Filter' });
    const issued: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { cardId } = await seedCard(page.request, appUserId, { cardNumber: cardNumberEndingIn(last4) });
      issued.push(cardId);
    }
    const locked = issued[1]!;
    expect(
      (await callWallet(page.request, 'cardLock', { appUserId, cardId: locked, reason: 'LOST' })).code,
    ).toBe(0);

    await page.goto('/cards');
    // The page's one filter form: the search box, the card filters, the page size and the switch.
    await expect(page.getByRole('search', { name: /filter/i })).toHaveCount(1);
    const form = page.getByRole('search', { name: 'Filter the cards' });
    await expect(form.getByRole('searchbox', { name: 'E-mail or app user ID' })).toBeVisible();
    await form.getByLabel('Status').selectOption({ label: 'Locked' });
    await form.getByLabel('Last four digits').pressSequentially(last4);
    await form.getByRole('button', { name: 'Show cards' }).click();
    await expect(page).toHaveURL(
      new RegExp(
        `/cards\\?q=&size=\\d+&cards=with&cards=all&status=LOCKED&type=&last4=${last4}&from=&to=&sort=$`,
      ),
    );
    await expect(page.getByTestId('filtered-title')).toHaveText(
      `Locked cards ending ${last4}, newest issued first`,
    );
    // Listing the cards, the page still has one filter form, the same fields kept.
    await expect(page.getByRole('search', { name: /filter/i })).toHaveCount(1);
    await expect(form.getByLabel('Status')).toHaveValue('LOCKED');
    const table = page.getByTestId('filtered-cards');
    const row = table.getByTestId(`filtered-card-${locked}`);
    await expect(row).toContainText('Fay Filter');
    await expect(row).toContainText('Locked');
    await expect(row.getByRole('link', { name: 'Fay Filter' })).toHaveAttribute(
      'href',
      `/users/${appUserId}`,
    );
    for (const other of [issued[0]!, issued[2]!])
      await expect(table.getByTestId(`filtered-card-${other}`)).toHaveCount(0);
    await expectAccessible(page, '/cards filtered');

    // One a page, oldest first: the cursor walks this user's three cards in issue order. Other
    // tests' cards may end in the same four digits; ours keep their order among them.
    const seen: number[] = [];
    await page.goto(`/cards?last4=${last4}&sort=oldest&size=1`);
    for (let i = 0; i < 20; i++) {
      const ids = await table
        .locator('tbody tr')
        .evaluateAll((rows) =>
          rows.map((r) => Number(r.getAttribute('data-testid')?.replace('filtered-card-', ''))),
        );
      seen.push(...ids.filter((id) => issued.includes(id)));
      const next = page.getByRole('link', { name: 'Next 1 cards' });
      if ((await next.count()) === 0) break;
      // Wait for the next page itself, not for a cursor in the address: from the second page on
      // there is one already (docs/testing.md "Under load": wait for the new thing).
      await next.click();
      await expect(page).toHaveURL(/cursor=/);
      await expect(table.locator('tbody tr').first()).not.toHaveAttribute(
        'data-testid',
        `filtered-card-${ids[0]}`,
      );
    }
    expect(seen).toEqual(issued);

    // Without JavaScript: the same form and links.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: storageStates.operator,
      baseURL,
    });
    const plain = await context.newPage();
    await plain.goto('/cards');
    const plainForm = plain.getByRole('search', { name: 'Filter the cards' });
    await plainForm.getByLabel('Status').selectOption('LOCKED');
    await plainForm.getByLabel('Last four digits').fill(last4);
    await plainForm.getByRole('button', { name: 'Show cards' }).click();
    await expect(plain.getByTestId(`filtered-card-${locked}`)).toContainText('Fay Filter');
    await context.close();
  });
});
