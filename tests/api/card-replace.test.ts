// card/replace over HTTP (docs/wallet-api.md "card/replace"): the old card cancelled with its
// reason, a new card of its category issued with its balance, the fee charged as at issuance,
// all or nothing, once per card and per requestId; its spending controls, with what their limits
// have counted, move to the new card in the same transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import { sql } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import {
  assetSchema,
  authorizationSchema,
  cardApplicationSchema,
  cardControlsSchema,
  cardDetailSchema,
  ledgerPageSchema,
  type CardApplication,
  type CardDetail,
} from '@/lib/wallet/contract/schemas';
import { addressParams, callWallet, kycParams } from '../helpers/wallet-call';
import { createTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';
import { walletState } from '../helpers/wallet-state';

let db: TestDatabase;
let server: WalletTestServer;
let seq = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
  await creditAsset({ db: db.db, assetId: db.agencyAssetId, amountMinor: 1_000_000_00 });
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const call = (name: Parameters<typeof callWallet>[1], params: Record<string, string | number | boolean>) =>
  callWallet(server.baseUrl, name, params);

async function ok<T>(
  name: Parameters<typeof callWallet>[1],
  params: Record<string, string | number | boolean>,
) {
  const r = await call(name, params);
  expect(r.body.code, r.body.msg).toBe(0);
  return r.body.data as T;
}

/** A user with a virtual card (Virtual Visa Classic, fee 5.00, paid by the agency) holding `balance` minor units. */
async function cardWithBalance(balanceMinor: number) {
  const appUserId = `rp-${++seq}`;
  await ok('registerAndKyc', kycParams(appUserId));
  const { cardId } = await ok<CardApplication>('agencyApplyUserCard', {
    appUserId,
    paymentAssetId: db.agencyAssetId,
    categoryId: 1,
    embossedName: 'GRACE HOPPER',
  });
  const card = await detail(appUserId, cardId);
  if (balanceMinor > 0) {
    await ok('assetTransfer', {
      fromAssetId: db.agencyAssetId,
      toAssetId: card.cardAssetId,
      amount: (balanceMinor / 100).toFixed(2),
    });
  }
  return { appUserId, cardId, cardAssetId: card.cardAssetId };
}

const detail = async (appUserId: string, cardId: number): Promise<CardDetail> =>
  cardDetailSchema.parse(await ok('cardDetail', { appUserId, cardId }));
const agencyBalance = async () => (await walletState(db.db)).balances[db.agencyAssetId]!;

describe('card/replace', () => {
  it('cancels the old card with the reason and issues a new one of its category with the whole balance, paid as at issuance', async () => {
    const old = await cardWithBalance(1_500_00);
    const agencyBefore = await agencyBalance();
    const replaced = cardApplicationSchema
      .strict()
      .parse(await ok('cardReplace', { appUserId: old.appUserId, cardId: old.cardId, reason: 'LOST' }));
    expect(replaced).toMatchObject({
      status: 'ACTIVE',
      cardAccountStatus: 'APPROVED',
      embossedName: 'GRACE HOPPER',
      msg: `Card ${old.cardId} is cancelled and replaced by card ${replaced.cardId}. Card issued and active.`,
    });
    expect(replaced.cardId).not.toBe(old.cardId);

    const oldCard = await detail(old.appUserId, old.cardId);
    expect(oldCard.status).toBe('CANCELLED');
    expect(oldCard.balance).toBe(0);
    expect(oldCard.history.at(-1)).toMatchObject({
      fromStatus: 'ACTIVE',
      toStatus: 'CANCELLED',
      reason: 'LOST',
    });
    const newCard = await detail(old.appUserId, replaced.cardId);
    expect(newCard).toMatchObject({
      status: 'ACTIVE',
      balance: 1500,
      cardName: oldCard.cardName,
      last4: replaced.last4,
    });
    expect(newCard.history).toEqual([
      { fromStatus: null, toStatus: 'ACTIVE', reason: null, at: expect.any(String) },
    ]);
    // Each names the other: the old card its replacement, the new card the card it replaces.
    expect([oldCard.replacesCardId, oldCard.replacedByCardId]).toEqual([null, replaced.cardId]);
    expect([newCard.replacesCardId, newCard.replacedByCardId]).toEqual([old.cardId, null]);
    // The new card's fee (5.00) from the asset that paid for the old one: the agency's.
    expect(agencyBefore - (await agencyBalance())).toBe(5_00);

    const ledgerOf = async (assetId: number) =>
      ledgerPageSchema
        .parse(await ok('assetLedger', { assetId }))
        .list.map((e) => [e.type, e.amount, e.cardId]);
    expect((await ledgerOf(old.cardAssetId))[0]).toEqual(['CARD_REFUND', -1500, old.cardId]);
    expect(await ledgerOf(newCard.cardAssetId)).toEqual([['CARD_REFUND', 1500, old.cardId]]);

    const events = (
      await ok<{ list: { type: string; data: { cardId: number } }[] }>('eventList', { pageSize: 5 })
    ).list;
    expect(events.slice(0, 2).map((e) => [e.type, e.data.cardId])).toEqual([
      ['card.status_changed', old.cardId],
      ['card.issued', replaced.cardId],
    ]);
  });

  it("reverses the old card's open holds first, as a cancel does, and moves the whole balance", async () => {
    const old = await cardWithBalance(100_00);
    const held = await ok<{ authorizationId: number; status: string }>('simulateAuthorize', {
      cardId: old.cardId,
      amount: '30.00',
      merchantName: 'Corner Grocery',
      mcc: '5411',
      merchantCountry: 'US',
    });
    expect(held.status).toBe('PENDING');
    expect((await detail(old.appUserId, old.cardId)).availableBalance).toBe(70);

    const replaced = cardApplicationSchema.parse(
      await ok('cardReplace', { appUserId: old.appUserId, cardId: old.cardId, reason: 'LOST' }),
    );
    const page = await ok<{ list: { authorizationId: number; status: string; heldAmount: number }[] }>(
      'cardAuthorizations',
      { appUserId: old.appUserId, cardId: old.cardId },
    );
    expect(page.list).toEqual([
      expect.objectContaining({ authorizationId: held.authorizationId, status: 'REVERSED', heldAmount: 0 }),
    ]);
    expect(await detail(old.appUserId, replaced.cardId)).toMatchObject({
      balance: 100,
      availableBalance: 100,
    });
    expect(await detail(old.appUserId, old.cardId)).toMatchObject({ balance: 0, availableBalance: 0 });
  });

  it('a card cancelled, not replaced, names no replacement, though its balance went to the wallet', async () => {
    const card = await cardWithBalance(7_00);
    await ok('cardCancel', { appUserId: card.appUserId, cardId: card.cardId, reason: 'USER_REQUEST' });
    expect(await detail(card.appUserId, card.cardId)).toMatchObject({
      status: 'CANCELLED',
      replacesCardId: null,
      replacedByCardId: null,
    });
  });

  it('replaces a card once: a second replacement is 4009, and a replay of the same requestId answers the first', async () => {
    const old = await cardWithBalance(25_00);
    const params = {
      appUserId: old.appUserId,
      cardId: old.cardId,
      reason: 'STOLEN',
      requestId: `rp-once-${seq}`,
    };
    const first = await call('cardReplace', params);
    expect(first.body.code).toBe(0);
    const before = await walletState(db.db);
    const replay = await call('cardReplace', params);
    expect(replay.text).toBe(first.text);
    const again = await call('cardReplace', { ...params, requestId: `rp-again-${seq}` });
    expect(again.body).toMatchObject({
      code: 4009,
      msg: `Card ${old.cardId} is CANCELLED, so it cannot be cancelled or replaced.`,
    });
    expect(await walletState(db.db)).toEqual(before);
  });

  it('replaces a locked card, paid from the user\u2019s wallet when asked; a short payment asset is 4001 and changes nothing', async () => {
    const old = await cardWithBalance(10_00);
    await ok('cardLock', { appUserId: old.appUserId, cardId: old.cardId, reason: 'LOST' });
    const wallet = assetSchema
      .array()
      .parse(await ok('userAssetList', { appUserId: old.appUserId }))
      .find((a) => a.type === 'WALLET')!;
    const before = await walletState(db.db);
    const short = await call('cardReplace', {
      appUserId: old.appUserId,
      cardId: old.cardId,
      reason: 'LOST',
      paymentAssetId: wallet.assetId,
    });
    expect(short.body.code).toBe(4001);
    expect(await walletState(db.db)).toEqual(before);
    expect((await detail(old.appUserId, old.cardId)).status).toBe('LOCKED');

    await creditAsset({ db: db.db, assetId: wallet.assetId, amountMinor: 5_00 });
    const replaced = await ok<CardApplication>('cardReplace', {
      appUserId: old.appUserId,
      cardId: old.cardId,
      reason: 'LOST',
      paymentAssetId: wallet.assetId,
    });
    expect((await detail(old.appUserId, replaced.cardId)).balance).toBe(10);
    expect((await walletState(db.db)).balances[wallet.assetId]).toBe(0);
    expect((await detail(old.appUserId, old.cardId)).history.at(-1)).toMatchObject({
      fromStatus: 'LOCKED',
      toStatus: 'CANCELLED',
      reason: 'LOST',
    });
  });

  it('refuses, changing nothing: another user\u2019s card (4008), delivery without an address (4002), an address of someone else (4003), a foreign payment asset (4005)', async () => {
    const a = await cardWithBalance(0);
    const b = await cardWithBalance(0);
    const address = await ok<{ addressId: number }>('addAddress', addressParams(b.appUserId));
    const before = await walletState(db.db);
    const refusal = async (params: Record<string, string | number | boolean>) =>
      (await call('cardReplace', { appUserId: a.appUserId, cardId: a.cardId, reason: 'DAMAGED', ...params }))
        .body.code;
    expect(await refusal({ cardId: b.cardId })).toBe(4008);
    expect(await refusal({ needDelivery: true })).toBe(4002);
    expect(await refusal({ needDelivery: true, addressId: address.addressId })).toBe(4003);
    expect(await refusal({ paymentAssetId: b.cardAssetId })).toBe(4005);
    expect(await refusal({ paymentAssetId: 999_999 })).toBe(4005);
    expect(await walletState(db.db)).toEqual(before);
  });
});

describe('card/replace carries the spending controls', () => {
  const purchase = (cardId: number, amount: string, mcc = '5411', merchantCountry = 'US') =>
    ok('simulateAuthorize', { cardId, amount, merchantName: 'Corner Grocery', mcc, merchantCountry }).then(
      (data) => authorizationSchema.parse(data),
    );
  const controlsOf = async (appUserId: string, cardId: number) =>
    cardControlsSchema.parse(await ok('cardControls', { appUserId, cardId }));
  const rowsOf = async (cardId: number) => ({
    controls: await rawRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from wallet.card_controls where card_id = ${cardId}`,
    ),
    totals: await rawRows<{ window: string; amount: string }>(
      db.db,
      sql`select "window", amount from wallet.card_spend_totals where card_id = ${cardId} order by "window"`,
    ),
  });

  it("moves the limits, what they have counted today, this month and all time, and the blocked lists; the new card declines what the old one's day has no room for", async () => {
    const old = await cardWithBalance(1_000_00);
    await ok('cardControlsSet', {
      appUserId: old.appUserId,
      cardId: old.cardId,
      perTransaction: '400.00',
      daily: '300.00',
      monthly: '2000.00',
      allTime: '5000.00',
      blockedMcc: '7995',
      blockedCountries: 'KP',
    });
    // 200.00 spent and cleared today; a 92.00 hold still open, which the replacement reverses.
    const spent = await purchase(old.cardId, '200.00');
    const cleared = authorizationSchema.parse(
      await ok('simulateClear', { authorizationId: spent.authorizationId }),
    );
    expect((await purchase(old.cardId, '92.00')).status).toBe('PENDING');
    const before = await controlsOf(old.appUserId, old.cardId);
    expect(before.limits.map((l) => [l.interval, l.spent])).toEqual([
      ['PER_TRANSACTION', 0],
      ['DAILY', 292],
      ['MONTHLY', 292],
      ['ALL_TIME', 292],
    ]);

    const replaced = await ok<CardApplication>('cardReplace', {
      appUserId: old.appUserId,
      cardId: old.cardId,
      reason: 'FRAUD_SUSPECTED',
    });
    const moved = await controlsOf(old.appUserId, replaced.cardId);
    expect(moved.limits.map((l) => [l.interval, l.amount, l.spent, l.remaining])).toEqual([
      ['PER_TRANSACTION', 400, 0, 400],
      ['DAILY', 300, 200, 100],
      ['MONTHLY', 2000, 200, 1800],
      ['ALL_TIME', 5000, 200, 4800],
    ]);
    expect(moved.blockedMcc).toEqual(['7995']);
    expect(moved.blockedCountries).toEqual(['KP']);

    // 150.00 is within the per-transaction limit and the balance (800.00), not within today's 100.00 left.
    const over = await purchase(replaced.cardId, '150.00');
    expect(over).toMatchObject({ status: 'DECLINED', declineReason: 'LIMIT_DAILY' });
    expect(await purchase(replaced.cardId, '5.00', '7995')).toMatchObject({ declineReason: 'MCC_BLOCKED' });
    expect(await purchase(replaced.cardId, '5.00', '5411', 'KP')).toMatchObject({
      declineReason: 'COUNTRY_BLOCKED',
    });
    expect((await purchase(replaced.cardId, '100.00')).status).toBe('PENDING');
    expect((await controlsOf(old.appUserId, replaced.cardId)).limits[1]).toMatchObject({
      interval: 'DAILY',
      spent: 300,
      remaining: 0,
    });

    // A refund of the old card's purchase gives the new card's day its room back, as it would have the old one's.
    await ok('simulateRefund', { transactionId: cleared.transactionId!, amount: '50.00' });
    expect((await controlsOf(old.appUserId, replaced.cardId)).limits[1]).toMatchObject({
      spent: 250,
      remaining: 50,
    });
  });

  it('moves nothing when the replacement is refused: no controls or counts on any new card, the old card keeps its own', async () => {
    const old = await cardWithBalance(50_00);
    await ok('cardControlsSet', { appUserId: old.appUserId, cardId: old.cardId, daily: '40.00' });
    await purchase(old.cardId, '10.00');
    const wallet = assetSchema
      .array()
      .parse(await ok('userAssetList', { appUserId: old.appUserId }))
      .find((a) => a.type === 'WALLET')!;
    const [controlsBefore] = await rawRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from wallet.card_controls`,
    );
    const [totalsBefore] = await rawRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from wallet.card_spend_totals`,
    );
    const short = await call('cardReplace', {
      appUserId: old.appUserId,
      cardId: old.cardId,
      reason: 'LOST',
      paymentAssetId: wallet.assetId,
    });
    expect(short.body.code).toBe(4001);
    expect(
      await rawRows<{ n: number }>(db.db, sql`select count(*)::int as n from wallet.card_controls`),
    ).toEqual([controlsBefore]);
    expect(
      await rawRows<{ n: number }>(db.db, sql`select count(*)::int as n from wallet.card_spend_totals`),
    ).toEqual([totalsBefore]);
    const kept = await rowsOf(old.cardId);
    expect(kept.controls).toEqual([{ n: 1 }]);
    expect(kept.totals.map((t) => Number(t.amount))).toEqual([10_00, 10_00, 10_00]);
  });
});
