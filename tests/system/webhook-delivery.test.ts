// Webhook delivery by the real app (docs/wallet-api.md "Webhook delivery") on one PostgreSQL: two
// instances deliver 200 events, every one exactly once while the receiver answers 2xx (the claim in
// the database); and a kill -9 of every instance between an event's commit and its delivery loses
// nothing: the restarted app delivers it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookCreatedSchema, type EventPage } from '@/lib/wallet/contract/schemas';
import { freePort, startApp, type AppProcess } from '../helpers/app-process';
import { createFreshPgDatabase, type FreshPgDatabase } from '../helpers/pg';
import { callWallet, kycParams } from '../helpers/wallet-call';
import { startWebhookReceiver } from '../helpers/webhook-receiver';

const MAIN = { agencyCode: 'DEMO', appId: 'demo-app', secret: 'webhook-system-secret-0123456789' };
const EVENTS = 200;

let database: FreshPgDatabase;
let env: Record<string, string>;
let a: AppProcess | undefined;
let b: AppProcess | undefined;

beforeAll(async () => {
  database = await createFreshPgDatabase();
  env = {
    DATABASE_URL: database.url,
    WALLET_APP_SECRET: MAIN.secret,
    AUTH_SECRET: 'webhook-system-auth-secret-0123456789abcdef',
    ADMIN_PASSWORD: 'webhook-system-admin-1',
    // The receivers are on 127.0.0.1; retries 1000 times sooner.
    WALLET_WEBHOOK_ALLOW_PRIVATE: 'true',
    WALLET_WEBHOOK_RETRY_SCALE: '0.001',
  };
  [a, b] = await Promise.all([startApp({ env }), startApp({ env })]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

async function addEndpoint(base: string, url: string, events: string) {
  const r = await callWallet(base, 'webhookAdd', { url, events }, MAIN);
  expect(r.body.code, r.body.msg).toBe(0);
  return webhookCreatedSchema.parse(r.body.data);
}

describe('webhook delivery', () => {
  it('two instances deliver 200 events, each exactly once, signed', async () => {
    const receiver = await startWebhookReceiver();
    const endpoint = await addEndpoint(a!.baseUrl, receiver.url, 'user.registered');
    const ids = Array.from({ length: EVENTS }, (_, i) => `two-hooks-${i}`);
    // Eight at a time, alternating instances: both write events and both workers claim.
    for (let i = 0; i < ids.length; i += 8) {
      await Promise.all(
        ids.slice(i, i + 8).map(async (id, j) => {
          const r = await callWallet(
            (i / 8 + j) % 2 === 0 ? a!.baseUrl : b!.baseUrl,
            'registerAndKyc',
            kycParams(id),
            MAIN,
          );
          expect(r.body.code, r.body.msg).toBe(0);
        }),
      );
    }
    await receiver.waitFor((r) => new Set(r.map((x) => x.eventId)).size >= EVENTS, 30_000);
    // Time for a second attempt of any of them to arrive, if one were made.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(receiver.received).toHaveLength(EVENTS);
    expect(new Set(receiver.received.map((r) => r.eventId)).size).toBe(EVENTS);
    expect(receiver.verified(endpoint.secret)).toHaveLength(EVENTS);
    const registered = receiver.received.map(
      (r) => (JSON.parse(r.rawBody) as { data: { appUserId: string } }).data.appUserId,
    );
    expect(registered.sort()).toEqual([...ids].sort());

    const page = await callWallet<EventPage>(
      b!.baseUrl,
      'eventList',
      { type: 'user.registered', pageSize: 100 },
      MAIN,
    );
    expect(page.body.data?.dataTotal).toBe(EVENTS);
    expect(
      page.body.data?.list
        .flatMap((e) => e.deliveries)
        .every((d) => d.status === 'DELIVERED' && d.attempts === 1),
    ).toBe(true);
    expect(
      (await callWallet(a!.baseUrl, 'webhookDelete', { endpointId: endpoint.endpointId }, MAIN)).body.code,
    ).toBe(0);
    await receiver.close();
  }, 120_000);

  it('kill -9 of every instance between the commit and the delivery: delivered after restart', async () => {
    // Nothing listens on the endpoint's port yet: every attempt before the crash fails.
    const port = await freePort();
    const endpoint = await addEndpoint(a!.baseUrl, `http://127.0.0.1:${port}/hooks`, 'card.issued');
    const assets = await callWallet<{ assetId: number }[]>(a!.baseUrl, 'agencyAssetList', {}, MAIN);
    const registered = await callWallet(a!.baseUrl, 'registerAndKyc', kycParams('crash-hook-user'), MAIN);
    expect(registered.body.code).toBe(0);
    const issued = await callWallet<{ cardId: number }>(
      a!.baseUrl,
      'agencyApplyUserCard',
      {
        appUserId: 'crash-hook-user',
        paymentAssetId: assets.body.data![0]!.assetId,
        categoryId: 1,
        embossedName: 'CRASH HOOK',
      },
      MAIN,
    );
    expect(issued.body.code, issued.body.msg).toBe(0);
    await Promise.all([a!.kill(), b!.kill()]);
    a = b = undefined;

    const receiver = await startWebhookReceiver({ port });
    a = await startApp({ env });
    await receiver.waitFor((r) => r.length >= 1, 30_000);
    const [got] = receiver.verified(endpoint.secret);
    expect(got).toBeDefined();
    const body = JSON.parse(got!.rawBody) as { id: string; type: string; data: { cardId: number } };
    expect(body).toMatchObject({
      id: got!.eventId,
      type: 'card.issued',
      data: { cardId: issued.body.data!.cardId },
    });
    await receiver.close();
  }, 120_000);
});
