// card/replace under real concurrency, on PostgreSQL (docs/wallet-api.md "card/replace"): however
// many replacements of one card race, with or without one requestId, the card is replaced once,
// its balance moves once (to the one new card), and one fee is paid; and what the old card's limits
// counted reaches the new card exactly, however its purchases and clears race the replacement.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '@/lib/db/open';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import { createFreshPgDatabase } from '../helpers/pg';
import { callWallet, kycParams } from '../helpers/wallet-call';
import { createPostgresTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

const FEE_MINOR = 500; // category 1, Virtual Visa Classic: 5.00 USD

let pgDb: { url: string; drop(): Promise<void> };
let db: TestDatabase;
let server: WalletTestServer;

beforeAll(async () => {
  pgDb = await createFreshPgDatabase();
  db = await createPostgresTestDatabase(pgDb.url, 60);
  server = await startWalletServer();
  await creditAsset({ db: db.db, assetId: db.agencyAssetId, amountMinor: 1_000_000 });
});

afterAll(async () => {
  await server?.close();
  await db?.close();
  await pgDb?.drop();
});

async function cardWithBalance(appUserId: string, amount: string) {
  expect((await callWallet(server.baseUrl, 'registerAndKyc', kycParams(appUserId))).body.code).toBe(0);
  const applied = await callWallet<{ cardId: number }>(server.baseUrl, 'agencyApplyUserCard', {
    appUserId,
    paymentAssetId: db.agencyAssetId,
    categoryId: 1,
    embossedName: 'GRACE HOPPER',
  });
  const cardId = applied.body.data!.cardId;
  const detail = await callWallet<{ cardAssetId: number }>(server.baseUrl, 'cardDetail', {
    appUserId,
    cardId,
  });
  const moved = await callWallet(server.baseUrl, 'assetTransfer', {
    fromAssetId: db.agencyAssetId,
    toAssetId: detail.body.data!.cardAssetId,
    amount,
  });
  expect(moved.body.code).toBe(0);
  return { cardId, cardAssetId: detail.body.data!.cardAssetId };
}

async function balanceOf(assetId: number): Promise<number> {
  const [row] = await rawRows<{ balance: string }>(
    db.db,
    sql`select balance from wallet.assets where id = ${assetId}`,
  );
  return Number(row?.balance);
}

/** The user's cards: status and own balance, oldest first. */
async function cardsOf(appUserId: string) {
  return rawRows<{ id: number; status: string; balance: string }>(
    db.db,
    sql`select c.id, c.status, a.balance from wallet.cards c join wallet.users u on u.id = c.user_id
        join wallet.assets a on a.id = c.card_asset_id where u.app_user_id = ${appUserId} order by c.id`,
  );
}

describe('card/replace on PostgreSQL', () => {
  it('runs on a real PostgreSQL pool', () => {
    expect(db.engine).toBe('postgres');
  });

  it('20 simultaneous replacements of one card, each its own requestId: one succeeds, 19 are 4009; the balance moves once, one fee', async () => {
    const { cardId, cardAssetId } = await cardWithBalance('race-user', '1500.00');
    const agencyBefore = await balanceOf(db.agencyAssetId);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callWallet(server.baseUrl, 'cardReplace', {
          appUserId: 'race-user',
          cardId,
          reason: 'LOST',
          requestId: `race-replace-${i}`,
        }),
      ),
    );
    const codes = results.map((r) => r.body.code).sort((a, b) => a - b);
    expect(codes).toEqual([0, ...Array<number>(19).fill(4009)]);
    const cards = await cardsOf('race-user');
    expect(cards.map((c) => [c.status, Number(c.balance)])).toEqual([
      ['CANCELLED', 0],
      ['ACTIVE', 1_500_00],
    ]);
    expect(await balanceOf(cardAssetId)).toBe(0);
    expect(agencyBefore - (await balanceOf(db.agencyAssetId))).toBe(FEE_MINOR);
    const refunds = await rawRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from wallet.ledger_entries where card_id = ${cardId} and reason = 'CARD_REFUND'`,
    );
    expect(refunds[0]!.n).toBe(2);
  });

  it('20 simultaneous calls with one requestId: one replacement, every answer the same', async () => {
    const { cardId } = await cardWithBalance('idem-user', '25.00');
    const agencyBefore = await balanceOf(db.agencyAssetId);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        callWallet(server.baseUrl, 'cardReplace', {
          appUserId: 'idem-user',
          cardId,
          reason: 'STOLEN',
          requestId: 'idem-replace-1',
        }),
      ),
    );
    expect(results.every((r) => r.body.code === 0)).toBe(true);
    expect(new Set(results.map((r) => r.text)).size).toBe(1);
    const cards = await cardsOf('idem-user');
    expect(cards.map((c) => [c.status, Number(c.balance)])).toEqual([
      ['CANCELLED', 0],
      ['ACTIVE', 25_00],
    ]);
    expect(agencyBefore - (await balanceOf(db.agencyAssetId))).toBe(FEE_MINOR);
  });

  it("purchases and clears racing a replacement: the new card counts exactly what the old card's cleared purchases spent", async () => {
    const appUserId = 'race-spend-user';
    const { cardId } = await cardWithBalance(appUserId, '1000.00');
    const set = await callWallet(server.baseUrl, 'cardControlsSet', { appUserId, cardId, daily: '900.00' });
    expect(set.body.code).toBe(0);
    const authorize = () =>
      callWallet<{ authorizationId: number; status: string; declineReason: string | null }>(
        server.baseUrl,
        'simulateAuthorize',
        { cardId, amount: '10.00', merchantName: 'Corner Grocery', mcc: '5411', merchantCountry: 'US' },
      );
    const held = await Promise.all(Array.from({ length: 10 }, authorize));
    expect(held.map((r) => r.body.data!.status)).toEqual(Array<string>(10).fill('PENDING'));

    const [clears, purchases, replaced] = await Promise.all([
      Promise.all(
        held.map((r) =>
          callWallet(server.baseUrl, 'simulateClear', { authorizationId: r.body.data!.authorizationId }),
        ),
      ),
      Promise.all(Array.from({ length: 10 }, authorize)),
      callWallet<{ cardId: number }>(server.baseUrl, 'cardReplace', { appUserId, cardId, reason: 'STOLEN' }),
    ]);
    expect(replaced.body.code).toBe(0);
    // A clear after the replacement finds its hold reversed (4015); a purchase after it, the card cancelled.
    expect(clears.every((r) => r.body.code === 0 || r.body.code === 4015)).toBe(true);
    expect(purchases.every((r) => r.body.code === 0)).toBe(true);
    for (const r of purchases) expect([null, 'CARD_NOT_ACTIVE']).toContain(r.body.data!.declineReason);

    const [cleared] = await rawRows<{ sum: string | null; open: number }>(
      db.db,
      sql`select sum(cleared) as sum, count(*) filter (where status = 'PENDING')::int as open
            from wallet.authorizations where card_id = ${cardId}`,
    );
    expect(cleared!.open).toBe(0);
    const clearedMinor = Number(cleared!.sum ?? 0);
    expect(clearedMinor).toBe(clears.filter((r) => r.body.code === 0).length * 10_00);
    const totals = async (id: number) =>
      (
        await rawRows<{ window: string; amount: string }>(
          db.db,
          sql`select "window", amount from wallet.card_spend_totals where card_id = ${id} order by "window"`,
        )
      ).map((t) => Number(t.amount));
    const newCardId = replaced.body.data!.cardId;
    expect(await totals(cardId)).toEqual([clearedMinor, clearedMinor, clearedMinor]);
    expect(await totals(newCardId)).toEqual([clearedMinor, clearedMinor, clearedMinor]);
  });
});
