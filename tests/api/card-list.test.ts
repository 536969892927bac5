// card/list (docs/wallet-api.md "card/list") over HTTP against the real service: the app's cards
// narrowed by status, type, last four, issue day and user, newest or oldest first; walking the
// cursor visits every card once, in order, also with cards issued in the same instant (the
// cursor keeps the time to the microsecond); another app's cards never appear.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardListSchema } from '@/lib/wallet/contract/operations/card-list';
import { cards } from '@/lib/wallet/service/db/schema';
import type { OperationData } from '@/lib/wallet/contract/operations';
import { callWallet, kycParams } from '../helpers/wallet-call';
import { ok } from '../helpers/spending';
import { createTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

let db: TestDatabase;
let server: WalletTestServer;

type Page = OperationData<'cardList'>;
type Params = Record<string, string | number | boolean | undefined>;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const call = (op: Parameters<typeof callWallet>[1], params: Params) => callWallet(server.baseUrl, op, params);

const list = async (params: Params): Promise<Page> =>
  cardListSchema.parse(ok(await call('cardList', params)));

/** Every page in turn, by cursor. */
async function walk(params: Params): Promise<number[]> {
  const seen: number[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 50; i++) {
    const page = await list({ ...params, ...(cursor ? { cursor } : {}) });
    seen.push(...page.list.map((c) => c.cardId));
    expect(page.haveNext).toBe(page.nextCursor !== null);
    if (!page.nextCursor) return seen;
    cursor = page.nextCursor;
  }
  throw new Error('the cursor never ended');
}

let seq = 0;
async function newUser(): Promise<string> {
  const appUserId = `cl-${++seq}`;
  ok(await call('registerAndKyc', kycParams(appUserId)));
  return appUserId;
}

async function newCard(appUserId: string, categoryId = 1): Promise<{ cardId: number; last4: string }> {
  const needDelivery = categoryId >= 3;
  let addressId: number | undefined;
  if (needDelivery) {
    addressId = ok<{ addressId: number }>(
      await call('addAddress', {
        appUserId,
        country: 'US',
        city: 'Austin',
        street: '1 Main St',
        firstName: 'Jane',
        lastName: 'Doe',
        mobile: '1-5125550100',
      }),
    ).addressId;
  }
  return ok<{ cardId: number; last4: string }>(
    await call('agencyApplyUserCard', {
      appUserId,
      paymentAssetId: db.agencyAssetId,
      categoryId,
      embossedName: 'JANE DOE',
      needDelivery,
      addressId,
    }),
  );
}

/** Sets a card's issue time (the test's clock), to the microsecond. */
async function issuedAt(cardId: number, at: string) {
  await db.db
    .update(cards)
    .set({ createdAt: sql`${at}::timestamptz` })
    .where(eq(cards.id, cardId));
}

describe('card/list', () => {
  let ids: { a1: number; a2: number; p1: number; b1: number };
  let userA: string;
  let userB: string;
  let last4B: string;

  beforeAll(async () => {
    userA = await newUser();
    userB = await newUser();
    const a1 = await newCard(userA);
    const a2 = await newCard(userA);
    const p1 = await newCard(userA, 3);
    const b1 = await newCard(userB);
    ids = { a1: a1.cardId, a2: a2.cardId, p1: p1.cardId, b1: b1.cardId };
    last4B = b1.last4;
    await issuedAt(a1.cardId, '2026-01-10T08:00:00.123456Z');
    // Two cards issued in the same millisecond, a microsecond apart, and one in the very same instant.
    await issuedAt(a2.cardId, '2026-02-20T09:00:00.000001Z');
    await issuedAt(p1.cardId, '2026-02-20T09:00:00.000002Z');
    await issuedAt(b1.cardId, '2026-02-20T09:00:00.000002Z');
    ok(await call('cardLock', { appUserId: userA, cardId: a2.cardId, reason: 'LOST' }));
  });

  it('lists the newest issued first with the card record, whose it is and when it was issued', async () => {
    const page = await list({ appUserId: userA });
    expect(page.list.map((c) => c.cardId)).toEqual([ids.p1, ids.a2, ids.a1]);
    expect(page.haveNext).toBe(false);
    expect(page.nextCursor).toBeNull();
    expect(page.list[2]).toMatchObject({
      cardId: ids.a1,
      appUserId: userA,
      cardName: 'Virtual Visa Classic',
      type: 'VIRTUAL',
      status: 'ACTIVE',
      issueTime: '2026-01-10T08:00:00.123Z',
    });
    expect((await list({ appUserId: userA, sort: 'oldest' })).list.map((c) => c.cardId)).toEqual([
      ids.a1,
      ids.a2,
      ids.p1,
    ]);
  });

  it('filters by status, type, last four and issue day, together', async () => {
    const mine = (page: Page) =>
      page.list.map((c) => c.cardId).filter((id) => Object.values(ids).includes(id));
    expect(mine(await list({ status: 'LOCKED', pageSize: 100 }))).toEqual([ids.a2]);
    expect(mine(await list({ type: 'PHYSICAL', pageSize: 100 }))).toEqual([ids.p1]);
    expect(mine(await list({ type: 'VIRTUAL', appUserId: userA }))).toEqual([ids.a2, ids.a1]);
    expect((await list({ last4: last4B, appUserId: userB })).list.map((c) => c.cardId)).toEqual([ids.b1]);
    expect(mine(await list({ issuedFrom: '2026-01-10', issuedTo: '2026-01-10', pageSize: 100 }))).toEqual([
      ids.a1,
    ]);
    // The same instant: the later card (the higher ID) first.
    expect(mine(await list({ issuedFrom: '2026-02-20', issuedTo: '2026-02-20', pageSize: 100 }))).toEqual([
      ids.b1,
      ids.p1,
      ids.a2,
    ]);
    expect(mine(await list({ issuedFrom: '2026-01-11', issuedTo: '2026-02-19', pageSize: 100 }))).toEqual([]);
    expect((await list({ status: 'CANCELLED', appUserId: userA })).list).toEqual([]);
  });

  it('walks every card once, in order, a page of one at a time, both ways', async () => {
    const all = { issuedFrom: '2026-01-01', issuedTo: '2026-12-31' };
    const newest = await walk({ ...all, pageSize: 1 });
    const expected = [ids.b1, ids.p1, ids.a2, ids.a1];
    expect(newest).toEqual(expected);
    expect(await walk({ ...all, pageSize: 1, sort: 'oldest' })).toEqual([...expected].reverse());
    expect(await walk({ ...all, pageSize: 3 })).toEqual(expected);
  });

  it('refuses a cursor it did not make, naming it, and a last four that is not four digits', async () => {
    const r = await call('cardList', { cursor: 'bm90LWEtY3Vyc29y' });
    expect(r.body).toMatchObject({ code: 1002 });
    expect(r.body.msg).toContain('cursor must be a nextCursor from the page before');
    const bad = await call('cardList', { last4: '12' });
    expect(bad.body.msg).toContain('last4 must be the last four digits of a card number');
  });
});
