// A merchant's refund to a card cancelled since the purchase (docs/card-spending.md "Rules"): it goes where the cancel moved the card's balance, in the refund's transaction, once:
// card/cancel's wallet asset, card/replace's new card, and on through a replacement cancelled in
// its turn. The cancelled card's asset keeps nothing; its ledger shows the refund come and go.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '@/lib/db/open';
import { authorizationSchema, refundSchema } from '@/lib/wallet/contract/schemas';
import { assets, cards, ledgerEntries } from '@/lib/wallet/service/db/schema';
import { authorize, fundedCard, type FundedCard, type Result, ok } from '../helpers/spending';
import { callWallet } from '../helpers/wallet-call';
import { createTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';
import { ledgerSumsToBalances } from '../helpers/wallet-state';

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

const balanceOf = async (assetId: number) =>
  (await db.db.select({ balance: assets.balance }).from(assets).where(eq(assets.id, assetId)))[0]!.balance;

async function walletOf(card: FundedCard): Promise<number> {
  const [row] = await rawRows<{ id: number }>(
    db.db,
    sql`select a.id from ${assets} a join ${cards} c on c.user_id = a.user_id
         where c.id = ${card.cardId} and a.type = 'WALLET' and a.currency = 'USD' order by a.id limit 1`,
  );
  return row!.id;
}

/** A purchase of `amount` cleared on the card: its transactionId. */
async function clearedPurchase(card: FundedCard, amount: string): Promise<number> {
  const a = await authorize(server.baseUrl, card.cardId, { amount });
  const cleared = authorizationSchema.parse(
    ok(await call('simulateClear', { authorizationId: a.authorizationId })),
  );
  return cleared.transactionId!;
}

const entriesOf = (assetId: number, cardId: number) =>
  db.db
    .select({ amount: ledgerEntries.amount, reason: ledgerEntries.reason })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.assetId, assetId), eq(ledgerEntries.cardId, cardId)))
    .orderBy(ledgerEntries.id);

const refundEvents = async (transactionId: number) =>
  (
    await rawRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from wallet.events where type = 'transaction.refunded'
           and (body::json -> 'data' ->> 'transactionId')::int = ${transactionId}`,
    )
  )[0]!.n;

describe('a refund to a cancelled card', () => {
  it('after card/cancel: lands on the wallet the balance went to, once per requestId', async () => {
    const card = await fundedCard(server.baseUrl, db, 100_00, 'rfc');
    const wallet = await walletOf(card);
    const transactionId = await clearedPurchase(card, '40.00');
    ok(await call('cardCancel', { appUserId: card.appUserId, cardId: card.cardId, reason: 'LOST' }));
    const walletAfterCancel = await balanceOf(wallet);
    expect(await balanceOf(card.cardAssetId)).toBe(0);

    const params = { transactionId, amount: '15.00', requestId: 'refund-after-cancel-1' };
    const first = await call('simulateRefund', params);
    const again = await call('simulateRefund', params);
    const refund = refundSchema.parse(ok(first));
    expect(refund).toMatchObject({ transactionId, amount: 15, balance: 0 });
    expect(again.text).toBe(first.text);

    expect(await balanceOf(card.cardAssetId)).toBe(0);
    expect(await balanceOf(wallet)).toBe(walletAfterCancel + 15_00);
    // The card's own ledger: the refund credited, then moved on, as the cancel moved the rest.
    expect((await entriesOf(card.cardAssetId, card.cardId)).slice(-2)).toEqual([
      { amount: 15_00, reason: 'MERCHANT_REFUND' },
      { amount: -15_00, reason: 'CARD_REFUND' },
    ]);
    expect((await entriesOf(wallet, card.cardId)).at(-1)).toEqual({ amount: 15_00, reason: 'CARD_REFUND' });
    expect(await refundEvents(transactionId)).toBe(1);

    // The rest of it, without a requestId: also to the wallet; then nothing is left to refund.
    ok(await call('simulateRefund', { transactionId }));
    expect(await balanceOf(wallet)).toBe(walletAfterCancel + 40_00);
    expect((await call('simulateRefund', { transactionId })).body.code).toBe(4015);
    expect(await balanceOf(wallet)).toBe(walletAfterCancel + 40_00);
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });

  it('after card/replace: lands on the new card; once that is cancelled too, on the wallet', async () => {
    const old = await fundedCard(server.baseUrl, db, 100_00, 'rfr');
    const wallet = await walletOf(old);
    const transactionId = await clearedPurchase(old, '30.00');
    const replaced = ok<{ cardId: number }>(
      await call('cardReplace', { appUserId: old.appUserId, cardId: old.cardId, reason: 'STOLEN' }),
    );
    const fresh = ok<{ cardAssetId: number }>(
      await call('cardDetail', { appUserId: old.appUserId, cardId: replaced.cardId }),
    );
    expect(await balanceOf(fresh.cardAssetId)).toBe(70_00);

    const r1 = refundSchema.parse(ok(await call('simulateRefund', { transactionId, amount: '10.00' })));
    expect(r1.balance).toBe(0);
    expect(await balanceOf(old.cardAssetId)).toBe(0);
    expect(await balanceOf(fresh.cardAssetId)).toBe(80_00);

    ok(
      await call('cardCancel', { appUserId: old.appUserId, cardId: replaced.cardId, reason: 'USER_REQUEST' }),
    );
    const walletAfterCancel = await balanceOf(wallet);
    ok(await call('simulateRefund', { transactionId, amount: '5.00' }));
    expect(await balanceOf(old.cardAssetId)).toBe(0);
    expect(await balanceOf(fresh.cardAssetId)).toBe(0);
    expect(await balanceOf(wallet)).toBe(walletAfterCancel + 5_00);
    expect(await refundEvents(transactionId)).toBe(2);
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });

  it('to a card not cancelled: stays on the card, as before', async () => {
    const card = await fundedCard(server.baseUrl, db, 100_00, 'rfa');
    const transactionId = await clearedPurchase(card, '20.00');
    const refund = refundSchema.parse(ok(await call('simulateRefund', { transactionId, amount: '5.00' })));
    expect(refund.balance).toBe(85);
    expect(await balanceOf(card.cardAssetId)).toBe(85_00);
    expect((await entriesOf(card.cardAssetId, card.cardId)).at(-1)).toEqual({
      amount: 5_00,
      reason: 'MERCHANT_REFUND',
    });
  });
});
