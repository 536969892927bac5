// Events and webhooks (docs/wallet-api.md "Events and webhooks", "Endpoints and events") over HTTP
// against the real service and a real receiver on 127.0.0.1: webhook/add's checks (https, no
// private or metadata address, 1002 on url, nothing written), the secret shown once and sealed at
// rest, one event per change with exact data and none for a change that rolled back,
// asset.low_balance once per crossing, event/list, and delivery: signed, retried on the schedule
// (scaled), redirects not followed, redelivery, endpoint deletion. No event or delivery carries a
// whole card number or document number. webhook/test's ping. Every delivery received is checked
// against the OpenAPI document's webhook of its type (tests/helpers/webhook-schema.ts).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import { pruneEvents } from '@/lib/wallet/service/event/prune-events';
import { cards, events, users, webhookEndpoints } from '@/lib/wallet/service/db/schema';
import { revealCardSecrets } from '@/lib/wallet/service/card/card-secrets';
import {
  eventDataSchemas,
  eventPageSchema,
  testDeliverySchema,
  walletEventSchema,
  webhookCreatedSchema,
  webhookEndpointSchema,
  type EventPage,
  type EventWithDeliveries,
} from '@/lib/wallet/contract/schemas';
import { callWallet, kycParams, addressParams } from '../helpers/wallet-call';
import { createTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';

let db: TestDatabase;
/** Private addresses allowed (the receivers here are on 127.0.0.1), retries 1000x sooner. */
let server: WalletTestServer;
/** The production rules: https only, no private address; no worker. */
let strict: WalletTestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer({
    deliverWebhooks: true,
    webhooks: { allowPrivate: true, retryScale: 0.001 },
  });
  strict = await startWalletServer({ webhooks: { allowPrivate: false } });
});

afterAll(async () => {
  await server?.close();
  await strict?.close();
  await db?.close();
});

type Params = Record<string, string | number | boolean | undefined>;

async function ok<T>(base: string, op: Parameters<typeof callWallet>[1], params: Params): Promise<T> {
  const r = await callWallet<T>(base, op, params);
  expect(r.body.code, r.body.msg).toBe(0);
  return r.body.data as T;
}

async function eventsOf(type?: string, pageSize = 100): Promise<EventWithDeliveries[]> {
  const page = await ok<EventPage>(server.baseUrl, 'eventList', { type, pageSize });
  return eventPageSchema.parse(page).list;
}

async function eventById(id: string): Promise<EventWithDeliveries> {
  const found = (await eventsOf()).find((e) => e.id === id);
  if (!found) throw new Error(`event ${id} not listed`);
  return found;
}

describe('webhook/add refuses what must not receive events, naming url, and writes nothing', () => {
  it.each([
    ['http://hooks.example.com/x', 'must be an https:// URL'],
    ['https://127.0.0.1/x', 'must not point at a loopback, private, link-local or metadata address'],
    ['https://10.0.0.7:8443/x', 'must not point at a loopback, private, link-local or metadata address'],
    [
      'https://169.254.169.254/latest/meta-data/',
      'must not point at a loopback, private, link-local or metadata address',
    ],
    ['https://[::1]/x', 'must not point at a loopback, private, link-local or metadata address'],
    [
      'https://[::ffff:192.168.0.1]/x',
      'must not point at a loopback, private, link-local or metadata address',
    ],
    // IPv4-compatible and IPv4-mapped IPv6 (::/96, ::ffff:0:0/96) refused whole.
    ['https://[::127.0.0.1]:3802/x', 'must not point at a loopback, private, link-local or metadata address'],
    ['https://[::7f00:1]/x', 'must not point at a loopback, private, link-local or metadata address'],
    ['https://[::10.0.0.1]/x', 'must not point at a loopback, private, link-local or metadata address'],
    ['https://[::a9fe:a9fe]/x', 'must not point at a loopback, private, link-local or metadata address'],
    ['https://[::ffff:8.8.8.8]/x', 'must not point at a loopback, private, link-local or metadata address'],
    ['https://localhost/x', 'must not point at a loopback, private, link-local or metadata address'],
    ['https://user:pw@93.184.215.14/x', 'must not carry a user name or password'],
    ['ftp://93.184.215.14/x', 'must be an http(s) URL'],
  ])('%s: %s', async (url, rule) => {
    const r = await callWallet(strict.baseUrl, 'webhookAdd', { url, events: '*' });
    expect(r.body).toEqual({ code: 1002, msg: `url ${rule}.`, data: { field: 'url', rule } });
    const [count] = await db.db.select({ n: sql<number>`count(*)::int` }).from(webhookEndpoints);
    expect(count?.n).toBe(0);
  });

  it('an unknown event type is 1002 on events', async () => {
    const r = await callWallet(strict.baseUrl, 'webhookAdd', {
      url: 'https://93.184.215.14/x',
      events: 'card.issued,card.eaten',
    });
    expect(r.body.code).toBe(1002);
    expect(r.body.data).toMatchObject({ field: 'events' });
    expect(r.body.msg).toContain('must be * or event types separated by commas');
  });
});

