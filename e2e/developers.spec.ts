// /developers as an admin uses it (docs/back-office.md "Routes"; docs/wallet-api.md "Endpoints and
// events"): add an endpoint pointing at a receiver on 127.0.0.1 and see its secret once (as text,
// with a Copy button), send it a test event (a form posted without JavaScript), see an event
// delivered (signed with that secret) and its body, redeliver it, delete the endpoint; a sample
// body per event type; the form's errors
// beside their fields; the page and the API reference without JavaScript and at 390 px; other
// roles are refused.
import { EVENT_TYPES } from '@/lib/wallet/contract/enums';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/a11y';
import { openForm, pageWithoutScripts } from './support/forms';
import { seedUser } from './support/wallet-api';
import { startWebhookReceiver } from '../tests/helpers/webhook-receiver';

async function expectFitsPhone(page: import('@playwright/test').Page, what: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${what} at 390 px` })
    .toBeLessThanOrEqual(390);
}

test.describe('as an admin', () => {
  test.use({ role: 'admin' });

  test('adds an endpoint, sees its secret once, its event delivered and redelivered, then deletes it', async ({
    page,
    request,
    browser,
    storageState,
    baseURL,
  }) => {
    const receiver = await startWebhookReceiver();
    try {
      await openForm(page, '/developers', 'Add a webhook endpoint');
      const form = page.getByRole('form', { name: 'Add a webhook endpoint' });
      await form.getByLabel('Endpoint URL').fill(receiver.url);
      await form.getByLabel('Only these:').check();
      await form.getByRole('checkbox', { name: /user\.registered/ }).check();
      await form.getByLabel('Description').fill('E2E receiver');
      await form.getByRole('button', { name: 'Add endpoint' }).click();
      const secret = (await page.locator('#endpoint-secret').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      await expect(page.getByRole('button', { name: 'Copy the signing secret' })).toBeVisible();
      // The sentence wraps between words ("i nto" was a word broken by break-all); only the URL breaks anywhere.
      const sentence = page.getByText('copy it into the receiving server now');
      expect(await sentence.evaluate((p) => getComputedStyle(p).wordBreak)).not.toBe('break-all');
      const endpointRow = page.getByRole('row').filter({ hasText: receiver.url });
      await expect(endpointRow).toContainText('user.registered');
      await expect(endpointRow).toContainText('E2E receiver');
      await expectAccessible(page, '/developers with an endpoint');
      const endpointId = Number((await endpointRow.getAttribute('data-testid'))!.replace('endpoint-', ''));

      // A test event, sent by a form posted without JavaScript: a ping, to this endpoint, at once.
      const noScript = await pageWithoutScripts(browser, storageState as string, baseURL);
      try {
        await noScript.goto('/developers');
        await noScript.getByRole('button', { name: `Send a test event to endpoint ${endpointId}` }).click();
        await expect(noScript).toHaveURL(/\/developers$/);
      } finally {
        await noScript.context().close();
      }
      const pings = () => receiver.received.filter((r) => JSON.parse(r.rawBody).type === 'ping');
      await receiver.waitFor(() => pings().length >= 1);
      expect(JSON.parse(pings()[0]!.rawBody)).toMatchObject({ type: 'ping', data: { endpointId } });

      // The endpoint takes every user.registered of the app: other tests' users, registered
      // meanwhile by the other worker, arrive too. This test's user's event is the one to follow.
      const about = (userId: string) =>
        receiver.received.filter((r) => JSON.parse(r.rawBody).data?.appUserId === userId);
      const appUserId = await seedUser(request);
      await receiver.waitFor(() => about(appUserId).length >= 1);
      const [ours] = about(appUserId);
      expect(receiver.verified(secret)).toHaveLength(receiver.received.length);
      const eventId = ours!.eventId;
      expect(JSON.parse(ours!.rawBody)).toMatchObject({
        id: eventId,
        type: 'user.registered',
        data: { appUserId },
      });

      // The page says so: delivered, once, with the receiver's status (the list filtered to the
      // type, so other tests' events do not push this one to a later page).
      await page.goto('/developers?type=user.registered');
      const event = page.getByTestId(`event-${eventId}`);
      await expect(event).toContainText('user.registered');
      await expect(event).toContainText('Delivered');
      await expect(event.locator('dd').first()).toHaveText('1');
      // Its body, as the endpoint received it.
      await event.getByText('Body', { exact: true }).click();
      const body = event.getByLabel(`Body of ${eventId}`);
      await expect(body).toContainText(`"appUserId": "${appUserId}"`);
      expect(JSON.parse((await body.textContent()) ?? '')).toEqual(JSON.parse(ours!.rawBody));
      await event.getByRole('button', { name: /^Redeliver event/ }).click();
      await receiver.waitFor(() => about(appUserId).length >= 2);
      expect(about(appUserId).map((r) => r.eventId)).toEqual([eventId, eventId]);
      await expect
        .poll(async () => {
          await page.reload();
          return page.getByTestId(`event-${eventId}`).locator('dd').first().textContent();
        })
        .toBe('2');

      // Deleted: asked again first, then gone; nothing more is sent to it.
      const row = page.getByRole('row').filter({ hasText: receiver.url });
      await row.getByText('Delete…').click();
      await row.getByRole('button', { name: /^Delete endpoint/ }).click();
      await expect(page.getByRole('row').filter({ hasText: receiver.url })).toHaveCount(0);
      const later = await seedUser(request);
      await page.waitForTimeout(500);
      expect(about(later)).toEqual([]);
      expect(about(appUserId)).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });

  test('refuses a form without a URL or without event types, beside the field, keeping what was typed', async ({
    page,
  }) => {
    await openForm(page, '/developers', 'Add a webhook endpoint');
    const form = page.getByRole('form', { name: 'Add a webhook endpoint' });
    await form.getByLabel('Only these:').check();
    await form.getByLabel('Description').fill('Kept');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.locator('#endpoint-url-error')).toHaveText('Enter the URL events are sent to.');
    await expect(page.locator('#endpoint-events-error')).toHaveText(
      'Choose at least one event type, or every type.',
    );
    await expect(form.getByLabel('Description')).toHaveValue('Kept');
    await form.getByLabel('Endpoint URL').fill('ftp://example.com/x');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.locator('#endpoint-url-error')).toHaveText(
      'Enter a URL like https://example.com/hooks, without a user name or password.',
    );
  });

  test('the page and the API reference read without JavaScript, and fit a phone', async ({
    browser,
    storageState,
    baseURL,
    page,
  }) => {
    const noScript = await pageWithoutScripts(browser, storageState as string, baseURL);
    try {
      await noScript.goto('/developers');
      await expect(noScript.getByRole('heading', { name: 'Webhook endpoints' })).toBeVisible();
      await expect(noScript.getByRole('heading', { name: 'Events' })).toBeVisible();
      // Headers named; a sample body per event type, opened without a script.
      await expect(noScript.getByText(/Wallet-Timestamp \(Unix milliseconds\)/)).toBeVisible();
      const samples = noScript.getByRole('list', { name: 'Event payloads' });
      await expect(samples.getByRole('listitem')).toHaveCount(EVENT_TYPES.length);
      await samples.getByText('card.issued', { exact: true }).click();
      await expect(noScript.getByLabel('Sample body of card.issued')).toContainText('"last4"');
      await noScript.getByText('A sample request').click();
      await expect(noScript.getByLabel('Sample decision request')).toContainText('"availableBalance"');
      await noScript.goto('/developers/api');
      const operations = noScript.getByRole('table', { name: 'Operations' });
      await expect(operations).toContainText('/wallet/api/webhook/add');
      await expect(operations).toContainText('/wallet/api/user/registerAndKyc');
      await expect(noScript.getByText('card.status_changed')).toBeVisible();
    } finally {
      await noScript.context().close();
    }
    await page.goto('/developers/api');
    // Swagger UI renders the document the page fetched from the wallet service.
    await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible({ timeout: 20_000 });
    // axe clean with Swagger UI's view in it too, an operation opened as well as closed.
    await expectAccessible(page, '/developers/api with Swagger UI');
    await page.locator('.swagger-ui .opblock-summary-control').first().click();
    await expect(page.locator('.swagger-ui .opblock-body').first()).toBeVisible();
    await expectAccessible(page, '/developers/api with an operation open');
    await expectFitsPhone(page, '/developers/api');
    await page.goto('/developers');
    await expectFitsPhone(page, '/developers');
  });
});

test.describe('as an operator', () => {
  test('is refused /developers', async ({ page }) => {
    await page.goto('/developers');
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Add a webhook endpoint' })).toHaveCount(0);
  });
});
