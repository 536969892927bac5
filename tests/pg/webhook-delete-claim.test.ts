// webhook/delete against the delivery worker's claim, on PostgreSQL (docs/wallet-api.md "Events
// and webhooks"): once the delete has the endpoint, no attempt to it is claimed; an attempt
// claimed before the delete may still arrive, and then nothing more. Deterministic: each case
// fixes the order of claim and delete with a transaction held open or a send held back, never
// with timing. The worker here sends through a recording stand-in, not over the network.
import { Client } from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRows } from '@/lib/db/open';
import { sql } from 'drizzle-orm';
import { walletDb } from '@/lib/wallet/service/db';
import { createDeliveryWorker, type DeliveryWorker } from '@/lib/wallet/service/event/delivery-worker';
import type { AttemptOutcome, SendDelivery } from '@/lib/wallet/service/event/send-delivery';
import { createLogger } from '@/lib/wallet/service/http/logger';
import { configuredSecretBox } from '@/lib/wallet/service/secrets/app-secrets';
import { createFreshPgDatabase } from '../helpers/pg';
import { callWallet, kycParams } from '../helpers/wallet-call';
import { createPostgresTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

let pgDb: { url: string; drop(): Promise<void> };
let db: TestDatabase;
let server: WalletTestServer;
let other: Client;

beforeAll(async () => {
  pgDb = await createFreshPgDatabase();
  db = await createPostgresTestDatabase(pgDb.url, 10);
  server = await startWalletServer();
  other = new Client({ connectionString: pgDb.url });
  await other.connect();
});

afterAll(async () => {
  await other?.end();
  await server?.close();
  await db?.close();
  await pgDb?.drop();
});

/** The attempts the worker made (event ids), each answered 204 once `release` is called. */
let sent: string[] = [];
let held: Promise<void> = Promise.resolve();
let release: () => void = () => undefined;
let attemptStarted: () => void = () => undefined;

const send: SendDelivery = async (attempt): Promise<AttemptOutcome> => {
  sent.push(attempt.eventId);
  attemptStarted();
  await held;
  return { delivered: true, statusCode: 204 };
};

let worker: DeliveryWorker;

beforeEach(() => {
  sent = [];
  held = Promise.resolve();
  worker = createDeliveryWorker({
    db: walletDb(db),
    secretBox: configuredSecretBox(),
    send,
    logger: createLogger({ level: 'silent' }),
    retryScale: 1,
  });
});

let seq = 0;
/** A fresh endpoint and one due delivery to it; its id. */
async function endpointWithDueDelivery(): Promise<number> {
  const added = await callWallet<{ endpointId: number }>(server.baseUrl, 'webhookAdd', {
    url: 'https://93.184.215.14/hooks',
    events: 'user.registered',
  });
  expect(added.body.code, added.body.msg).toBe(0);
  const endpointId = added.body.data!.endpointId;
  const registered = await callWallet(server.baseUrl, 'registerAndKyc', kycParams(`wd-${++seq}`));
  expect(registered.body.code, registered.body.msg).toBe(0);
  return endpointId;
}

async function deliveriesTo(endpointId: number): Promise<number> {
  const [row] = await rawRows<{ n: number }>(
    db.db,
    sql`select count(*)::int as n from wallet.event_deliveries where endpoint_id = ${endpointId}`,
  );
  return row!.n;
}

describe('webhook/delete against the claim', () => {
  it('a delete that holds the endpoint is never overtaken: nothing is claimed, then nothing is sent', async () => {
    const endpointId = await endpointWithDueDelivery();
    // A DELETE takes the endpoint's row first; its cascade reaches the deliveries only at the end
    // of its statement. The row lock alone is that moment, held open here.
    await other.query('begin');
    try {
      await other.query('select id from wallet.webhook_endpoints where id = $1 for update', [endpointId]);
      expect(await worker.drain()).toBe(0);
      expect(sent).toEqual([]);
      await other.query('delete from wallet.webhook_endpoints where id = $1', [endpointId]);
      await other.query('commit');
    } finally {
      // A failure above must not leave the lock held for the cases after it.
      await other.query('rollback');
    }
    expect(await worker.drain()).toBe(0);
    expect(sent).toEqual([]);
    expect(await deliveriesTo(endpointId)).toBe(0);
  });

  it('after webhook/delete answers, no attempt starts', async () => {
    const endpointId = await endpointWithDueDelivery();
    const deleted = await callWallet(server.baseUrl, 'webhookDelete', { endpointId });
    expect(deleted.body).toEqual({ code: 0, msg: 'success', data: { endpointId } });
    expect(await worker.drain()).toBe(0);
    expect(sent).toEqual([]);
  });

  it('an attempt claimed before the delete may still arrive, once, and nothing after it', async () => {
    const endpointId = await endpointWithDueDelivery();
    held = new Promise((resolve) => (release = resolve));
    const started = new Promise<void>((resolve) => (attemptStarted = resolve));
    const draining = worker.drain();
    await started;
    expect(sent).toHaveLength(1);
    // The claim has committed; the delete does not wait for the attempt in flight.
    const deleted = await callWallet(server.baseUrl, 'webhookDelete', { endpointId });
    expect(deleted.body.code).toBe(0);
    release();
    expect(await draining).toBe(1);
    // The outcome has no row left to record on; no further attempt is made.
    expect(await deliveriesTo(endpointId)).toBe(0);
    expect(await worker.drain()).toBe(0);
    expect(sent).toHaveLength(1);
    attemptStarted = () => undefined;
  });
});
