// A sentinel card number and document number go into the wallet through its API, then every
// back-office page that shows them is visited (as admin and as support) while every response
// the browser receives is recorded: HTML, RSC payloads, JSON and CSV. None may carry either
// value whole. The server's log is checked for them at the end of the run (global-teardown.ts).
import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { SENTINEL_CARD_NUMBER, SENTINEL_DOCUMENT_NO, sentinelLeaks } from './support/sentinels';
import { callWallet, kycParams } from './support/wallet-api';

function recordResponses(page: Page): { leaks: string[]; count: () => number; done: () => Promise<void> } {
  const leaks: string[] = [];
  const pending: Promise<void>[] = [];
  let count = 0;
  page.on('response', (response: Response) => {
    pending.push(
      (async () => {
        const type = response.headers()['content-type'] ?? '';
        // Static scripts were built before the data existed; what carries data is below.
        if (!/text\/html|json|x-component|csv|text\/plain/.test(type)) return;
        const body = await response.text().catch(() => '');
        count++;
        for (const leak of sentinelLeaks(body)) leaks.push(`${leak} in ${response.url()} (${type})`);
      })(),
    );
  });
  return { leaks, count: () => count, done: async () => void (await Promise.all(pending)) };
}

// One holder per server, not per worker: a worker restarted after a failure (or a repeated run)
// runs beforeAll again, and the card number, unique in the wallet, is already bound to them.
const appUserId = 'e2e-sentinel-holder';

test.beforeAll(async ({ request }) => {
  const registered = await callWallet(
    request,
    'registerAndKyc',
    kycParams(appUserId, { documentNo: SENTINEL_DOCUMENT_NO }),
  );
  expect([0, 3002], registered.msg).toContain(registered.code);
  const [asset] = (await callWallet(request, 'agencyAssetList', {})).data ?? [];
  const issued = await callWallet(request, 'agencyApplyUserCard', {
    appUserId,
    paymentAssetId: asset!.assetId,
    categoryId: 1,
    embossedName: 'JANE DOE',
    cardNumber: SENTINEL_CARD_NUMBER,
  });
  if (issued.code === 0) {
    // Answered masked (docs/wallet-api.md "Card numbers"): the first six and last four.
    expect(issued.data?.cardNumber).toBe(
      `${SENTINEL_CARD_NUMBER.slice(0, 6)}${'*'.repeat(SENTINEL_CARD_NUMBER.length - 10)}${SENTINEL_CARD_NUMBER.slice(-4)}`,
    );
    return;
  }
  // 4006: already bound. To this holder, by an earlier run of this file, or the check is void.
  expect(issued.code, issued.msg).toBe(4006);
  const held = await callWallet(request, 'cardListAllByUser', { appUserId, pageNum: 1, pageSize: 1 });
  const cards = held.data?.list[0]?.cardList ?? [];
  expect(cards.map((c) => c.cardNumber.slice(-4))).toContain(SENTINEL_CARD_NUMBER.slice(-4));
});

for (const role of ['admin', 'support'] as const) {
  test.describe(`as ${role}`, () => {
    test.use({ role });

    test('no page, payload or download of the back-office carries the sentinels whole', async ({ page }) => {
      const recorder = recordResponses(page);
      const visit = async (path: string) => {
        const response = await page.goto(path);
        expect(response?.status(), path).toBeLessThan(400);
        await page.waitForLoadState('networkidle');
      };
      await visit('/');
      await visit(`/users?q=${encodeURIComponent(appUserId)}`);
      await visit(`/users/${encodeURIComponent(appUserId)}`);
      await expect(page.getByText(SENTINEL_CARD_NUMBER.slice(-4)).first()).toBeVisible();
      await visit(`/cards?q=${encodeURIComponent(appUserId)}`);
      await expect(page.getByText(SENTINEL_CARD_NUMBER.slice(-4)).first()).toBeVisible();
      // Client-side navigations fetch RSC payloads rather than HTML.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
      await page.waitForURL('**/');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
      await page.waitForLoadState('networkidle');
      const csv = await page.request.get(`/cards/export?q=${encodeURIComponent(appUserId)}`);
      expect(csv.status()).toBe(200);
      const csvText = await csv.text();
      expect(csvText).toContain(SENTINEL_CARD_NUMBER.slice(-4));
      expect(sentinelLeaks(csvText)).toEqual([]);
      const data = await page.request.get(`/cards/data?q=${encodeURIComponent(appUserId)}`);
      expect(sentinelLeaks(await data.text())).toEqual([]);
      if (role === 'admin') {
        await visit(`/audit?target=${encodeURIComponent(appUserId)}`);
        await visit(`/audit?user=${encodeURIComponent(appUserId)}`);
        // The audit export: the views of this very test are in it, the numbers are not.
        const audit = await page.request.get(`/audit/export?user=${encodeURIComponent(appUserId)}`);
        expect(audit.status()).toBe(200);
        const auditText = await audit.text();
        expect(auditText).toContain(`Viewed user ${appUserId}`);
        expect(sentinelLeaks(auditText)).toEqual([]);
        expect(auditText).not.toContain(SENTINEL_DOCUMENT_NO);
        await visit('/staff');
      } else {
        // The export checks the role itself, like the page.
        expect((await page.request.get(`/audit/export?user=${encodeURIComponent(appUserId)}`)).status()).toBe(
          403,
        );
      }
      await recorder.done();
      expect(recorder.count()).toBeGreaterThan(5);
      expect(recorder.leaks).toEqual([]);
      expect(await page.content()).not.toContain(SENTINEL_DOCUMENT_NO);
    });
  });
}
