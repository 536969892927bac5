// A slow agency decision endpoint on PostgreSQL, two service instances with a small pool each
// (docs/card-spending.md "How it is built", "The agency is asked with nothing held"): while 50
// authorizations of one app wait on its endpoint, (a) no connection of either instance is in a
// transaction or holds a lock on cards, assets or card_spend_totals; (b) card/detail reads and
// another app's authorizations (no endpoint) all complete, with exact results, before the
// endpoint answers any of the 50; (c) once it answers, the 50 are decided exactly: 30 approved by
// the agency, 20 declined by the rules re-checked in the transaction, 300.00 held, the totals
// 300.00. The endpoint answers 1.5 s after a request arrives and not before the test has checked
// (a) and (b), so the test states an order, not a time; the app's deadline is raised in the
// database beyond decision/set's 2000 ms so that a busy machine cannot turn an answer into a
// fallback. The pools (8 connections each) are smaller than the 25 waiting on each instance: a
// wait that held a connection would leave (b) nothing to run on.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '@/lib/db/open';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import type { Authorization } from '@/lib/wallet/contract/schemas';
import { walletDb } from '@/lib/wallet/service/db';
import { assets, cardSpendTotals, decisionEndpoints } from '@/lib/wallet/service/db/schema';
import { startDecisionEndpoint, type DecisionEndpoint } from '../helpers/decision-endpoint';
import { createFreshPgDatabase } from '../helpers/pg';
import { fundedCard, purchase, type FundedCard } from '../helpers/spending';
import { callWallet, kycParams, type CallOptions } from '../helpers/wallet-call';
import { createPostgresTestDatabase, OTHER_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';
import { ledgerSumsToBalances } from '../helpers/wallet-state';

const POOL = 8;
const OTHER: CallOptions = {
  agencyCode: OTHER_AGENCY.agencyCode,
  appId: OTHER_AGENCY.appId,
  secret: OTHER_AGENCY.appSecret,
};

let pgDb: { url: string; drop(): Promise<void> };
let dbName = '';
let db: TestDatabase;
let first: WalletTestServer;
let second: WalletTestServer;
let agency: DecisionEndpoint;

beforeAll(async () => {
  pgDb = await createFreshPgDatabase();
  dbName = new URL(pgDb.url).pathname.slice(1);
  db = await createPostgresTestDatabase(pgDb.url, POOL);
  first = await startWalletServer({ webhooks: { allowPrivate: true } });
  second = await startWalletServer({
    webhooks: { allowPrivate: true },
    ownPool: { url: pgDb.url, size: POOL },
  });
  agency = await startDecisionEndpoint();
});

afterAll(async () => {
  await agency?.close();
  await second?.close();
  await first?.close();
  await db?.close();
  await pgDb?.drop();
});

const instance = (i: number) => (i % 2 === 0 ? first.baseUrl : second.baseUrl);

/** A user of OTHER_AGENCY's app with an ACTIVE card holding `minor` cents. */
async function otherAppCard(minor: number): Promise<FundedCard> {
  const appUserId = `slow-other-${process.pid}`;
  expect((await callWallet(first.baseUrl, 'registerAndKyc', kycParams(appUserId), OTHER)).body.code).toBe(0);
  const card = await callWallet<{ cardId: number }>(
    first.baseUrl,
    'agencyApplyUserCard',
    { appUserId, paymentAssetId: db.otherAgencyAssetId, categoryId: 1, embossedName: 'OTHER APP' },
    OTHER,
  );
  expect(card.body.code, card.body.msg).toBe(0);
  const cardId = card.body.data!.cardId;
  const detail = await callWallet<{ cardAssetId: number }>(
    first.baseUrl,
    'cardDetail',
    { appUserId, cardId },
    OTHER,
  );
  const cardAssetId = detail.body.data!.cardAssetId;
  await creditAsset({ db: db.db, assetId: cardAssetId, amountMinor: minor });
  return { appUserId, cardId, cardAssetId };
}

const money = async (card: FundedCard) =>
  (
    await db.db
      .select({ balance: assets.balance, held: assets.held })
      .from(assets)
      .where(eq(assets.id, card.cardAssetId))
  )[0]!;

/** What the instances' connections to this test's database are doing (never this query's own). */
async function connectionsInTransaction(): Promise<{ state: string; query: string }[]> {
  return rawRows(
    db.db,
    sql`select state, query from pg_stat_activity
         where datname = ${dbName} and pid <> pg_backend_pid()
           and (xact_start is not null or state like 'idle in transaction%')`,
  );
}

async function locksOnMoneyTables(): Promise<{ relation: string; mode: string }[]> {
  return rawRows(
    db.db,
    sql`select c.relname as relation, l.mode from pg_locks l
          join pg_class c on c.oid = l.relation
          join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'wallet' and c.relname in ('cards', 'assets', 'card_spend_totals')
           and l.pid <> pg_backend_pid()
           and l.database = (select oid from pg_database where datname = ${dbName})`,
  );
}

describe('a slow agency endpoint holds nothing in the database', () => {
  it('50 waiting on it: no transaction or lock; reads and another app go on; then decided exactly', async () => {
    const slowCard = await fundedCard(first.baseUrl, db, 300_00, 'slow');
    const readCard = await fundedCard(first.baseUrl, db, 70_00, 'slowread');
    const otherCard = await otherAppCard(50_00);
    const set = await callWallet(first.baseUrl, 'decisionSet', { url: agency.url, fallback: 'DECLINE' });
    expect(set.body.code, set.body.msg).toBe(0);
    await db.db.update(decisionEndpoints).set({ timeoutMs: 120_000 });

    // The probes see what they look for: a transaction of an instance's pool holding a row lock.
    await walletDb(second.engine).transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${assets} where id = ${slowCard.cardAssetId} for update`);
      expect((await connectionsInTransaction()).length).toBe(1);
      expect(await locksOnMoneyTables()).toContainEqual({ relation: 'assets', mode: 'RowShareLock' });
    });

    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    agency.respond = () => ({ body: { approved: true }, delayMs: 1_500, hold: gate });

    let slowDone = 0;
    const slow = Array.from({ length: 50 }, (_, i) =>
      callWallet<Authorization>(instance(i), 'simulateAuthorize', {
        cardId: slowCard.cardId,
        ...purchase({ amount: '10.00' }),
      }).then((r) => {
        slowDone += 1;
        return r;
      }),
    );
    // All 50 at the endpoint: each has passed the rules and is waiting for the agency.
    while (agency.received.length < 50) await new Promise((r) => setTimeout(r, 20));

    // (a) Nothing of theirs in the database: no transaction open, no lock on the money's tables.
    expect(await connectionsInTransaction()).toEqual([]);
    expect(await locksOnMoneyTables()).toEqual([]);

    // (b) Reads of the waiting app's cards, and another app's 20 purchases against 50.00, on both
    // instances, all complete while the 50 still wait.
    const reads = await Promise.all(
      [slowCard, readCard, slowCard, readCard].map((card, i) =>
        callWallet<{ balance: number; availableBalance: number }>(instance(i), 'cardDetail', {
          appUserId: card.appUserId,
          cardId: card.cardId,
        }),
      ),
    );
    expect(reads.map((r) => [r.body.code, r.body.data!.balance, r.body.data!.availableBalance])).toEqual([
      [0, 300, 300],
      [0, 70, 70],
      [0, 300, 300],
      [0, 70, 70],
    ]);
    const others = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callWallet<Authorization>(
          instance(i),
          'simulateAuthorize',
          { cardId: otherCard.cardId, ...purchase({ amount: '5.00' }) },
          OTHER,
        ),
      ),
    );
    expect(others.every((r) => r.body.code === 0)).toBe(true);
    const decided = others.map((r) => r.body.data!);
    expect(decided.filter((a) => a.status === 'PENDING' && a.decidedBy === 'RULES')).toHaveLength(10);
    expect(
      decided.filter((a) => a.status === 'DECLINED' && a.declineReason === 'INSUFFICIENT_FUNDS'),
    ).toHaveLength(10);
    const otherDetail = await callWallet<{ balance: number; availableBalance: number }>(
      second.baseUrl,
      'cardDetail',
      { appUserId: otherCard.appUserId, cardId: otherCard.cardId },
      OTHER,
    );
    expect([otherDetail.body.data!.balance, otherDetail.body.data!.availableBalance]).toEqual([50, 0]);
    expect(await money(otherCard)).toEqual({ balance: 50_00, held: 50_00 });
    // None of the 50 is answered yet, and still nothing of theirs is in the database.
    expect(slowDone).toBe(0);
    expect(await connectionsInTransaction()).toEqual([]);
    expect(await locksOnMoneyTables()).toEqual([]);
    expect(await money(slowCard)).toEqual({ balance: 300_00, held: 0 });

    // (c) The agency answers (1.5 s after each arrived, at the earliest): approved, each. The
    // rules, checked again under the locks, let 30 of 10.00 fit in 300.00; the rest declined.
    open();
    const results = (await Promise.all(slow)).map((r) => {
      expect(r.body.code, r.body.msg).toBe(0);
      return r.body.data!;
    });
    expect(agency.received).toHaveLength(50);
    expect(results.filter((a) => a.status === 'PENDING' && a.decidedBy === 'AGENCY')).toHaveLength(30);
    const declined = results.filter((a) => a.status === 'DECLINED');
    expect(declined).toHaveLength(20);
    expect(declined.every((a) => a.declineReason === 'INSUFFICIENT_FUNDS' && a.decidedBy === 'RULES')).toBe(
      true,
    );
    expect(new Set(results.map((a) => a.authorizationId)).size).toBe(50);
    expect(await money(slowCard)).toEqual({ balance: 300_00, held: 300_00 });
    const totals = await db.db
      .select({ amount: cardSpendTotals.amount })
      .from(cardSpendTotals)
      .where(eq(cardSpendTotals.cardId, slowCard.cardId));
    expect(totals.map((t) => t.amount)).toEqual([300_00, 300_00, 300_00]);
    expect(await money(readCard)).toEqual({ balance: 70_00, held: 0 });
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });
});
