// The audit log as an admin reads it, the staff role change and one's own account, in a real
// browser: opening a user's page is recorded; /audit filtered by that user shows the view and
// every event about the user (an address, a card issued, a card refused, a card locked with the
// agent's note, each in words, the card linking to its page); the CSV export carries exactly those
// rows, the note in a column of its own; a role change waits for a
// confirmation that says what the new role may do (cancel leaves the role); a member of staff
// changes their password, which ends their other sessions, keeps this one, and retires the old
// password. /audit and /account pass axe.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { expectAccessible } from './support/a11y';
import { expectFieldError, openForm } from './support/forms';
import { actionId, callAction as postAction } from './support/server-actions';
import { callWallet, seedUser, uniqueId } from './support/wallet-api';

test.describe.configure({ timeout: 90_000 });

/** Calls a server action with one input and the page's session, as Next's client router does. */
const callAction = (page: Page, baseURL: string, id: string, input: unknown) =>
  postAction(page, baseURL, id, [input]);

/** The audit table's rows, part by part as staff read them. */
async function auditRows(page: Page) {
  const rows = page.locator('main table tbody tr');
  await expect(rows.first().or(page.getByText('No entries'))).toBeVisible();
  const out: {
    who: string;
    action: string;
    target: string;
    outcome: string;
    code: string;
    summary: string;
  }[] = [];
  for (const row of await rows.all()) {
    const part = async (id: string) => {
      const found = row.getByTestId(id);
      return (await found.count()) === 0 ? '—' : (await found.innerText()).trim().replace(/\s+/g, ' ');
    };
    out.push({
      who: await part('audit-who'),
      action: await part('audit-action'),
      target: await part('audit-target'),
      outcome: await part('audit-outcome'),
      code: await part('audit-code'),
      summary: await part('audit-summary'),
    });
  }
  return out;
}

