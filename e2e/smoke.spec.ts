// Smoke test of the production build in a real browser: the app serves its first page and the
// wallet service publishes its OpenAPI document. Deeper flows belong in their own spec files.
import { expect, test } from '@playwright/test';

test('the home page loads with a title', async ({ page }) => {
  const response = await page.goto('/');
  expect(response, 'navigation to / produced no response').not.toBeNull();
  // `/` may redirect to /login when signed out; the final response is what the user sees.
  expect(response?.status()).toBe(200);
  const title = await page.title();
  expect(title.trim()).not.toBe('');
});

test('the wallet API publishes an OpenAPI 3.1 document', async ({ request }) => {
  const response = await request.get('/wallet/api/openapi.json');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type'] ?? '').toContain('application/json');
  const document: unknown = await response.json();
  expect(document).toMatchObject({ openapi: expect.stringMatching(/^3\.1/) });
});
