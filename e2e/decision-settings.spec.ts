// The decision endpoint's settings on /developers (docs/back-office.md "Routes"; docs/card-spending.md
// "The agency's decision"): setting the URL shows the drawn signing secret once; saving again keeps
// it (none shown, the form filled from decision/get); "Rotate secret" shows a new one. An endpoint
// left set would be asked about every other test's purchases, so it is removed at the end whatever
// happens, and it approves meanwhile.
import { expect, test } from './fixtures';
import { openForm } from './support/forms';
import { E2E_WALLET } from './support/env';
import { walletOperations } from '../lib/wallet/contract/operations';
import { signedQuery } from '../lib/wallet/contract/signed-query';
import { startDecisionEndpoint } from '../tests/helpers/decision-endpoint';

test.use({ role: 'admin' });

test('sets the decision endpoint, keeps its secret on a change, and rotates it', async ({
  page,
  request,
}) => {
  const agency = await startDecisionEndpoint();
  try {
    await openForm(page, '/developers', 'Set the decision endpoint');
    const form = page.getByRole('form', { name: 'Set the decision endpoint' });
    const url = form.getByLabel('Decision URL');
    await url.clear();
    await url.pressSequentially(agency.url);
    await form.getByRole('button', { name: 'Save the decision endpoint' }).click();
    await expect(form.getByText('Decision endpoint set')).toBeVisible();
    const first = (await page.locator('#decision-secret').textContent()) ?? '';
    expect(first).toMatch(/^dsec_[A-Za-z0-9_-]{43}$/);

    // Read back from the wallet; a change of the deadline keeps the secret.
    await openForm(page, '/developers', 'Set the decision endpoint');
    await expect(page.getByTestId('decision-settings')).toContainText(agency.url);
    await expect(page.getByTestId('decision-settings')).toContainText('Signing secret drawn');
    await expect(form.getByLabel('Decision URL')).toHaveValue(agency.url);
    const deadline = form.getByLabel('Deadline (ms, 100-2000)');
    await deadline.clear();
    await deadline.pressSequentially('1200');
    await form.getByRole('button', { name: 'Save the decision endpoint' }).click();
    await expect(form.getByText('The signing secret is unchanged.')).toBeVisible();
    await expect(page.locator('#decision-secret')).toHaveCount(0);

    const rotate = page.getByRole('form', { name: 'Rotate the decision signing secret' });
    await rotate.getByRole('button', { name: 'Rotate secret' }).click();
    await expect(rotate.getByText('Signing secret rotated')).toBeVisible();
    const second = (await rotate.locator('#decision-secret').textContent()) ?? '';
    expect(second).toMatch(/^dsec_[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
  } finally {
    // url given empty removes the endpoint (a clearable parameter, sent after the signature).
    const op = walletOperations.decisionSet;
    const query = signedQuery({
      ...E2E_WALLET,
      method: op.method,
      path: op.path,
      params: {},
      emptied: ['url'],
    });
    await request.fetch(`${op.path}?${query}`, { method: op.method });
    await agency.close();
  }
});