/** At 390 px wide the page does not scroll sideways (a wide table scrolls in its own box). */
async function expectFitsPhone(page: Page, what: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} at 390 px`).toBeLessThanOrEqual(390);
  if (size) await page.setViewportSize(size);
}

/** RFC 4180, enough for the export: quoted cells with doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

test.describe('as an admin', () => {
  test.use({ role: 'admin' });

  test('a user’s filter finds the view and every event about the user; the CSV carries those rows', async ({
    page,
    request,
    account,
    baseURL,
  }) => {
    const appUserId = await seedUser(request, { firstName: 'Audra', lastName: 'Trail' });
    await page.goto('/');
    // Events about the user through the back-office's own actions: an address, a card issued,
    // and a card the wallet refuses (no such paying asset).
    const address = await callAction(
      page,
      baseURL!,
      actionId('lib/backoffice/card-issue/actions.ts', 'addDeliveryAddress'),
      {
        requestId: uniqueId('addr'),
        appUserId,
        firstName: 'Audra',
        lastName: 'Trail',
        mobile: '1-5125550100',
        country: 'US',
        province: '',
        city: 'Austin',
        postalCode: '',
        street: '1 Congress Ave',
        detailedAddress: '',
        isDefault: true,
      },
    );
    expect(address).toContain('addressId');
    const addresses = await callWallet(request, 'addressList', { appUserId });
    const addressId = addresses.data?.[0]?.addressId;
    expect(addressId).toBeDefined();

    const agency = await callWallet(request, 'agencyAssetList', {});
    const paying = agency.data?.find((a) => a.type === 'CARD_MARGIN');
    expect(paying).toBeDefined();
    const issue = actionId('lib/backoffice/card-issue/actions.ts', 'issueCard');
    const card = {
      appUserId,
      payer: 'agency',
      categoryId: 1,
      needDelivery: false,
      embossedName: 'AUDRA TRAIL',
    };
    await callAction(page, baseURL!, issue, {
      ...card,
      requestId: uniqueId('issue'),
      paymentAssetId: paying!.assetId,
    });
    const cards = await callWallet(request, 'userCardList', { appUserId });
    expect(cards.data).toHaveLength(1);
    const cardId = cards.data![0]!.cardId;
    const status = cards.data![0]!.status;
    await callAction(page, baseURL!, issue, {
      ...card,
      requestId: uniqueId('issue'),
      paymentAssetId: 999_999,
    });
    // A lock with the caller's words as the agent typed them (issue 40 item 5): kept whole.
    const note = 'Caller says: stolen; =1+1 at the station';
    const locked = await callAction(page, baseURL!, actionId('lib/backoffice/cards/actions.ts', 'lockCard'), {
      appUserId,
      cardId,
      requestId: uniqueId('lock'),
      reason: 'STOLEN',
      note,
    });
    expect(locked).toContain('LOCKED');

    // Opening the user's page is recorded; a reload within the minute is not recorded again.
    await page.goto(`/users/${appUserId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Audra Trail' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Audra Trail' })).toBeVisible();

    // The filter, from the form.
    await page.goto('/audit');
    await page.getByLabel('About user (app user ID)').fill(appUserId);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(`/audit?actor=&user=${appUserId}&action=&target=&outcome=&from=&to=`);
    const who = `${account.name} · admin`;
    const refusal = "refused, code 4005 (payment asset not found, or not the payer's)";
    const cardName = `Virtual Visa Classic ••${cards.data![0]!.last4}`;
    // People and cards by name, linked; outcomes and wallet codes in words; the summaries, written
    // with IDs, read with the names of what the entry is about (the CSV keeps them as recorded).
    expect(await auditRows(page)).toEqual([
      {
        who,
        action: 'Viewed user',
        target: 'Audra Trail',
        outcome: 'Succeeded',
        code: '—',
        summary: 'Viewed Audra Trail',
      },
      {
        who,
        action: 'Locked card',
        target: `${cardName} of Audra Trail`,
        outcome: 'Succeeded',
        code: 'Wallet: done (code 0)',
        summary: `Locked Audra Trail's ${cardName} (reason: Stolen); now LOCKED`,
      },
      {
        who,
        action: 'Issued card',
        target: 'Audra Trail',
        outcome: 'Failed',
        code: "Wallet: code 4005 (payment asset not found, or not the payer's)",
        summary: `Issue a card of Virtual Visa Classic to Audra Trail, paid by the agency from asset 999999: ${refusal}`,
      },
      {
        who,
        action: 'Issued card',
        target: `${cardName} of Audra Trail`,
        outcome: 'Succeeded',
        code: 'Wallet: done (code 0)',
        summary: `Issued ${cardName} (Virtual Visa Classic, ${status}) to Audra Trail, paid by the agency from the agency's ${paying!.assetName}`,
      },
      {
        who,
        action: 'Added address',
        target: 'Audra Trail',
        outcome: 'Succeeded',
        code: 'Wallet: done (code 0)',
        summary: `Added delivery address ${addressId} in US for Audra Trail (card issue)`,
      },
    ]);
    // The note the agent typed, beside the lock's sentence, and on no other entry.
    const notes = page.getByTestId('audit-note');
    await expect(notes).toHaveCount(1);
    await expect(page.locator('main table tbody tr').nth(1).getByTestId('audit-note')).toHaveText(
      `Note: “${note}”`,
    );
    // The card leads to its page, its holder to theirs.
    const cardRow = page.locator('main table tbody tr').nth(3);
    await expect(cardRow.getByRole('link', { name: cardName })).toHaveAttribute(
      'href',
      `/users/${appUserId}/cards/${cardId}`,
    );
    await expect(cardRow.getByRole('link', { name: 'Audra Trail' })).toHaveAttribute(
      'href',
      `/users/${appUserId}`,
    );
    // "Who" is a picker of staff by name; choosing one narrows the log to them.
    await expect(page.getByLabel('Who').locator(`option[value="${account.email}"]`)).toHaveText(
      `${account.name} (${account.email})`,
    );
    // At 1280 px the log fits its box: no table wider than the page, nothing cut to "suc".
    await page.setViewportSize({ width: 1280, height: 900 });
    const widths = await page.getByTestId('audit-table').evaluate((table) => ({
      table: table.scrollWidth,
      box: table.parentElement!.clientWidth,
    }));
    expect(widths.table).toBeLessThanOrEqual(widths.box);
    // The actions are offered in words too.
    await expect(page.locator('#action option[value="card.issue"]')).toHaveText('Issued card');
    await expectAccessible(page, '/audit filtered by a user');
    await expectFitsPhone(page, '/audit');

    // The export: the same filters, every row, with codes and labels side by side.
    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    await expect(exportLink).toHaveAttribute('href', `/audit/export?user=${appUserId}`);
    const downloading = page.waitForEvent('download');
    await exportLink.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^audit-\d{8}\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFFWhen (UTC),Who,Role,Action,Action code,')).toBe(true);
    const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
    expect(header).toEqual([
      'When (UTC)',
      'Who',
      'Role',
      'Action',
      'Action code',
      'Target type',
      'Target',
      'About user',
      'Outcome',
      'Wallet code',
      'What happened',
      'Note',
    ]);
    expect(rows.map((r) => r.slice(1, 10))).toEqual([
      [account.email, 'admin', 'Viewed user', 'user.view', 'user', appUserId, appUserId, 'success', ''],
      [account.email, 'admin', 'Locked card', 'card.lock', 'card', String(cardId), appUserId, 'success', '0'],
      [account.email, 'admin', 'Issued card', 'card.issue', 'user', appUserId, appUserId, 'failure', '4005'],
      [
        account.email,
        'admin',
        'Issued card',
        'card.issue',
        'card',
        String(cardId),
        appUserId,
        'success',
        '0',
      ],
      [account.email, 'admin', 'Added address', 'address.add', 'user', appUserId, appUserId, 'success', '0'],
    ]);
    expect(rows[2]![10]).toContain(refusal);
    // The note as typed, its formula start defused for a spreadsheet splitting on ';'.
    expect(rows.map((r) => r[11])).toEqual(['', "Caller says: stolen; '=1+1 at the station", '', '', '']);
    for (const row of rows) expect(row[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // The export is recorded, and is about the user whose trail it carried.
    await page.reload();
    expect((await auditRows(page))[0]).toMatchObject({
      action: 'Exported audit log (CSV)',
      summary: 'CSV export of the audit log (Audra Trail)',
    });
  });

  test('a role change waits for a confirmation that says what the new role may do', async ({
    page,
    newAccount,
  }) => {
    const member = newAccount('support');
    await page.goto('/staff');
    const select = page.getByLabel(`Role of ${member.email}`);
    await expect(select).toHaveValue('support');

    await select.selectOption('operator');
    const dialog = page.getByRole('dialog', { name: `Change the role of ${member.email}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('From Support to Operator.');
    await expect(dialog).toContainText(
      'New: OperatorRegisters users, manages addresses, issues and manages cards, moves money',
    );
    await expectAccessible(page, 'the role change dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(select).toHaveValue('support');
    await page.reload();
    await expect(page.getByLabel(`Role of ${member.email}`)).toHaveValue('support');

    await page.getByLabel(`Role of ${member.email}`).selectOption('admin');
    await expect(dialog).toContainText('From Support to Admin.');
    await dialog.getByRole('button', { name: 'Make Admin' }).click();
    await expect(page.getByText(`${member.email} is now Admin`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByLabel(`Role of ${member.email}`)).toHaveValue('admin');
  });
});

test.describe('one’s own account', () => {
  test.use({ role: 'signed-out' });

  test('changing the password ends the other sessions, keeps this one, and retires the old password', async ({
    page,
    browser,
    newAccount,
  }) => {
    const me = newAccount('support');
    await signIn(page, me);
    // Another browser, signed in before the change.
    const other = await browser.newPage({ storageState: { cookies: [], origins: [] } });
    await signIn(other, me);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your account' }).click();
    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(me.email);
    await expectAccessible(page, '/account');
    await expectFitsPhone(page, '/account');
    await openForm(page, '/account', 'Change your password');
    const current = page.locator('#account-currentPassword');
    const fresh = page.locator('#account-newPassword');
    const repeat = page.locator('#account-confirmPassword');
    await expect(page.locator('form[aria-label="Change your password"]')).toHaveAttribute(
      'method',
      /^post$/i,
    );

    // The rules, in the browser.
    await fresh.fill('too short');
    await repeat.fill('something else');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectFieldError(page, 'account-currentPassword', 'Enter your current password');
    await expectFieldError(page, 'account-newPassword', 'Password must be at least 12 characters');

    // A wrong current password: beside the field, what was typed stays, nothing changes.
    const NEW = 'my brand new passphrase';
    await current.fill('not-my-password');
    await fresh.fill(NEW);
    await repeat.fill(NEW);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectFieldError(page, 'account-currentPassword', 'This is not your current password');
    await expect(fresh).toHaveValue(NEW);
    await expect(repeat).toHaveValue(NEW);
    await expectAccessible(page, '/account with an error');
    await other.goto('/account');
    await expect(other.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();

    await current.fill(me.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your password is changed' })).toBeVisible();
    await expect(current).toHaveValue('');
    await expect(page).toHaveURL('/account');

    // This browser is still signed in; the other one is not.
    await page.goto('/');
    await expect(page.getByTestId('signed-in-name')).toHaveText('Own support');
    await other.goto('/');
    await expect(other).toHaveURL(/\/login$/);

    // The old password no longer signs in; the new one does.
    await other.getByLabel('E-mail').fill(me.email);
    await other.getByLabel('Password').fill(me.password);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await expect(other.locator('#sign-in-failure')).toContainText(
      'The e-mail address or password is not right',
    );
    await signIn(other, { email: me.email, password: NEW });
    await other.close();
  });
});
