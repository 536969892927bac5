// Disputes under real concurrency on PostgreSQL, two service instances with a connection pool each
// (docs/disputes.md "How it is built"): 20 dispute/create of the whole amount at once make one
// dispute (the authorization's row lock orders them, the rest are 4018); 10 WON outcomes at once
// credit once (one conditional update moves the dispute, the rest are 4019); a submit racing a
// withdraw leaves one of them; the expiry run by both instances at once expires each dispute once.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '@/lib/db/open';
import { disputeSchema, type Authorization, type Dispute } from '@/lib/wallet/contract/schemas';
import { walletDb } from '@/lib/wallet/service/db';
import { assets, disputes, ledgerEntries } from '@/lib/wallet/service/db/schema';
import { expireDueDisputes } from '@/lib/wallet/service/dispute/expire-disputes';
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

/** A purchase of `amount` cleared on the card: its transactionId. */
async function clearedPurchase(card: FundedCard, amount: string): Promise<number> {
  const a = await callWallet<Authorization>(first.baseUrl, 'simulateAuthorize', {
    cardId: card.cardId,
    ...purchase({ amount }),
  });
  expect(a.body.code, a.body.msg).toBe(0);
  const c = await callWallet<Authorization>(second.baseUrl, 'simulateClear', {
    authorizationId: a.body.data!.authorizationId,
  });
  expect(c.body.code, c.body.msg).toBe(0);
  return c.body.data!.transactionId!;
}

async function openDispute(transactionId: number, amount: string): Promise<Dispute> {
  const r = await callWallet<Dispute>(first.baseUrl, 'disputeCreate', {
    transactionId,
    reason: 'OTHER',
    amount,
  });
  expect(r.body.code, r.body.msg).toBe(0);
  return disputeSchema.parse(r.body.data);
}

const eventCount = async (type: string, disputeId: number) =>
  (
    await rawRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from wallet.events where type = ${type}
           and (body::json -> 'data' ->> 'disputeId')::int = ${disputeId}`,
    )
  )[0]!.n;

describe('disputes on PostgreSQL, two instances', () => {
  it('20 dispute/create of the whole amount at once make one dispute; the rest are 4018', async () => {
    // Five purchases, 20 creates of each at once, interleaved over both instances: without the
    // authorization's row lock, creates of one purchase would each sum the claims before the
    // others commit, and more than one would pass.
    const purchases: { card: FundedCard; transactionId: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const card = await fundedCard(first.baseUrl, db, 100_00, 'pgdc');
      purchases.push({ card, transactionId: await clearedPurchase(card, '40.00') });
    }
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        callWallet(instance(i), 'disputeCreate', {
          transactionId: purchases[i % 5]!.transactionId,
          reason: 'NOT_RECEIVED',
          amount: '40.00',
        }),
      ),
    );
    for (let p = 0; p < 5; p++) {
      const codes = results
        .filter((_, i) => i % 5 === p)
        .map((r) => r.body.code)
        .sort((a, b) => a - b);
      expect(codes).toEqual([0, ...Array<number>(19).fill(4018)]);
      const rows = await db.db
        .select({ amount: disputes.amount })
        .from(disputes)
        .where(eq(disputes.cardId, purchases[p]!.card.cardId));
      expect(rows).toEqual([{ amount: 40_00 }]);
    }
  });

  it('10 WON outcomes of one dispute at once credit once; the rest are 4019', async () => {
    const card = await fundedCard(first.baseUrl, db, 100_00, 'pgdw');
    const transactionId = await clearedPurchase(card, '30.00');
    const made = await openDispute(transactionId, '30.00');
    const submitted = await callWallet(second.baseUrl, 'disputeSubmit', {
      disputeId: made.disputeId,
      evidence: 'Proof',
    });
    expect(submitted.body.code).toBe(0);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        callWallet(instance(i), 'simulateDisputeOutcome', { disputeId: made.disputeId, outcome: 'WON' }),
      ),
    );
    const codes = results.map((r) => r.body.code).sort((a, b) => a - b);
    expect(codes).toEqual([0, ...Array<number>(9).fill(4019)]);
    const credits = await db.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.cardId} = ${card.cardId} and ${ledgerEntries.reason} = 'DISPUTE_CREDIT'`);
    expect(credits).toEqual([{ amount: 30_00 }]);
    const [asset] = await db.db
      .select({ balance: assets.balance })
      .from(assets)
      .where(eq(assets.id, card.cardAssetId));
    expect(asset!.balance).toBe(100_00);
    expect(await eventCount('dispute.won', made.disputeId)).toBe(1);
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });

  it('a submit racing a withdraw of one dispute: one of them wins, the other is 4019', async () => {
    const card = await fundedCard(first.baseUrl, db, 100_00, 'pgdr');
    const transactionId = await clearedPurchase(card, '60.00');
    const wins = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const made = await openDispute(transactionId, '10.00');
      const [submit, withdraw] = await Promise.all([
        callWallet(instance(round), 'disputeSubmit', { disputeId: made.disputeId, evidence: 'Proof' }),
        callWallet(instance(round + 1), 'disputeWithdraw', { disputeId: made.disputeId }),
      ]);
      expect([submit.body.code, withdraw.body.code].sort((a, b) => a - b)).toEqual([0, 4019]);
      const winner = submit.body.code === 0 ? 'SUBMITTED' : 'WITHDRAWN';
      wins.add(winner);
      const [row] = await db.db
        .select({ status: disputes.status, evidence: disputes.evidence })
        .from(disputes)
        .where(eq(disputes.id, made.disputeId));
      expect(row).toEqual({ status: winner, evidence: winner === 'SUBMITTED' ? 'Proof' : null });
      expect(
        (await eventCount('dispute.submitted', made.disputeId)) +
          (await eventCount('dispute.withdrawn', made.disputeId)),
      ).toBe(1);
      // A withdrawn one frees its 10.00 for the next round; a submitted one keeps claiming it.
    }
    expect(wins.size).toBeGreaterThan(0);
  });

  it('expiry run by both instances at once expires each OPEN dispute past dueBy once', async () => {
    const card = await fundedCard(first.baseUrl, db, 1_000_00, 'pgdx');
    const transactionId = await clearedPurchase(card, '300.00');
    const made = await Promise.all(Array.from({ length: 30 }, () => openDispute(transactionId, '10.00')));
    // Due now: dueBy moved to the past for these 30 (the worker reads nothing else).
    await rawRows(
      db.db,
      sql`update ${disputes} set due_by = now() - interval '1 minute' where card_id = ${card.cardId}`,
    );
    const engines = [db.db, walletDb(second.engine)];
    const expired = await Promise.all(
      Array.from({ length: 8 }, (_, i) => expireDueDisputes({ db: engines[i % 2]!, limit: 7 })),
    );
    let total = expired.reduce((a, b) => a + b, 0);
    // Whatever a batch skipped (locked by the other) is taken by a later one.
    for (let more = 1; more > 0; total += more) more = await expireDueDisputes({ db: db.db });
    expect(total).toBe(30);
    const statuses = await rawRows<{ status: string; n: number }>(
      db.db,
      sql`select status, count(*)::int as n from ${disputes} where card_id = ${card.cardId} group by 1`,
    );
    expect(statuses).toEqual([{ status: 'EXPIRED', n: 30 }]);
    for (const d of made) expect(await eventCount('dispute.expired', d.disputeId)).toBe(1);
  });
});
