// webhook/rotateSecret over HTTP (docs/wallet-api.md "webhook/rotateSecret"): the new secret is
// answered once and stored sealed; every delivery then carries Wallet-Signature (the new secret)
// and Wallet-Signature-Previous (the old one) until the overlap ends (24 hours after the rotation,
// by the database's clock; ended here by moving that moment into the past, as waiting out a
// scaled-down overlap failed whenever a busy machine delivered late), so a receiver verifying
// either header with whichever secret it holds refuses nothing while it deploys the new one;
// afterwards only the new secret signs. 4012 for an endpoint the
// app does not have (another app's included), and nothing changes.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '@/lib/wallet/service/db/schema';
import { webhookCreatedSchema, webhookSecretSchema } from '@/lib/wallet/contract/schemas';
import { SECRET_OVERLAP_MS, verifyWebhook } from '@/lib/wallet/contract/webhook-signature';
import { callWallet, kycParams } from '../helpers/wallet-call';
import { createTestDatabase, OTHER_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';
import { startWebhookReceiver, type Received, type WebhookReceiver } from '../helpers/webhook-receiver';

let db: TestDatabase;
let server: WalletTestServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer({
    deliverWebhooks: true,
    webhooks: { allowPrivate: true, retryScale: 0.001 },
  });
});

afterAll(async () => {
  await receiver?.close();
  await server?.close();
  await db?.close();
});

let users = 0;
/** A change that writes one user.registered event, delivered to the endpoint; its delivery. */
async function oneDelivery(): Promise<Received> {
  const appUserId = `rot-user-${++users}`;
  const r = await callWallet(server.baseUrl, 'registerAndKyc', kycParams(appUserId));
  expect(r.body.code, r.body.msg).toBe(0);
  await receiver.waitFor((all) => all.some((d) => d.rawBody.includes(`"appUserId":"${appUserId}"`)));
  return receiver.received.find((d) => d.rawBody.includes(`"appUserId":"${appUserId}"`))!;
}

const signedWith = (secret: string, d: Received, header: 'signature' | 'previousSignature') =>
  verifyWebhook({ secret, rawBody: d.rawBody, timestamp: d.timestamp, signature: d[header] });

describe('webhook/rotateSecret', () => {
  it('answers {endpointId, secret}; both headers sign during the overlap, the new one alone after it', async () => {
    receiver = await startWebhookReceiver();
    const added = await callWallet(server.baseUrl, 'webhookAdd', {
      url: receiver.url,
      events: 'user.registered',
    });
    expect(added.body.code, added.body.msg).toBe(0);
    const endpoint = webhookCreatedSchema.parse(added.body.data);
    const old = endpoint.secret;

    const before = await oneDelivery();
    expect(before.previousSignature).toBe('');
    expect(signedWith(old, before, 'signature')).toBe(true);

    const rotating = Date.now();
    const r = await callWallet(server.baseUrl, 'webhookRotateSecret', { endpointId: endpoint.endpointId });
    expect(r.body.code, r.body.msg).toBe(0);
    const rotated = webhookSecretSchema.parse(r.body.data);
    const rotatedAt = Date.now();
    expect(Object.keys(r.body.data as object).sort()).toEqual(['endpointId', 'secret']);
    expect(rotated.endpointId).toBe(endpoint.endpointId);
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(rotated.secret).not.toBe(old);
    // Stored sealed, the old one kept (sealed) for the overlap.
    const [row] = await db.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.endpointId));
    expect(row!.secret).not.toContain(rotated.secret.slice(6));
    expect(row!.previousSecret).not.toContain(old.slice(6));
    // Kept for the overlap: until the rotation's moment plus 24 hours.
    const until = row!.previousSecretUntil!.getTime();
    expect(until).toBeGreaterThanOrEqual(rotating + SECRET_OVERLAP_MS);
    expect(until).toBeLessThanOrEqual(rotatedAt + SECRET_OVERLAP_MS);

    const during = await oneDelivery();
    expect(signedWith(rotated.secret, during, 'signature')).toBe(true);
    expect(signedWith(old, during, 'previousSignature')).toBe(true);
    // A receiver verifying either header accepts it with either secret.
    expect(receiver.verified(old)).toContain(during);
    expect(receiver.verified(rotated.secret)).toContain(during);

    // The overlap over, by the database's clock (which decides it: delivery-worker.ts).
    await db.db
      .update(webhookEndpoints)
      .set({ previousSecretUntil: sql`now() - interval '1 millisecond'` })
      .where(eq(webhookEndpoints.id, endpoint.endpointId));
    const after = await oneDelivery();
    expect(after.previousSignature).toBe('');
    expect(signedWith(rotated.secret, after, 'signature')).toBe(true);
    expect(receiver.verified(old)).not.toContain(after);
  });

  it("4012 for an endpoint the app does not have, another app's included; nothing changes", async () => {
    const mine = webhookCreatedSchema.parse(
      (await callWallet(server.baseUrl, 'webhookAdd', { url: 'http://127.0.0.1:9/hooks', events: '*' })).body
        .data,
    );
    for (const [endpointId, as] of [
      [999_999, {}],
      [
        mine.endpointId,
        { agencyCode: OTHER_AGENCY.agencyCode, appId: OTHER_AGENCY.appId, secret: OTHER_AGENCY.appSecret },
      ],
    ] as const) {
      const r = await callWallet(server.baseUrl, 'webhookRotateSecret', { endpointId }, as);
      expect(r.body.code).toBe(4012);
    }
    const [row] = await db.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, mine.endpointId));
    expect(row!.previousSecret).toBeNull();
  });
});
