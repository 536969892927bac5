// Hostile text that the wallet accepts (free-text fields take any printable characters) is
// stored as sent and shown as text in the back-office: markup does not render, scripts do not
// run, and SQL fragments are just words.
import { expect, test } from './fixtures';
import { callWallet, seedUser } from './support/wallet-api';

const MARKUP = '<img src=x onerror="window.__pwned=1">';
const SCRIPT = '<script>window.__pwned=2</script>';
const SQL = "x'); DROP TABLE wallet.users;--";
const LOOKALIKE = 'Раris'; // Cyrillic Р and а: fine in a city, refused in a name.

test.use({ role: 'support' });

test('hostile but valid text is stored and shown inert on the user page', async ({ page, request }) => {
  const appUserId = await seedUser(request, { region: MARKUP, occupation: SQL, detailedAddress: SCRIPT });
  const address = await callWallet(request, 'addAddress', {
    appUserId,
    country: 'FR',
    city: LOOKALIKE,
    street: SCRIPT,
    province: SQL,
    detailedAddress: MARKUP,
    firstName: 'Jane',
    lastName: 'Doe',
    mobile: '33-612345678',
  });
  expect(address.code, address.msg).toBe(0);
  // The same look-alike in a name is refused by the name rule, before anything is stored.
  const refused = await callWallet(request, 'addAddress', {
    appUserId,
    country: 'FR',
    city: 'Paris',
    street: '1 Rue',
    firstName: LOOKALIKE,
    lastName: 'Doe',
    mobile: '33-612345678',
  });
  expect(refused.code).toBe(1002);

  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`/users/${encodeURIComponent(appUserId)}`);
  await expect(page.getByText(MARKUP, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(SCRIPT, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(LOOKALIKE).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(dialogs).toEqual([]);
});