describe('endpoints', () => {
  it('add shows the secret once; list and the database never show it', async () => {
    const created = webhookCreatedSchema.parse(
      await ok(strict.baseUrl, 'webhookAdd', {
        url: 'https://93.184.215.14/hooks',
        events: 'card.status_changed, card.issued,card.issued',
        description: 'Our card service',
      }),
    );
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      url: 'https://93.184.215.14/hooks',
      events: ['card.issued', 'card.status_changed'],
      description: 'Our card service',
    });
    const listed = webhookEndpointSchema.array().parse(await ok(strict.baseUrl, 'webhookList', {}));
    const mine = listed.find((e) => e.endpointId === created.endpointId);
    expect(mine).toEqual({
      endpointId: created.endpointId,
      url: created.url,
      events: created.events,
      description: 'Our card service',
      createdAt: created.createdAt,
    });
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const [stored] = await db.db
      .select({ secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.endpointId));
    expect(stored?.secret.startsWith('sb1.')).toBe(true);
    expect(stored?.secret).not.toContain(created.secret.slice(6));

    expect(
      (await callWallet(strict.baseUrl, 'webhookDelete', { endpointId: created.endpointId })).body,
    ).toEqual({
      code: 0,
      msg: 'success',
      data: { endpointId: created.endpointId },
    });
    const again = await callWallet(strict.baseUrl, 'webhookDelete', { endpointId: created.endpointId });
    expect(again.body.code).toBe(4012);
  });
});

