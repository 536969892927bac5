// authorization/summary and authorization/detail over HTTP (docs/card-spending.md "Summary"): on a
// fresh database, purchases taken through every state (approved, declined, cleared with a tip,
// refunded in part, reversed in part and in full, expired, a cancel's reversal, one on another
// UTC day) give exact counts, approval rate, amounts per currency, days and decline reasons, the
// same whether read from the running totals (no appUserId) or from a user's authorizations.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '@/lib/db/open';
import {
  authorizationSchema,
  authorizationSummarySchema,
  type AuthorizationSummary,
} from '@/lib/wallet/contract/schemas';
import { apps } from '@/lib/wallet/service/db/schema';
import type { AuthenticatedApp } from '@/lib/wallet/service/context';
import { authorizeCard } from '@/lib/wallet/service/spending/authorize-card';
import { clearAuthorization } from '@/lib/wallet/service/spending/clear-authorization';
import { expireDueHolds } from '@/lib/wallet/service/spending/expire-holds';
import { rebuildSummaryTotals } from '@/lib/wallet/service/spending/summary-totals';
import { authorize, fundedCard, purchase, type FundedCard, type Result, ok } from '../helpers/spending';
import { callWallet } from '../helpers/wallet-call';
import { createTestDatabase, OTHER_AGENCY, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

let db: TestDatabase;
let server: WalletTestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

type Params = Record<string, string | number | undefined>;
const call = <T = unknown>(op: Parameters<typeof callWallet>[1], params: Params) =>
  callWallet<T>(server.baseUrl, op, params) as Promise<Result<T>>;

const summary = async (params: Params = {}): Promise<AuthorizationSummary> =>
  authorizationSummarySchema.parse(ok(await call('authorizationSummary', params)));

const usd = (approved: number, held: number, cleared: number, refunded: number) => ({
  currency: 'USD',
  approvedAmount: approved,
  heldAmount: held,
  clearedAmount: cleared,
  refundedAmount: refunded,
});

const EMPTY = {
  count: 0,
  approvedCount: 0,
  declinedCount: 0,
  approvalRate: null,
  amounts: [],
  days: [],
  declineReasons: [],
};

async function testApp(): Promise<AuthenticatedApp> {
  const [row] = await db.db.select().from(apps).where(eq(apps.appId, TEST_AGENCY.appId));
  return { id: row!.id, appId: row!.appId, agencyId: row!.agencyId, agencyCode: TEST_AGENCY.agencyCode };
}

const OLD_DAY = '2026-01-15';
let today: string;
let a: FundedCard;
let b: FundedCard;
let clearedId: number;

describe('authorization/summary', () => {
  beforeAll(async () => {
    today = new Date().toISOString().slice(0, 10);
    a = await fundedCard(server.baseUrl, db, 100_00, 'sum');
    b = await fundedCard(server.baseUrl, db, 100_00, 'sum');
    // On b: 7.50 approved, then expired (the only hold open at that moment).
    await authorize(server.baseUrl, b.cardId, { amount: '7.50' });
    expect(await expireDueHolds({ db: db.db, expiryMs: 0 })).toBe(1);
    // On a: 10.00 cleared at 12.00 (a tip), 2.00 of it refunded.
    const first = await authorize(server.baseUrl, a.cardId, { amount: '10.00' });
    clearedId = first.authorizationId;
    const cleared = authorizationSchema.parse(
      ok(await call('simulateClear', { authorizationId: first.authorizationId, amount: '12.00' })),
    );
    ok(await call('simulateRefund', { transactionId: cleared.transactionId!, amount: '2.00' }));
    // 20.00 reversed in part (15.00 still held), 5.00 reversed in full, one in EUR declined.
    const partly = await authorize(server.baseUrl, a.cardId, { amount: '20.00' });
    ok(await call('simulateReverse', { authorizationId: partly.authorizationId, amount: '5.00' }));
    const whole = await authorize(server.baseUrl, a.cardId, { amount: '5.00' });
    ok(await call('simulateReverse', { authorizationId: whole.authorizationId }));
    expect((await authorize(server.baseUrl, a.cardId, { currency: 'EUR' })).declineReason).toBe(
      'CURRENCY_NOT_SUPPORTED',
    );
    // On b: more than it has, declined.
    expect((await authorize(server.baseUrl, b.cardId, { amount: '1000.00' })).declineReason).toBe(
      'INSUFFICIENT_FUNDS',
    );
    // On b, on an earlier UTC day: 3.00 approved and cleared, and 1000.00 declined.
    const app = await testApp();
    const at = new Date(`${OLD_DAY}T10:00:00.000Z`);
    await db.db.transaction(async (tx) => {
      const old = await authorizeCard({
        db: tx,
        app,
        params: { cardId: b.cardId, ...purchase({ amount: '3.00' }) } as never,
        now: at,
      });
      await clearAuthorization({
        db: tx,
        app,
        params: { authorizationId: old.authorizationId } as never,
        now: at,
      });
      await authorizeCard({
        db: tx,
        app,
        params: { cardId: b.cardId, ...purchase({ amount: '1000.00' }) } as never,
        now: at,
      });
    });
  });

  it('adds up every authorization of the app, per currency, per day and per decline reason', async () => {
    expect(await summary()).toEqual({
      count: 8,
      approvedCount: 5,
      declinedCount: 3,
      approvalRate: 0.625,
      amounts: [usd(45.5, 15, 15, 2)],
      days: [
        { date: OLD_DAY, count: 2, approvedCount: 1, declinedCount: 1, amounts: [usd(3, 0, 3, 0)] },
        { date: today, count: 6, approvedCount: 4, declinedCount: 2, amounts: [usd(42.5, 15, 12, 2)] },
      ],
      declineReasons: [
        { declineReason: 'INSUFFICIENT_FUNDS', count: 2 },
        { declineReason: 'CURRENCY_NOT_SUPPORTED', count: 1 },
      ],
    });
  });

  it('filters by status, declineReason and UTC days as authorization/list does', async () => {
    expect(await summary({ status: 'CLEARED' })).toMatchObject({
      count: 2,
      approvedCount: 2,
      declinedCount: 0,
      approvalRate: 1,
      amounts: [usd(13, 0, 15, 2)],
      declineReasons: [],
    });
    expect(await summary({ status: 'EXPIRED' })).toMatchObject({ count: 1, amounts: [usd(7.5, 0, 0, 0)] });
    expect(await summary({ status: 'REVERSED' })).toMatchObject({ count: 1, amounts: [usd(5, 0, 0, 0)] });
    expect(await summary({ status: 'PENDING' })).toMatchObject({ count: 1, amounts: [usd(20, 15, 0, 0)] });
    expect(await summary({ declineReason: 'INSUFFICIENT_FUNDS' })).toMatchObject({
      count: 2,
      approvedCount: 0,
      declinedCount: 2,
      approvalRate: 0,
      amounts: [],
      declineReasons: [{ declineReason: 'INSUFFICIENT_FUNDS', count: 2 }],
    });
    expect(await summary({ from: today, to: today })).toMatchObject({ count: 6, approvedCount: 4 });
    expect(await summary({ to: OLD_DAY })).toMatchObject({ count: 2, amounts: [usd(3, 0, 3, 0)] });
    expect(await summary({ from: '2026-01-16', status: 'DECLINED' })).toMatchObject({ count: 2 });
    expect(await summary({ from: '2999-01-01' })).toEqual(EMPTY);
  });

  it("with appUserId: that user's authorizations only, under the same filters; an unknown user counts nothing", async () => {
    expect(await summary({ appUserId: a.appUserId })).toEqual({
      count: 4,
      approvedCount: 3,
      declinedCount: 1,
      approvalRate: 0.75,
      amounts: [usd(35, 15, 12, 2)],
      days: [{ date: today, count: 4, approvedCount: 3, declinedCount: 1, amounts: [usd(35, 15, 12, 2)] }],
      declineReasons: [{ declineReason: 'CURRENCY_NOT_SUPPORTED', count: 1 }],
    });
    expect(await summary({ appUserId: b.appUserId, from: OLD_DAY, to: OLD_DAY })).toMatchObject({
      count: 2,
      approvedCount: 1,
      amounts: [usd(3, 0, 3, 0)],
    });
    expect(await summary({ appUserId: b.appUserId, status: 'EXPIRED' })).toMatchObject({
      count: 1,
      amounts: [usd(7.5, 0, 0, 0)],
    });
    expect(await summary({ appUserId: 'no-such-user' })).toEqual(EMPTY);
  });

  it('the running totals equal the authorizations summed, for each user and status', async () => {
    for (const status of [undefined, 'PENDING', 'CLEARED', 'REVERSED', 'EXPIRED', 'DECLINED']) {
      const all = await summary({ status });
      const perUser = [
        await summary({ status, appUserId: a.appUserId }),
        await summary({ status, appUserId: b.appUserId }),
      ];
      expect(all.count, status).toBe(perUser[0]!.count + perUser[1]!.count);
      expect(all.declinedCount, status).toBe(perUser[0]!.declinedCount + perUser[1]!.declinedCount);
    }
  });

  it("a cancel's reversal of the open hold moves it from PENDING to REVERSED", async () => {
    ok(await call('cardCancel', { appUserId: a.appUserId, cardId: a.cardId, reason: 'LOST' }));
    expect(await summary({ status: 'PENDING' })).toEqual(EMPTY);
    expect(await summary({ status: 'REVERSED' })).toMatchObject({ count: 2, amounts: [usd(25, 0, 0, 0)] });
    expect((await summary()).amounts).toEqual([usd(45.5, 0, 15, 2)]);
  });

  it('the totals summed again from the authorizations give the same summary', async () => {
    const kept = await summary();
    const pending = await summary({ status: 'PENDING' });
    await db.db.transaction((tx) => rebuildSummaryTotals(tx));
    expect(await summary()).toEqual(kept);
    expect(await summary({ status: 'PENDING' })).toEqual(pending);
  });

  it('refuses a bad filter naming the field, as authorization/list does', async () => {
    const bad = async (params: Params, field: string) => {
      const r = await call('authorizationSummary', params);
      expect(r.body.code, r.body.msg).toBe(1002);
      expect(r.body.data).toMatchObject({ field });
    };
    await bad({ declineReason: 'TOO_EXPENSIVE' }, 'declineReason');
    await bad({ status: 'APPROVED' }, 'status');
    await bad({ from: '2026-02-30' }, 'from');
    await bad({ to: 'yesterday' }, 'to');
  });

  it('keeps one row per (day, currency, status, declineReason, shard), not one per authorization', async () => {
    const rows = async () =>
      (
        await rawRows<{ n: number }>(
          db.db,
          sql`select count(*)::int as n from wallet.authorization_day_totals`,
        )
      )[0]!.n;
    await authorize(server.baseUrl, b.cardId, { amount: '1.00' });
    const before = await rows();
    for (let i = 0; i < 3; i++) await authorize(server.baseUrl, b.cardId, { amount: '1.00' });
    expect(await rows()).toBe(before);
    expect(await summary({ status: 'PENDING' })).toMatchObject({ count: 4, amounts: [usd(4, 4, 0, 0)] });
  });
});

describe('authorization/detail', () => {
  it('answers the authorization as authorization/list shapes it', async () => {
    const found = authorizationSchema.parse(
      ok(await call('authorizationDetail', { authorizationId: clearedId })),
    );
    expect(found).toMatchObject({
      authorizationId: clearedId,
      cardId: a.cardId,
      appUserId: a.appUserId,
      status: 'CLEARED',
      amount: 10,
      clearedAmount: 12,
      refundedAmount: 2,
      currency: 'USD',
    });
  });

  it("4014 for an id the app does not have, or another app's", async () => {
    const r = await call('authorizationDetail', { authorizationId: 999_999 });
    expect(r.body.code).toBe(4014);
    const other = await callWallet(
      server.baseUrl,
      'authorizationDetail',
      { authorizationId: clearedId },
      { agencyCode: OTHER_AGENCY.agencyCode, appId: OTHER_AGENCY.appId, secret: OTHER_AGENCY.appSecret },
    );
    expect(other.body.code).toBe(4014);
    const bad = await call('authorizationDetail', { authorizationId: 'x' });
    expect(bad.body.code).toBe(1002);
    expect(bad.body.data).toMatchObject({ field: 'authorizationId' });
  });
});
