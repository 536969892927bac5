// Card spending under real concurrency on PostgreSQL, two service instances with a connection
// pool each (docs/card-spending.md "Money model", "Spending controls", "Rules"): 50 authorizations
// of 10.00 at once against 100.00 approve exactly 10; 30 under a daily limit of 100.00 approve
// exactly 10; a clear racing a reverse leaves the money in one place; a cancel racing
// authorizations leaves no hold open; a refund racing a cancel or replacement lands once where the
// balance went; one requestId sent 20 times makes one authorization; expiry run by both instances
// at once releases each hold once. The books balance after each, and the summary's running totals
// (docs/card-spending.md "Summary") equal the authorizations summed.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '@/lib/db/open';
import type { Authorization } from '@/lib/wallet/contract/schemas';
import { createWalletService } from '@/lib/wallet/service/app';
import { walletDb } from '@/lib/wallet/service/db';
import { assets, authorizations, cardSpendTotals, events } from '@/lib/wallet/service/db/schema';
import { createLogger } from '@/lib/wallet/service/http/logger';
import { createMetrics } from '@/lib/wallet/service/http/metrics';
import { expireDueHolds } from '@/lib/wallet/service/spending/expire-holds';
import { createFreshPgDatabase } from '../helpers/pg';
import { fundedCard, purchase, type FundedCard } from '../helpers/spending';
import { callWallet } from '../helpers/wallet-call';
import { createPostgresTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';
import { ledgerSumsToBalances } from '../helpers/wallet-state';

let pgDb: { url: string; drop(): Promise<void> };
let db: TestDatabase;
let first: WalletTestServer;
/** The second instance: its own pool on the same database, its own HTTP server. */
let second: WalletTestServer;

beforeAll(async () => {
  pgDb = await createFreshPgDatabase();
  db = await createPostgresTestDatabase(pgDb.url, 40);
  first = await startWalletServer();
  second = await startWalletServer({ ownPool: { url: pgDb.url, size: 40 } });
});

afterAll(async () => {
  await second?.close();
  await first?.close();
  await db?.close();
  await pgDb?.drop();
});

/** Alternates the two instances. */
const instance = (i: number) => (i % 2 === 0 ? first.baseUrl : second.baseUrl);

const money = async (card: FundedCard) =>
  (
    await db.db
      .select({ balance: assets.balance, held: assets.held })
      .from(assets)
      .where(eq(assets.id, card.cardAssetId))
  )[0]!;

const authorizeAt = (i: number, card: FundedCard, overrides: Record<string, string> = {}) =>
  callWallet<Authorization>(instance(i), 'simulateAuthorize', {
    cardId: card.cardId,
    ...purchase(overrides),
  });

describe('card spending on PostgreSQL, two instances', () => {
  it('50 authorizations of 10.00 at once against 100.00: exactly 10 approved, 100.00 held', async () => {
    const card = await fundedCard(first.baseUrl, db, 100_00, 'pg50');
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => authorizeAt(i, card)));
    expect(results.every((r) => r.body.code === 0)).toBe(true);
    const statuses = results.map((r) => r.body.data!.status);
    expect(statuses.filter((s) => s === 'PENDING')).toHaveLength(10);
    const declined = results.map((r) => r.body.data!).filter((a) => a.status === 'DECLINED');
    expect(declined).toHaveLength(40);
    expect(new Set(declined.map((a) => a.declineReason))).toEqual(new Set(['INSUFFICIENT_FUNDS']));
    expect(await money(card)).toEqual({ balance: 100_00, held: 100_00 });
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });

  it('30 at once under a daily limit of 100.00: exactly 10 approved, the running total is 100.00', async () => {
    const card = await fundedCard(first.baseUrl, db, 1_000_00, 'pgday');
    const set = await callWallet(first.baseUrl, 'cardControlsSet', {
      appUserId: card.appUserId,
      cardId: card.cardId,
      daily: '100.00',
    });
    expect(set.body.code).toBe(0);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => authorizeAt(i, card)));
    const all = results.map((r) => r.body.data!);
    expect(all.filter((a) => a.status === 'PENDING')).toHaveLength(10);
    expect(all.filter((a) => a.declineReason === 'LIMIT_DAILY')).toHaveLength(20);
    expect(await money(card)).toEqual({ balance: 1_000_00, held: 100_00 });
    const totals = await db.db.select().from(cardSpendTotals).where(eq(cardSpendTotals.cardId, card.cardId));
    expect(totals.map((t) => t.amount)).toEqual([100_00, 100_00, 100_00]);
  });

  it('a clear racing a reverse of one authorization: one wins, the money is in one place', async () => {
    for (let round = 0; round < 6; round++) {
      const card = await fundedCard(first.baseUrl, db, 100_00, 'pgrace');
      const a = (await authorizeAt(round, card)).body.data!;
      const [cleared, reversed] = await Promise.all([
        callWallet(instance(round), 'simulateClear', { authorizationId: a.authorizationId, amount: '12.00' }),
        callWallet(instance(round + 1), 'simulateReverse', { authorizationId: a.authorizationId }),
      ]);
      const codes = [cleared.body.code, reversed.body.code].sort();
      expect(codes).toEqual([0, 4015]);
      const [row] = await db.db.select().from(authorizations).where(eq(authorizations.id, a.authorizationId));
      if (cleared.body.code === 0) {
        expect(row).toMatchObject({ status: 'CLEARED', held: 0, cleared: 12_00, reversed: 0 });
        expect(await money(card)).toEqual({ balance: 88_00, held: 0 });
      } else {
        expect(row).toMatchObject({ status: 'REVERSED', held: 0, cleared: 0, reversed: 10_00 });
        expect(await money(card)).toEqual({ balance: 100_00, held: 0 });
      }
    }
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });

  it('a cancel racing authorizations leaves no hold open and returns the whole balance', async () => {
    for (let round = 0; round < 4; round++) {
      const card = await fundedCard(first.baseUrl, db, 100_00, 'pgcancel');
      const buys = Array.from({ length: 12 }, (_, i) => authorizeAt(i, card, { amount: '5.00' }));
      const cancel = callWallet(instance(round), 'cardCancel', {
        appUserId: card.appUserId,
        cardId: card.cardId,
        reason: 'STOLEN',
      });
      const [cancelled, ...bought] = await Promise.all([cancel, ...buys]);
      expect(cancelled.body.code, cancelled.body.msg).toBe(0);
      for (const r of bought) {
        expect(r.body.code).toBe(0);
        // Approved before the cancel (then reversed by it) or declined after it.
        expect(['PENDING', 'DECLINED']).toContain(r.body.data!.status);
        if (r.body.data!.status === 'DECLINED') expect(r.body.data!.declineReason).toBe('CARD_NOT_ACTIVE');
      }
      const open = await db.db
        .select()
        .from(authorizations)
        .where(sql`${authorizations.cardId} = ${card.cardId} and ${authorizations.status} = 'PENDING'`);
      expect(open).toEqual([]);
      expect(await money(card)).toEqual({ balance: 0, held: 0 });
    }
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });

  it("a refund racing the card's cancel or replacement lands once, where the card's balance went", async () => {
    const walletOf = async (card: FundedCard) =>
      (
        await rawRows<{ id: number; balance: string }>(
          db.db,
          sql`select a.id, a.balance from ${assets} a join wallet.users u on u.id = a.user_id
               where u.app_user_id = ${card.appUserId} and a.type = 'WALLET' and a.currency = 'USD'`,
        )
      )[0]!;
    for (let round = 0; round < 6; round++) {
      const replace = round % 2 === 1;
      const card = await fundedCard(first.baseUrl, db, 100_00, 'pgrefund');
      const a = (await authorizeAt(round, card, { amount: '40.00' })).body.data!;
      const cleared = await callWallet<Authorization>(instance(round), 'simulateClear', {
        authorizationId: a.authorizationId,
      });
      const transactionId = cleared.body.data!.transactionId!;
      const wallet = await walletOf(card);
      const [ended, ...refunds] = await Promise.all([
        callWallet<{ cardId: number }>(instance(round), replace ? 'cardReplace' : 'cardCancel', {
          appUserId: card.appUserId,
          cardId: card.cardId,
          reason: 'STOLEN',
        }),
        ...[0, 1].map((i) =>
          callWallet(instance(round + i + 1), 'simulateRefund', { transactionId, amount: '20.00' }),
        ),
      ]);
      expect(ended.body.code, ended.body.msg).toBe(0);
      expect(refunds.map((r) => r.body.code)).toEqual([0, 0]);
      // Refunded before the cancel: moved with the balance; after it: followed it. Either way
      // the 60.00 left and the 40.00 refunded are where the balance went, once.
      expect(await money(card)).toEqual({ balance: 0, held: 0 });
      if (replace) {
        const fresh = await callWallet<{ cardAssetId: number }>(first.baseUrl, 'cardDetail', {
          appUserId: card.appUserId,
          cardId: ended.body.data!.cardId,
        });
        expect(await money({ ...card, cardAssetId: fresh.body.data!.cardAssetId })).toEqual({
          balance: 100_00,
          held: 0,
        });
      } else {
        expect(Number((await walletOf(card)).balance)).toBe(Number(wallet.balance) + 100_00);
      }
      const [row] = await db.db.select().from(authorizations).where(eq(authorizations.id, a.authorizationId));
      expect(row!.refunded).toBe(40_00);
    }
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });

  it('one requestId sent 20 times at once makes one authorization', async () => {
    const card = await fundedCard(first.baseUrl, db, 100_00, 'pgonce');
    const params = { cardId: card.cardId, ...purchase(), requestId: 'pg-authorize-once' };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => callWallet(instance(i), 'simulateAuthorize', params)),
    );
    expect(results.every((r) => r.body.code === 0)).toBe(true);
    expect(new Set(results.map((r) => r.text)).size).toBe(1);
    const rows = await db.db.select().from(authorizations).where(eq(authorizations.cardId, card.cardId));
    expect(rows).toHaveLength(1);
    expect(await money(card)).toEqual({ balance: 100_00, held: 10_00 });
  });

  it('expiry run by both instances at once releases each hold once', async () => {
    const card = await fundedCard(first.baseUrl, db, 1_000_00, 'pgexp');
    const made = await Promise.all(
      Array.from({ length: 30 }, (_, i) => authorizeAt(i, card, { amount: '3.00' })),
    );
    expect(made.every((r) => r.body.data!.status === 'PENDING')).toBe(true);
    // Due by a window of 10 ms rather than by rewriting approved_at: a rewritten approval time can
    // fall on another UTC day than the one its amount was counted in (just after midnight), and
    // the release is counted against the approval's own day.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const engines = [db.db, walletDb(second.engine)];
    const released = await Promise.all(
      Array.from({ length: 8 }, (_, i) => expireDueHolds({ db: engines[i % 2]!, expiryMs: 10, limit: 7 })),
    );
    let total = released.reduce((a, b) => a + b, 0);
    // Whatever a batch skipped (locked by the other) is taken by a later one.
    for (let more = 1; more > 0; total += more) more = await expireDueHolds({ db: db.db, expiryMs: 10 });
    // Holds left open by the tests before are due too, so the count is at least this card's 30;
    // that each of these was released once is the events' count below (one each, no more).
    expect(total).toBeGreaterThanOrEqual(30);
    const rows = await db.db.select().from(authorizations).where(eq(authorizations.cardId, card.cardId));
    expect(rows.every((r) => r.status === 'EXPIRED' && r.held === 0)).toBe(true);
    expect(await money(card)).toEqual({ balance: 1_000_00, held: 0 });
    const [written] = await rawRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from ${events} where type = 'authorization.expired'
           and (body::json -> 'data' ->> 'cardId')::int = ${card.cardId}`,
    );
    expect(written!.n).toBe(30);
    const totals = await db.db.select().from(cardSpendTotals).where(eq(cardSpendTotals.cardId, card.cardId));
    expect(totals.map((t) => t.amount)).toEqual([0, 0, 0]);
  });

  it('the expiry workers of two instances, window scaled to 1.5 s, release each hold once', async () => {
    const workers = [db, second.engine].map((engine) =>
      createWalletService({
        engine,
        logger: createLogger({ level: 'silent' }),
        metrics: createMetrics({ processMetrics: false }),
        deliverWebhooks: false,
        metricsToken: null,
        holdExpiry: { expiryMs: 1_500, pollMs: 50 },
      }),
    );
    try {
      const card = await fundedCard(first.baseUrl, db, 1_000_00, 'pgworker');
      const made = await Promise.all(
        Array.from({ length: 20 }, (_, i) => authorizeAt(i, card, { amount: '2.00' })),
      );
      expect(made.every((r) => r.body.data!.status === 'PENDING')).toBe(true);
      const deadline = Date.now() + 20_000;
      for (;;) {
        const open = await db.db
          .select({ id: authorizations.id })
          .from(authorizations)
          .where(sql`${authorizations.cardId} = ${card.cardId} and ${authorizations.status} = 'PENDING'`);
        if (open.length === 0) break;
        if (Date.now() > deadline) throw new Error(`${open.length} holds still open`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await money(card)).toEqual({ balance: 1_000_00, held: 0 });
      const [written] = await rawRows<{ n: number; distinct: number }>(
        db.db,
        sql`select count(*)::int as n, count(distinct (body::json -> 'data' ->> 'authorizationId'))::int as distinct
              from ${events} where type = 'authorization.expired'
               and (body::json -> 'data' ->> 'cardId')::int = ${card.cardId}`,
      );
      expect(written).toEqual({ n: 20, distinct: 20 });
    } finally {
      await Promise.all(workers.map((w) => w.close()));
    }
  });

  it("after every race above, authorization/summary's running totals equal the authorizations summed", async () => {
    const grouped = (from: string) => rawRows<Record<string, string | number>>(db.db, sql.raw(from));
    const scanned = await grouped(
      `select (created_at at time zone 'UTC')::date::text as day, status, coalesce(decline_reason, '') as reason,
              count(*)::int as n, sum(case when status = 'DECLINED' then 0 else amount end)::text as amount,
              sum(held)::text as held, sum(cleared)::text as cleared, sum(refunded)::text as refunded
         from wallet.authorizations group by 1, 2, 3 order by 1, 2, 3`,
    );
    const totals = await grouped(
      `select day::text as day, status, decline_reason as reason, sum(count)::int as n, sum(amount)::text as amount,
              sum(held)::text as held, sum(cleared)::text as cleared, sum(refunded)::text as refunded
         from wallet.authorization_day_totals group by 1, 2, 3 having sum(count) <> 0 order by 1, 2, 3`,
    );
    expect(scanned.length).toBeGreaterThan(2);
    expect(totals).toEqual(scanned);
  });
});