describe('events', () => {
  it('one per change, with the data of docs/wallet-api.md "Events and webhooks"; none for a change that rolled back', async () => {
    // Every event delivered, too, each body as the OpenAPI document's webhook of its type says.
    const everything = await startWebhookReceiver();
    const all = webhookCreatedSchema.parse(
      await ok(server.baseUrl, 'webhookAdd', { url: everything.url, events: '*' }),
    );
    const before = (await eventsOf()).length;
    await ok(server.baseUrl, 'registerAndKyc', kycParams('ev-user-1', { documentNo: 'DOC-998877' }));
    const address = await ok<{ addressId: number }>(server.baseUrl, 'addAddress', addressParams('ev-user-1'));
    const card = await ok<{ cardId: number; cardNumber: string }>(server.baseUrl, 'agencyApplyUserCard', {
      appUserId: 'ev-user-1',
      paymentAssetId: db.agencyAssetId,
      categoryId: 1,
      embossedName: 'JANE OCONNOR',
    });
    await ok(server.baseUrl, 'cardLock', { appUserId: 'ev-user-1', cardId: card.cardId, reason: 'LOST' });
    await ok(server.baseUrl, 'addressUpdate', {
      appUserId: 'ev-user-1',
      addressId: address.addressId,
      city: 'Oakland',
    });
    await ok(server.baseUrl, 'addressDelete', { appUserId: 'ev-user-1', addressId: address.addressId });
    // Rolled back: the user's wallet holds nothing, so the card is refused (4001), and no event says otherwise.
    const wallets = await ok<{ assetId: number }[]>(server.baseUrl, 'userAssetList', {
      appUserId: 'ev-user-1',
    });
    const refused = await callWallet(server.baseUrl, 'userApplyCard', {
      appUserId: 'ev-user-1',
      paymentAssetId: wallets[0]!.assetId,
      categoryId: 1,
      embossedName: 'JANE OCONNOR',
    });
    expect(refused.body.code).toBe(4001);

    const list = await eventsOf();
    const mine = list.slice(0, list.length - before).reverse();
    expect(mine.map((e) => e.type)).toEqual([
      'user.registered',
      'address.added',
      'card.issued',
      'card.status_changed',
      'address.updated',
      'address.deleted',
    ]);
    for (const event of mine) {
      const body = walletEventSchema.parse(event);
      expect({ ...body, deliveries: event.deliveries }).toEqual(event);
      expect(event.id).toMatch(/^evt_[A-Za-z0-9_-]{24}$/);
      expect(event.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(event).toMatchObject({ agencyCode: 'AG001', appId: 'app-1' });
      expect(eventDataSchemas[event.type].strict().safeParse(event.data).success, event.type).toBe(true);
    }
    expect(mine[0]!.data).toEqual({
      agencyCode: 'AG001',
      appId: 'app-1',
      appUserId: 'ev-user-1',
      email: 'ev-user-1@example.com',
      walletAccountType: 'STANDARD',
    });
    expect(mine[2]!.data).toMatchObject({
      cardId: card.cardId,
      last4: card.cardNumber.slice(-4),
      status: 'ACTIVE',
      payer: 'AGENCY',
      fee: 5,
      appUserId: 'ev-user-1',
    });
    expect(mine[2]!.data).not.toHaveProperty('cardNumber');
    expect(mine[3]!.data).toEqual({
      cardId: card.cardId,
      appUserId: 'ev-user-1',
      fromStatus: 'ACTIVE',
      toStatus: 'LOCKED',
      reason: 'LOST',
    });
    expect(mine[4]!.data).toMatchObject({ addressId: address.addressId, city: 'Oakland', isDefault: true });
    expect(mine[5]!.data).toEqual({ addressId: address.addressId, appUserId: 'ev-user-1' });

    await everything.waitFor((r) => r.length >= 6);
    expect(everything.received.map((r) => JSON.parse(r.rawBody).type).sort()).toEqual(
      mine.map((e) => e.type).sort(),
    );
    expect(everything.schemaProblems()).toEqual([]);
    await ok(server.baseUrl, 'webhookDelete', { endpointId: all.endpointId });
    await everything.close();

    // No body holds a whole card number or a document number.
    const bodies = (await db.db.select({ body: events.body }).from(events)).map((r) => r.body).join('\n');
    for (const { id } of await db.db.select({ id: cards.id }).from(cards)) {
      const secrets = await revealCardSecrets(db.db, id);
      expect(secrets).not.toBeNull();
      expect(bodies).not.toContain(secrets?.cardNumber);
    }
    for (const { documentNo } of await db.db.select({ documentNo: users.documentNo }).from(users)) {
      expect(bodies).not.toContain(documentNo);
    }
  });

  it('event/list pages newest first and filters by type', async () => {
    const all = await eventsOf();
    const page = await ok<EventPage>(server.baseUrl, 'eventList', { pageNum: 2, pageSize: 2 });
    expect(page.dataTotal).toBe(all.length);
    expect(page.haveNext).toBe(all.length > 4);
    expect(page.list.map((e) => e.id)).toEqual(all.slice(2, 4).map((e) => e.id));
    const locks = await ok<EventPage>(server.baseUrl, 'eventList', { type: 'card.status_changed' });
    expect(locks.list.length).toBeGreaterThan(0);
    expect(locks.list.every((e) => e.type === 'card.status_changed')).toBe(true);
    expect(locks.dataTotal).toBe(all.filter((e) => e.type === 'card.status_changed').length);
  });

  it("event/list filters by card (data.cardId): that card's events only, with or without a type", async () => {
    await ok(server.baseUrl, 'registerAndKyc', kycParams('ev-card-filter'));
    const issue = () =>
      ok<{ cardId: number }>(server.baseUrl, 'agencyApplyUserCard', {
        appUserId: 'ev-card-filter',
        paymentAssetId: db.agencyAssetId,
        categoryId: 1,
        embossedName: 'JANE OCONNOR',
      });
    const first = await issue();
    const second = await issue();
    await ok(server.baseUrl, 'cardLock', {
      appUserId: 'ev-card-filter',
      cardId: first.cardId,
      reason: 'LOST',
    });
    await ok(server.baseUrl, 'cardLock', {
      appUserId: 'ev-card-filter',
      cardId: second.cardId,
      reason: 'LOST',
    });
    await ok(server.baseUrl, 'cardUnlock', { appUserId: 'ev-card-filter', cardId: first.cardId });

    const ofFirst = await ok<EventPage>(server.baseUrl, 'eventList', { cardId: first.cardId });
    expect(ofFirst.list.map((e) => [e.type, e.data.cardId, e.data.toStatus])).toEqual([
      ['card.status_changed', first.cardId, 'ACTIVE'],
      ['card.status_changed', first.cardId, 'LOCKED'],
      ['card.issued', first.cardId, undefined],
    ]);
    expect(ofFirst.dataTotal).toBe(3);
    const changes = await ok<EventPage>(server.baseUrl, 'eventList', {
      cardId: second.cardId,
      type: 'card.status_changed',
    });
    expect(changes.list.map((e) => [e.data.cardId, e.data.toStatus])).toEqual([[second.cardId, 'LOCKED']]);
    expect(changes.dataTotal).toBe(1);
    const none = await ok<EventPage>(server.baseUrl, 'eventList', { cardId: 2_000_000_000 });
    expect(none).toEqual({ dataTotal: 0, haveNext: false, list: [], nextCursor: null });
  });

  it('event/list pages by cursor: every event once, newest first, stable while a newer event arrives', async () => {
    const all = await eventsOf();
    expect(all.length).toBeGreaterThanOrEqual(5);
    const first = await ok<EventPage>(server.baseUrl, 'eventList', { pageSize: 2 });
    expect(first.list.map((e) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));
    expect(first.haveNext).toBe(true);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    // A newer event arrives between pages: offset paging would shift; the cursor does not.
    await ok(server.baseUrl, 'registerAndKyc', kycParams('ev-cursor-newcomer'));
    const seen = first.list.map((e) => e.id);
    let cursor = first.nextCursor;
    let pages = 1;
    while (cursor !== null) {
      const page = await ok<EventPage>(server.baseUrl, 'eventList', { pageSize: 2, cursor });
      expect(page.list.length).toBeGreaterThan(0);
      expect(page.haveNext).toBe(page.nextCursor !== null);
      seen.push(...page.list.map((e) => e.id));
      cursor = page.nextCursor;
      pages++;
    }
    expect(seen).toEqual(all.map((e) => e.id));
    expect(pages).toBe(Math.ceil(all.length / 2));
    // pageNum keeps working, and gives a cursor to switch to.
    const second = await ok<EventPage>(server.baseUrl, 'eventList', { pageNum: 2, pageSize: 2 });
    const now = await eventsOf();
    expect(second.list.map((e) => e.id)).toEqual(now.slice(2, 4).map((e) => e.id));
    const after = await ok<EventPage>(server.baseUrl, 'eventList', {
      pageSize: 2,
      cursor: second.nextCursor!,
    });
    expect(after.list.map((e) => e.id)).toEqual(now.slice(4, 6).map((e) => e.id));
    // With a type, the cursor walks that type only; pageNum is ignored beside a cursor.
    const typed = await ok<EventPage>(server.baseUrl, 'eventList', {
      type: 'user.registered',
      pageSize: 1,
      pageNum: 99,
      cursor: first.nextCursor!,
    });
    const olderRegistrations = now.filter(
      (e) => e.type === 'user.registered' && !first.list.some((f) => f.id === e.id) && e.id !== now[0]!.id,
    );
    expect(typed.list.map((e) => e.id)).toEqual(olderRegistrations.slice(0, 1).map((e) => e.id));
  });

  it('event/list refuses a cursor it did not make: 1002 naming cursor', async () => {
    const r = await callWallet(server.baseUrl, 'eventList', { cursor: 'not-a-cursor' });
    expect(r.body).toEqual({
      code: 1002,
      msg: 'cursor must be the nextCursor of an earlier event/list reply.',
      data: { field: 'cursor', rule: 'must be the nextCursor of an earlier event/list reply' },
    });
  });

  it('are kept 30 days: older ones go with their deliveries, newer ones stay', async () => {
    const receiver = 'https://93.184.215.14/prune';
    const endpoint = webhookCreatedSchema.parse(
      await ok(strict.baseUrl, 'webhookAdd', { url: receiver, events: 'user.registered' }),
    );
    await ok(strict.baseUrl, 'registerAndKyc', kycParams('ev-prune-old'));
    await ok(strict.baseUrl, 'registerAndKyc', kycParams('ev-prune-new'));
    const [newer, older] = await eventsOf('user.registered', 2);
    // The older one 30 days and a minute ago; the newer 29 days and 23 hours ago.
    await db.db.execute(
      sql`update wallet.events set created_at = now() - interval '30 days 1 minute' where public_id = ${older!.id}`,
    );
    await db.db.execute(
      sql`update wallet.events set created_at = now() - interval '29 days 23 hours' where public_id = ${newer!.id}`,
    );
    expect(await pruneEvents(db.db)).toBe(1);
    const left = (await eventsOf('user.registered')).map((e) => e.id);
    expect(left).toContain(newer!.id);
    expect(left).not.toContain(older!.id);
    const [orphans] = await db.db
      .execute(
        sql`select count(*)::int as n from wallet.event_deliveries d where not exists (select 1 from wallet.events e where e.id = d.event_id)`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(orphans?.n).toBe(0);
    expect(await pruneEvents(db.db)).toBe(0);
    await ok(strict.baseUrl, 'webhookDelete', { endpointId: endpoint.endpointId });
  });

  it('asset.low_balance once per crossing of 100 cards of the dearest category', async () => {
    const lowBalances = async () => (await eventsOf('asset.low_balance')).length;
    const before = await lowBalances();
    await ok(server.baseUrl, 'registerAndKyc', kycParams('ev-low-1'));
    const [wallet] = await ok<{ assetId: number }[]>(server.baseUrl, 'userAssetList', {
      appUserId: 'ev-low-1',
    });
    const assets = await ok<{ assetId: number; balance: number }[]>(server.baseUrl, 'agencyAssetList', {});
    const margin = assets.find((a) => a.assetId === db.agencyAssetId)!;
    // The dearest USD category costs 50.00: the line is 5,000.00. Down to exactly the line: not below.
    const toLine = (margin.balance * 100 - 500_000) / 100;
    await ok(server.baseUrl, 'assetTransfer', {
      fromAssetId: db.agencyAssetId,
      toAssetId: wallet!.assetId,
      amount: toLine.toFixed(2),
    });
    expect(await lowBalances()).toBe(before);
    const issue = () =>
      ok(server.baseUrl, 'agencyApplyUserCard', {
        appUserId: 'ev-low-1',
        paymentAssetId: db.agencyAssetId,
        categoryId: 1,
        embossedName: 'LOW BALANCE',
      });
    await issue(); // 5,000.00 - 5.00: crossed
    await issue(); // still below: no second event
    const low = await eventsOf('asset.low_balance');
    expect(low.length).toBe(before + 1);
    expect(low[0]!.data).toEqual({ assetId: db.agencyAssetId, balance: 4995, cardsLeft: 99 });
    // Risen above the line, then below again: a second crossing.
    await creditAsset({ db: db.db, assetId: db.agencyAssetId, amountMinor: 1_000 });
    await ok(server.baseUrl, 'assetTransfer', {
      fromAssetId: db.agencyAssetId,
      toAssetId: wallet!.assetId,
      amount: '10.00',
    });
    const again = await eventsOf('asset.low_balance');
    expect(again.length).toBe(before + 2);
    expect(again[0]!.data).toEqual({ assetId: db.agencyAssetId, balance: 4990, cardsLeft: 99 });
  });
});

describe('delivery', () => {
  let receiver: WebhookReceiver;
  afterAll(async () => receiver?.close());

  it('a receiver that fails twice then accepts gets the event three times, same id, signed; DELIVERED after 3 attempts', async () => {
    receiver = await startWebhookReceiver({ respond: (n) => (n <= 2 ? 503 : 200) });
    const endpoint = webhookCreatedSchema.parse(
      await ok(server.baseUrl, 'webhookAdd', { url: receiver.url, events: 'user.registered' }),
    );
    await ok(server.baseUrl, 'registerAndKyc', kycParams('ev-deliver-1'));
    const [event] = await eventsOf('user.registered', 1);
    await receiver.waitFor((r) => r.length >= 3);
    expect(receiver.received.map((r) => r.eventId)).toEqual([event!.id, event!.id, event!.id]);
    expect(receiver.verified(endpoint.secret)).toHaveLength(3);
    expect(receiver.verified('whsec_wrong')).toHaveLength(0);
    expect(receiver.schemaProblems()).toEqual([]);
    expect(JSON.parse(receiver.received[2]!.rawBody)).toEqual(walletEventSchema.parse(event));
    // The same bytes every time (the body is fixed when the event is written).
    expect(new Set(receiver.received.map((r) => r.rawBody)).size).toBe(1);

    await expect
      .poll(async () => (await eventById(event!.id)).deliveries, { timeout: 5_000 })
      .toEqual([
        expect.objectContaining({
          endpointId: endpoint.endpointId,
          status: 'DELIVERED',
          attempts: 3,
          lastStatusCode: 200,
          lastError: null,
          nextAttemptAt: null,
        }),
      ]);
    // Delivered means no further attempt.
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received).toHaveLength(3);

    // Redelivery: once more, at once.
    const redelivered = await ok(server.baseUrl, 'eventRedeliver', {
      eventId: event!.id,
      endpointId: endpoint.endpointId,
    });
    expect(redelivered).toMatchObject({ status: 'PENDING', attempts: 3 });
    await receiver.waitFor((r) => r.length >= 4);
    await expect
      .poll(async () => (await eventById(event!.id)).deliveries[0])
      .toMatchObject({ status: 'DELIVERED', attempts: 4 });
    expect(
      (
        await callWallet(server.baseUrl, 'eventRedeliver', {
          eventId: 'evt_nosuchevent00000000000000',
          endpointId: endpoint.endpointId,
        })
      ).body.code,
    ).toBe(4013);
    expect(
      (await callWallet(server.baseUrl, 'eventRedeliver', { eventId: event!.id, endpointId: 999_999 })).body
        .code,
    ).toBe(4012);

    await ok(server.baseUrl, 'webhookDelete', { endpointId: endpoint.endpointId });
    expect((await eventById(event!.id)).deliveries).toEqual([]);
  });

  it('webhook/test sends a new ping event, data {endpointId}, to that endpoint only and at once; 4012 for an unknown endpoint', async () => {
    const tested = await startWebhookReceiver();
    const other = await startWebhookReceiver();
    const endpoint = webhookCreatedSchema.parse(
      await ok(server.baseUrl, 'webhookAdd', { url: tested.url, events: 'user.registered' }),
    );
    const everyType = webhookCreatedSchema.parse(
      await ok(server.baseUrl, 'webhookAdd', { url: other.url, events: '*' }),
    );
    const sent = testDeliverySchema.parse(
      await ok(server.baseUrl, 'webhookTest', { endpointId: endpoint.endpointId }),
    );
    expect(sent).toEqual({
      eventId: expect.stringMatching(/^evt_[A-Za-z0-9_-]{24}$/),
      endpointId: endpoint.endpointId,
      status: 'PENDING',
      attempts: 0,
      lastAttemptAt: null,
      lastStatusCode: null,
      lastError: null,
      nextAttemptAt: expect.any(String),
    });
    await tested.waitFor((r) => r.length >= 1, 5_000);
    const [ping] = tested.received;
    expect(ping!.eventId).toBe(sent.eventId);
    expect(tested.verified(endpoint.secret)).toHaveLength(1);
    expect(tested.schemaProblems()).toEqual([]);
    expect(JSON.parse(ping!.rawBody)).toEqual({
      id: sent.eventId,
      type: 'ping',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      agencyCode: 'AG001',
      appId: 'app-1',
      data: { endpointId: endpoint.endpointId },
    });
    await expect
      .poll(async () => (await eventById(sent.eventId)).deliveries)
      .toEqual([
        expect.objectContaining({ endpointId: endpoint.endpointId, status: 'DELIVERED', attempts: 1 }),
      ]);
    // The endpoint subscribed to every type is not sent another endpoint's test.
    await new Promise((r) => setTimeout(r, 300));
    expect(other.received).toHaveLength(0);

    expect((await callWallet(server.baseUrl, 'webhookTest', { endpointId: 999_999 })).body.code).toBe(4012);
    await ok(server.baseUrl, 'webhookDelete', { endpointId: endpoint.endpointId });
    await ok(server.baseUrl, 'webhookDelete', { endpointId: everyType.endpointId });
    await tested.close();
    await other.close();
  });

  it('a redirect is not followed: the attempt fails with its status and is retried', async () => {
    const target = await startWebhookReceiver();
    const redirecting = await startWebhookReceiver({
      respond: () => ({ status: 302, headers: { Location: target.url } }),
    });
    const endpoint = webhookCreatedSchema.parse(
      await ok(server.baseUrl, 'webhookAdd', { url: redirecting.url, events: 'user.registered' }),
    );
    await ok(server.baseUrl, 'registerAndKyc', kycParams('ev-redirect-1'));
    const [event] = await eventsOf('user.registered', 1);
    await redirecting.waitFor((r) => r.length >= 2);
    const delivery = (await eventById(event!.id)).deliveries[0]!;
    expect(delivery).toMatchObject({
      endpointId: endpoint.endpointId,
      status: 'PENDING',
      lastStatusCode: 302,
    });
    expect(delivery.lastError).toBe(`redirect to ${target.url} (not followed)`);
    expect(target.received).toHaveLength(0);
    await ok(server.baseUrl, 'webhookDelete', { endpointId: endpoint.endpointId });
    await target.close();
    await redirecting.close();
  });

  it('gives up after the last retry of the schedule: FAILED after 9 attempts', async () => {
    const failing = await startWebhookReceiver({ respond: () => 500 });
    const endpoint = webhookCreatedSchema.parse(
      await ok(server.baseUrl, 'webhookAdd', { url: failing.url, events: 'user.registered' }),
    );
    await ok(server.baseUrl, 'registerAndKyc', kycParams('ev-fail-1'));
    const [event] = await eventsOf('user.registered', 1);
    // 10 s + 1 min + ... + 24 h, times 0.001: about 2.5 minutes. Too long here: pull the schedule
    // forward by making every pending retry of this delivery due now, as time passing would.
    for (let i = 0; i < 12 && failing.received.length < 9; i++) {
      await db.db.execute(
        sql`update wallet.event_deliveries set next_attempt_at = now() where endpoint_id = ${endpoint.endpointId} and status = 'PENDING'`,
      );
      server.service.deliveries?.nudge();
      await new Promise((r) => setTimeout(r, 150));
    }
    await expect
      .poll(async () => (await eventById(event!.id)).deliveries[0], { timeout: 5_000 })
      .toMatchObject({
        status: 'FAILED',
        attempts: 9,
        lastStatusCode: 500,
        lastError: 'answered HTTP 500',
        nextAttemptAt: null,
      });
    expect(failing.received).toHaveLength(9);
    await ok(server.baseUrl, 'webhookDelete', { endpointId: endpoint.endpointId });
    await failing.close();
  });
});
