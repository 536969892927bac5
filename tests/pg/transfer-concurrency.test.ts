// Money moving under real concurrency, on PostgreSQL (docs/wallet-api.md "Transfers"): 50 transfers
// at once against funds for 10 move exactly 10; a cancel racing top-ups leaves the money in exactly
// one place; one requestId sent 20 times at once makes one transfer; the agency's row is locked
// last (its wallet already held while the transfer waits for it), and fundings racing top-ups of the
// same wallet all land. The books balance after each.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '@/lib/db/open';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import { assets, ledgerEntries, transfers } from '@/lib/wallet/service/db/schema';
import { createFreshPgDatabase } from '../helpers/pg';
import { callWallet, kycParams } from '../helpers/wallet-call';
import { createPostgresTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';
import { ledgerSumsToBalances } from '../helpers/wallet-state';

let pgDb: { url: string; drop(): Promise<void> };
let db: TestDatabase;
let server: WalletTestServer;

beforeAll(async () => {
  pgDb = await createFreshPgDatabase();
  db = await createPostgresTestDatabase(pgDb.url, 60);
  server = await startWalletServer();
});

afterAll(async () => {
  await server?.close();
  await db?.close();
  await pgDb?.drop();
});

let seq = 0;
async function userWithCard(): Promise<{
  appUserId: string;
  wallet: number;
  cardId: number;
  cardAsset: number;
}> {
  const appUserId = `tc-${++seq}`;
  expect((await callWallet(server.baseUrl, 'registerAndKyc', kycParams(appUserId))).body.code).toBe(0);
  const listed = await callWallet<{ assetId: number; type: string }[]>(server.baseUrl, 'userAssetList', {
    appUserId,
  });
  const wallet = listed.body.data!.find((a) => a.type === 'WALLET')!.assetId;
  const card = await callWallet<{ cardId: number }>(server.baseUrl, 'agencyApplyUserCard', {
    appUserId,
    paymentAssetId: db.agencyAssetId,
    categoryId: 1,
    embossedName: 'JANE DOE',
  });
  const cardId = card.body.data!.cardId;
  const detail = await callWallet<{ cardAssetId: number }>(server.baseUrl, 'cardDetail', {
    appUserId,
    cardId,
  });
  return { appUserId, wallet, cardId, cardAsset: detail.body.data!.cardAssetId };
}

const balance = async (assetId: number) =>
  (await db.db.select({ b: assets.balance }).from(assets).where(eq(assets.id, assetId)))[0]!.b;

describe('transfers on PostgreSQL', () => {
  it('50 at once against funds for 10: exactly 10, balance 0, two ledger entries each', async () => {
    const { wallet, cardAsset } = await userWithCard();
    await creditAsset({ db: db.db, assetId: wallet, amountMinor: 10 * 250 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        callWallet(server.baseUrl, 'assetTransfer', {
          fromAssetId: wallet,
          toAssetId: cardAsset,
          amount: '2.50',
        }),
      ),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(10);
    expect(codes.filter((c) => c === 4001)).toHaveLength(40);
    expect(await balance(wallet)).toBe(0);
    expect(await balance(cardAsset)).toBe(2500);
    const moved = await db.db.select().from(transfers).where(eq(transfers.fromAssetId, wallet));
    expect(moved).toHaveLength(10);
    for (const t of moved) {
      const entries = await db.db.select().from(ledgerEntries).where(eq(ledgerEntries.transferId, t.id));
      expect(entries.map((e) => e.amount).sort((a, b) => a - b)).toEqual([-250, 250]);
    }
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });

  it('a cancel racing top-ups: the money ends in exactly one place, the books balance', async () => {
    for (let round = 0; round < 5; round++) {
      const { appUserId, wallet, cardId, cardAsset } = await userWithCard();
      await creditAsset({ db: db.db, assetId: wallet, amountMinor: 100_00 });
      const topUps = Array.from({ length: 10 }, () =>
        callWallet(server.baseUrl, 'assetTransfer', {
          fromAssetId: wallet,
          toAssetId: cardAsset,
          amount: '1.00',
        }),
      );
      const cancel = callWallet(server.baseUrl, 'cardCancel', { appUserId, cardId, reason: 'STOLEN' });
      const [cancelled, ...topped] = await Promise.all([cancel, ...topUps]);
      expect(cancelled.body.code).toBe(0);
      // Each top-up either landed before the cancel (and was refunded with the rest) or saw the
      // card cancelled (4010); none is lost, none counted twice.
      for (const r of topped) expect([0, 4010]).toContain(r.body.code);
      expect(await balance(cardAsset)).toBe(0);
      expect(await balance(wallet)).toBe(100_00);
      expect(await ledgerSumsToBalances(db.db)).toBe(true);
    }
  });

  it('one requestId sent 20 times at once makes one transfer', async () => {
    const { wallet } = await userWithCard();
    const params = {
      fromAssetId: db.agencyAssetId,
      toAssetId: wallet,
      amount: '7.00',
      requestId: 'pg-transfer-once',
    };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => callWallet(server.baseUrl, 'assetTransfer', params)),
    );
    expect(results.every((r) => r.body.code === 0)).toBe(true);
    expect(new Set(results.map((r) => r.text)).size).toBe(1);
    expect(await balance(wallet)).toBe(700);
    const [row] = await rawRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from wallet.transfers where to_asset_id = ${wallet}`,
    );
    expect(row!.n).toBe(1);
  });
  it("locks the agency's asset last: waiting for it, a transfer already holds the user's wallet", async () => {
    const { wallet } = await userWithCard();
    const blocker = new pg.Client({ connectionString: pgDb.url });
    const prober = new pg.Client({ connectionString: pgDb.url });
    await blocker.connect();
    await prober.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select 1 from wallet.assets where id = $1 for update', [db.agencyAssetId]);
      const funding = callWallet(server.baseUrl, 'assetTransfer', {
        fromAssetId: db.agencyAssetId,
        toAssetId: wallet,
        amount: '3.00',
      });
      // The transfer is waiting on a row lock (the agency's, held by the blocker).
      for (let tries = 0; ; tries++) {
        const waiting = await prober.query(
          `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (waiting.rowCount) break;
        if (tries > 200) throw new Error('the transfer never waited for the agency asset');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // It took the wallet first: the wallet's row cannot be had.
      await prober.query('begin');
      await expect(
        prober.query('select 1 from wallet.assets where id = $1 for update nowait', [wallet]),
      ).rejects.toMatchObject({ code: '55P03' });
      await prober.query('rollback');
      await blocker.query('commit');
      expect((await funding).body.code).toBe(0);
      expect(await balance(wallet)).toBe(300);
    } finally {
      await blocker.end();
      await prober.end();
    }
  });

  it('fundings of a wallet racing its top-ups of its card: every one lands, no deadlock', async () => {
    const { wallet, cardAsset } = await userWithCard();
    await creditAsset({ db: db.db, assetId: wallet, amountMinor: 20 * 100 });
    const agencyBefore = await balance(db.agencyAssetId);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        callWallet(
          server.baseUrl,
          'assetTransfer',
          i % 2 === 0
            ? { fromAssetId: db.agencyAssetId, toAssetId: wallet, amount: '0.50' }
            : { fromAssetId: wallet, toAssetId: cardAsset, amount: '1.00' },
        ),
      ),
    );
    expect(results.map((r) => r.body.code)).toEqual(Array.from({ length: 40 }, () => 0));
    expect(await balance(db.agencyAssetId)).toBe(agencyBefore - 20 * 50);
    expect(await balance(wallet)).toBe(20 * 100 + 20 * 50 - 20 * 100);
    expect(await balance(cardAsset)).toBe(20 * 100);
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });
});
