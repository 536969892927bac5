// The card programme after issuance (docs/wallet-api.md "The card programme after issuance") over
// HTTP against the real service: card/detail, the lifecycle over every status x action, cancel's
// refund, transfers (every pair of asset kinds, currency and card status, 4001/4010/4011 changing
// nothing), ledger pages, address update/delete, user/search by every key, and 4.2's withCards.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import { assets, cards } from '@/lib/wallet/service/db/schema';
import {
  addressSchema,
  assetSchema,
  cardDetailSchema,
  ledgerPageSchema,
  managedCardSchema,
  transferSchema,
  userSearchResultSchema,
  usersWithCardsPageSchema,
  type Address,
  type CardDetail,
  type LedgerPage,
  type ManagedCard,
  type Transfer,
  type UserSearchResult,
  type UsersWithCardsPage,
} from '@/lib/wallet/contract/schemas';
import { callWallet, failureDataProblem, kycParams, type Envelope } from '../helpers/wallet-call';
import { ok } from '../helpers/spending';
import { createTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';
import { ledgerSumsToBalances, walletState } from '../helpers/wallet-state';

let db: TestDatabase;
let server: WalletTestServer;
let base: string;

type Result = { status: number; body: Envelope; text: string };
type Params = Record<string, string | number | boolean | undefined>;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
  base = server.baseUrl;
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const call = (op: Parameters<typeof callWallet>[1], params: Params) => callWallet(base, op, params);

async function refused(run: () => Promise<Result>, code: number): Promise<Result> {
  const before = await walletState(db.db);
  const r = await run();
  expect(r.status).toBe(200);
  expect(r.body.code, r.body.msg).toBe(code);
  expect(failureDataProblem(r.body)).toBeNull();
  expect(await walletState(db.db)).toEqual(before);
  return r;
}

let seq = 0;
async function newUser(
  overrides: Record<string, string> = {},
): Promise<{ appUserId: string; wallet: number }> {
  const appUserId = overrides.appUserId ?? `cp-${++seq}`;
  ok(await call('registerAndKyc', kycParams(appUserId, overrides)));
  const list = assetSchema.array().parse(ok(await call('userAssetList', { appUserId })));
  return { appUserId, wallet: list.find((a) => a.type === 'WALLET')!.assetId };
}

/** A virtual card (ACTIVE) or a delivered physical one (PENDING), paid by the agency. */
async function newCard(appUserId: string, kind: 'virtual' | 'physical' = 'virtual') {
  let addressId: number | undefined;
  if (kind === 'physical') {
    const added = ok<{ addressId: number }>(
      await call('addAddress', {
        appUserId,
        country: 'US',
        city: 'Austin',
        street: '1 Main St',
        firstName: 'Jane',
        lastName: 'Doe',
        mobile: '1-5125550100',
      }),
    );
    addressId = added.addressId;
  }
  const card = ok<{ cardId: number; status: string }>(
    await call('agencyApplyUserCard', {
      appUserId,
      paymentAssetId: db.agencyAssetId,
      categoryId: kind === 'virtual' ? 1 : 3,
      embossedName: 'JANE DOE',
      needDelivery: kind === 'physical',
      addressId,
    }),
  );
  const detail = await detailOf(appUserId, card.cardId);
  return { cardId: card.cardId, cardAssetId: detail.cardAssetId };
}

async function detailOf(appUserId: string, cardId: number): Promise<CardDetail> {
  return cardDetailSchema.parse(ok(await call('cardDetail', { appUserId, cardId })));
}

async function statusOf(appUserId: string, cardId: number): Promise<string> {
  return (await detailOf(appUserId, cardId)).status;
}

// ------------------------------------------------------------------------------- card/detail

describe('card/detail', () => {
  it('answers the card record, its balance and its history, field by field', async () => {
    const { appUserId } = await newUser();
    const { cardId, cardAssetId } = await newCard(appUserId);
    const detail = await detailOf(appUserId, cardId);
    expect(Object.keys(detail).sort()).toEqual(
      [
        'appId',
        'appUserId',
        'availableBalance',
        'balance',
        'cardAccountStatus',
        'cardAssetId',
        'cardHolder',
        'cardId',
        'cardName',
        'cardNumber',
        'cardUUID',
        'currency',
        'currencyIcon',
        'currencySymbol',
        'decimalPlaces',
        'embossedName',
        'expireMonth',
        'expireYear',
        'history',
        'last4',
        'marginAssetId',
        'network',
        'replacedByCardId',
        'replacesCardId',
        'status',
        'type',
        'userEmail',
      ].sort(),
    );
    expect(detail).toMatchObject({
      appId: 'app-1',
      appUserId,
      balance: 0,
      availableBalance: 0,
      cardAccountStatus: 'APPROVED',
      cardAssetId,
      cardHolder: "Jane O'Connor",
      cardId,
      cardName: 'Virtual Visa Classic',
      currency: 'USD',
      currencyIcon: '/icons/usd.svg',
      currencySymbol: '$',
      decimalPlaces: 2,
      embossedName: 'JANE DOE',
      marginAssetId: db.agencyAssetId,
      network: 'VISA',
      replacedByCardId: null,
      replacesCardId: null,
      status: 'ACTIVE',
      type: 'VIRTUAL',
      userEmail: `${appUserId}@example.com`,
    });
    expect(detail.last4).toBe(detail.cardNumber.slice(-4));
    expect(detail.history).toEqual([
      { fromStatus: null, toStatus: 'ACTIVE', reason: null, at: expect.stringMatching(ISO_UTC) },
    ]);
  });

  it("is 4008 for another user's card and for a card that does not exist", async () => {
    const a = await newUser();
    const b = await newUser();
    const { cardId } = await newCard(a.appUserId);
    await refused(() => call('cardDetail', { appUserId: b.appUserId, cardId }), 4008);
    await refused(() => call('cardDetail', { appUserId: a.appUserId, cardId: 999_999 }), 4008);
    await refused(() => call('cardDetail', { appUserId: 'nobody-at-all', cardId }), 4008);
  });
});

// --------------------------------------------------------------------------- the lifecycle

describe('the card lifecycle, every status x every action', () => {
  type Status = 'PENDING' | 'ACTIVE' | 'LOCKED' | 'CANCELLED';
  const ACTIONS = [
    ['cardActivate', {}],
    ['cardLock', { reason: 'LOST' }],
    ['cardUnlock', {}],
    ['cardCancel', { reason: 'USER_REQUEST' }],
  ] as const;
  const EXPECTED: Record<Status, Record<(typeof ACTIONS)[number][0], Status | 4009>> = {
    PENDING: { cardActivate: 'ACTIVE', cardLock: 4009, cardUnlock: 4009, cardCancel: 'CANCELLED' },
    ACTIVE: { cardActivate: 4009, cardLock: 'LOCKED', cardUnlock: 4009, cardCancel: 'CANCELLED' },
    LOCKED: { cardActivate: 4009, cardLock: 4009, cardUnlock: 'ACTIVE', cardCancel: 'CANCELLED' },
    CANCELLED: { cardActivate: 4009, cardLock: 4009, cardUnlock: 4009, cardCancel: 4009 },
  };

  async function cardIn(status: Status) {
    const { appUserId } = await newUser();
    const { cardId } = await newCard(appUserId, status === 'PENDING' ? 'physical' : 'virtual');
    if (status === 'LOCKED' || status === 'CANCELLED') {
      ok(await call(status === 'LOCKED' ? 'cardLock' : 'cardCancel', { appUserId, cardId, reason: 'OTHER' }));
    }
    expect(await statusOf(appUserId, cardId)).toBe(status);
    return { appUserId, cardId };
  }

  for (const status of ['PENDING', 'ACTIVE', 'LOCKED', 'CANCELLED'] as const) {
    for (const [action, extra] of ACTIONS) {
      const expected = EXPECTED[status][action];
      it(`${status} + ${action} -> ${expected}`, async () => {
        const { appUserId, cardId } = await cardIn(status);
        if (expected === 4009) {
          const r = await refused(() => call(action, { appUserId, cardId, ...extra }), 4009);
          expect(r.body.msg).toMatch(new RegExp(`^Card ${cardId} is ${status}, so it cannot be `));
          return;
        }
        const card = managedCardSchema.parse(
          ok<ManagedCard>(await call(action, { appUserId, cardId, ...extra })),
        );
        expect(card.status).toBe(expected);
        expect(card.cardId).toBe(cardId);
        const detail = await detailOf(appUserId, cardId);
        expect(detail.status).toBe(expected);
        expect(detail.history.at(-1)).toEqual({
          fromStatus: status,
          toStatus: expected,
          reason: 'reason' in extra ? extra.reason : null,
          at: expect.stringMatching(ISO_UTC),
        });
        if (action === 'cardActivate') {
          expect(card.cardAccountStatus).toBe('APPROVED');
        }
      });
    }
  }

  it('keeps the whole history, oldest first, with reasons', async () => {
    const { appUserId } = await newUser();
    const { cardId } = await newCard(appUserId, 'physical');
    ok(await call('cardActivate', { appUserId, cardId }));
    ok(await call('cardLock', { appUserId, cardId, reason: 'STOLEN' }));
    ok(await call('cardUnlock', { appUserId, cardId }));
    ok(await call('cardCancel', { appUserId, cardId, reason: 'FRAUD_SUSPECTED' }));
    const history = (await detailOf(appUserId, cardId)).history.map(({ fromStatus, toStatus, reason }) => [
      fromStatus,
      toStatus,
      reason,
    ]);
    expect(history).toEqual([
      [null, 'PENDING', null],
      ['PENDING', 'ACTIVE', null],
      ['ACTIVE', 'LOCKED', 'STOLEN'],
      ['LOCKED', 'ACTIVE', null],
      ['ACTIVE', 'CANCELLED', 'FRAUD_SUSPECTED'],
    ]);
  });

  it('a requestId replays a lock once', async () => {
    const { appUserId } = await newUser();
    const { cardId } = await newCard(appUserId);
    const params = { appUserId, cardId, reason: 'LOST', requestId: `lock-${cardId}-once` };
    const first = await call('cardLock', params);
    const second = await call('cardLock', params);
    expect(second.text).toBe(first.text);
    expect((await detailOf(appUserId, cardId)).history).toHaveLength(2);
  });
});

// ------------------------------------------------------------------------- cancel's refund

describe("cancelling returns the card's balance to the user's wallet", () => {
  it('moves the whole balance, with a CARD_REFUND entry on both ledgers', async () => {
    const { appUserId, wallet } = await newUser();
    await creditAsset({ db: db.db, assetId: wallet, amountMinor: 5_000 });
    const { cardId, cardAssetId } = await newCard(appUserId);
    ok(await call('assetTransfer', { fromAssetId: wallet, toAssetId: cardAssetId, amount: '12.34' }));
    expect((await detailOf(appUserId, cardId)).balance).toBe(12.34);

    ok(await call('cardCancel', { appUserId, cardId, reason: 'DAMAGED' }));
    expect((await detailOf(appUserId, cardId)).balance).toBe(0);
    const walletLedger = ledgerPageSchema.parse(ok(await call('assetLedger', { assetId: wallet })));
    expect(walletLedger.list[0]).toMatchObject({
      type: 'CARD_REFUND',
      amount: 12.34,
      balanceAfter: 50,
      cardId,
      transferId: null,
      // A card's entry names its holder.
      counterAssetId: null,
      counterAppUserId: appUserId,
    });
    const cardLedger = ledgerPageSchema.parse(ok(await call('assetLedger', { assetId: cardAssetId })));
    expect(cardLedger.list.map((e) => [e.type, e.amount, e.balanceAfter])).toEqual([
      ['CARD_REFUND', -12.34, 0],
      ['TRANSFER_IN', 12.34, 12.34],
    ]);
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });

  it('writes no ledger entry when the card holds nothing', async () => {
    const { appUserId } = await newUser();
    const { cardId, cardAssetId } = await newCard(appUserId);
    ok(await call('cardCancel', { appUserId, cardId, reason: 'OTHER' }));
    const page = ledgerPageSchema.parse(ok(await call('assetLedger', { assetId: cardAssetId })));
    expect(page).toEqual({ dataTotal: 0, haveNext: false, list: [] });
  });
});

// ------------------------------------------------------------------------------- transfers

describe('asset/transfer', () => {
  it('funds a wallet and tops up a card, answering the balances after, field by field', async () => {
    const { appUserId, wallet } = await newUser();
    const { cardAssetId } = await newCard(appUserId);
    const [agencyBefore] = await db.db
      .select({ b: assets.balance })
      .from(assets)
      .where(eq(assets.id, db.agencyAssetId));
    const funded = transferSchema.parse(
      ok<Transfer>(
        await call('assetTransfer', { fromAssetId: db.agencyAssetId, toAssetId: wallet, amount: '100' }),
      ),
    );
    expect(funded).toEqual({
      transferId: expect.any(Number),
      fromAssetId: db.agencyAssetId,
      toAssetId: wallet,
      amount: 100,
      fromBalance: (agencyBefore!.b - 10_000) / 100,
      toBalance: 100,
    });
    const topUp = ok<Transfer>(
      await call('assetTransfer', { fromAssetId: wallet, toAssetId: cardAssetId, amount: '0.5' }),
    );
    expect(topUp).toMatchObject({ amount: 0.5, fromBalance: 99.5, toBalance: 0.5 });
    const ledger = ok<LedgerPage>(await call('assetLedger', { assetId: wallet }));
    expect(ledger.list.map((e) => [e.type, e.amount, e.balanceAfter, e.transferId])).toEqual([
      ['TRANSFER_OUT', -0.5, 99.5, topUp.transferId],
      ['TRANSFER_IN', 100, 100, funded.transferId],
    ]);
    // The other side of each transfer, and whose it is: the card's asset (the user's), the
    // agency's asset (nobody's).
    expect(ledger.list.map((e) => [e.counterAssetId, e.counterAppUserId])).toEqual([
      [cardAssetId, appUserId],
      [db.agencyAssetId, null],
    ]);
    const agencyLedger = ok<LedgerPage>(
      await call('assetLedger', { assetId: db.agencyAssetId, pageSize: 1 }),
    );
    expect(agencyLedger.list[0]).toMatchObject({
      type: 'TRANSFER_OUT',
      transferId: funded.transferId,
      counterAssetId: wallet,
      counterAppUserId: appUserId,
    });
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });

  it('over the balance is 4001 and changes nothing', async () => {
    const { appUserId, wallet } = await newUser();
    const { cardAssetId } = await newCard(appUserId);
    await creditAsset({ db: db.db, assetId: wallet, amountMinor: 999 });
    const r = await refused(
      () => call('assetTransfer', { fromAssetId: wallet, toAssetId: cardAssetId, amount: '10.00' }),
      4001,
    );
    expect(r.body.msg).toBe(`Asset ${wallet} holds 9.99 USD, less than the 10.00 to transfer.`);
  });

  it('4011 for an asset not under the app, 1002 for more decimals than the asset has', async () => {
    const { wallet } = await newUser();
    await refused(
      () => call('assetTransfer', { fromAssetId: 999_999, toAssetId: wallet, amount: '1' }),
      4011,
    );
    await refused(
      () =>
        call('assetTransfer', {
          fromAssetId: db.agencyAssetId,
          toAssetId: db.otherAgencyAssetId,
          amount: '1',
        }),
      4011,
    );
    const r = await refused(
      () => call('assetTransfer', { fromAssetId: db.agencyAssetId, toAssetId: wallet, amount: '1.001' }),
      1002,
    );
    expect(r.body).toEqual({
      code: 1002,
      msg: "amount must be more than 0 with at most 2 decimals (the asset's).",
      data: { field: 'amount', rule: "must be more than 0 with at most 2 decimals (the asset's)" },
    });
  });

  // Every pair of asset kinds x same or other currency x the receiving card's status.
  describe('the transfer table over HTTP', () => {
    type Kind = 'AGENCY' | 'WALLET' | 'CARD' | 'OTHER_WALLET' | 'OTHER_CARD' | 'EUR_WALLET';
    let assetOf: Record<Exclude<Kind, 'CARD' | 'OTHER_CARD'>, number>;
    let owner: { appUserId: string; other: string };

    beforeAll(async () => {
      const a = await newUser();
      const b = await newUser();
      owner = { appUserId: a.appUserId, other: b.appUserId };
      const [eur] = await db.db
        .insert(assets)
        .values({
          appId: 1,
          userId: null,
          type: 'WALLET',
          code: 'X',
          name: 'x',
          currency: 'EUR',
          symbol: '€',
          icon: 'i',
          decimalPlaces: 2,
        })
        .returning({ id: assets.id });
      // A user's EUR wallet: same user as WALLET, other currency.
      const [userRow] = await db.db
        .execute(sql`select user_id from wallet.assets where id = ${a.wallet}`)
        .then((r) => (r as unknown as { rows: { user_id: number }[] }).rows);
      await db.db.update(assets).set({ userId: userRow!.user_id }).where(eq(assets.id, eur!.id));
      assetOf = { AGENCY: db.agencyAssetId, WALLET: a.wallet, OTHER_WALLET: b.wallet, EUR_WALLET: eur!.id };
      for (const id of [a.wallet, b.wallet, eur!.id])
        await creditAsset({ db: db.db, assetId: id, amountMinor: 1_000_000 });
    });

    async function cardAsset(user: string, status: 'PENDING' | 'ACTIVE' | 'LOCKED' | 'CANCELLED') {
      const { cardId, cardAssetId } = await newCard(user, status === 'PENDING' ? 'physical' : 'virtual');
      if (status === 'LOCKED') ok(await call('cardLock', { appUserId: user, cardId, reason: 'LOST' }));
      if (status === 'CANCELLED') ok(await call('cardCancel', { appUserId: user, cardId, reason: 'LOST' }));
      return cardAssetId;
    }

    const FROM: Kind[] = ['AGENCY', 'WALLET', 'OTHER_WALLET', 'EUR_WALLET', 'CARD'];
    const TO: Kind[] = ['AGENCY', 'WALLET', 'OTHER_WALLET', 'EUR_WALLET', 'CARD', 'OTHER_CARD'];
    const ALLOWED = new Set([
      'AGENCY>WALLET',
      'AGENCY>OTHER_WALLET',
      'AGENCY>CARD',
      'AGENCY>OTHER_CARD',
      'WALLET>CARD',
      'OTHER_WALLET>OTHER_CARD',
    ]);
    for (const from of FROM) {
      for (const to of TO) {
        const statuses =
          to === 'CARD' || to === 'OTHER_CARD'
            ? (['PENDING', 'ACTIVE', 'LOCKED', 'CANCELLED'] as const)
            : (['-'] as const);
        for (const status of statuses) {
          const allowed = ALLOWED.has(`${from}>${to}`) && (status === '-' || status === 'ACTIVE');
          if (from === to && status === '-') continue;
          it(`${from} -> ${to}${status === '-' ? '' : ` (${status})`}: ${allowed ? 'success' : '4010'}`, async () => {
            const resolve = async (kind: Kind) =>
              kind === 'CARD'
                ? cardAsset(owner.appUserId, status === '-' ? 'ACTIVE' : status)
                : kind === 'OTHER_CARD'
                  ? cardAsset(owner.other, status === '-' ? 'ACTIVE' : status)
                  : assetOf[kind];
            const fromId = from === 'CARD' ? await cardAsset(owner.appUserId, 'ACTIVE') : await resolve(from);
            const toId = await resolve(to);
            const params = { fromAssetId: fromId, toAssetId: toId, amount: '0.01' };
            if (allowed) ok(await call('assetTransfer', params));
            else await refused(() => call('assetTransfer', params), 4010);
          });
        }
      }
    }
  });

  it('a requestId makes a transfer happen once, and 4007 with other parameters', async () => {
    const { wallet } = await newUser();
    const params = {
      fromAssetId: db.agencyAssetId,
      toAssetId: wallet,
      amount: '3.00',
      requestId: `tr-${wallet}-once`,
    };
    const first = await call('assetTransfer', params);
    expect((await call('assetTransfer', params)).text).toBe(first.text);
    await refused(() => call('assetTransfer', { ...params, amount: '4.00' }), 4007);
    const ledger = ok<LedgerPage>(await call('assetLedger', { assetId: wallet }));
    expect(ledger.dataTotal).toBe(1);
  });
});

// -------------------------------------------------------------------------------- ledgers

describe('asset/ledger', () => {
  it('pages newest first with dataTotal and haveNext, deep pages included', async () => {
    const { wallet } = await newUser();
    for (let i = 1; i <= 7; i++) await creditAsset({ db: db.db, assetId: wallet, amountMinor: i * 100 });
    const page = (pageNum: number) =>
      call('assetLedger', { assetId: wallet, pageNum, pageSize: 3 }).then((r) =>
        ledgerPageSchema.parse(ok(r)),
      );
    const first = await page(1);
    expect(first.dataTotal).toBe(7);
    expect(first.haveNext).toBe(true);
    expect(first.list.map((e) => [e.type, e.amount, e.balanceAfter])).toEqual([
      ['CREDIT', 7, 28],
      ['CREDIT', 6, 21],
      ['CREDIT', 5, 15],
    ]);
    expect((await page(3)).list.map((e) => e.amount)).toEqual([1]);
    expect(await page(3)).toMatchObject({ haveNext: false });
    expect(await page(4)).toEqual({ dataTotal: 7, haveNext: false, list: [] });
    expect(first.list[0]).toEqual({
      entryId: expect.any(Number),
      type: 'CREDIT',
      amount: 7,
      balanceAfter: 28,
      cardId: null,
      transferId: null,
      counterAssetId: null,
      counterAppUserId: null,
      createdAt: expect.stringMatching(ISO_UTC),
    });
  });

  it('filters by type: that type alone, counted and paged newest first', async () => {
    const { appUserId, wallet } = await newUser();
    const { cardAssetId } = await newCard(appUserId);
    // CREDIT 1, 2, 3 with two TRANSFER_OUTs between them: 5 entries, 3 of one type.
    await creditAsset({ db: db.db, assetId: wallet, amountMinor: 100 });
    ok(await call('assetTransfer', { fromAssetId: wallet, toAssetId: cardAssetId, amount: '0.10' }));
    await creditAsset({ db: db.db, assetId: wallet, amountMinor: 200 });
    ok(await call('assetTransfer', { fromAssetId: wallet, toAssetId: cardAssetId, amount: '0.20' }));
    await creditAsset({ db: db.db, assetId: wallet, amountMinor: 300 });
    const page = (type: string | undefined, pageNum: number) =>
      call('assetLedger', { assetId: wallet, pageNum, pageSize: 2, ...(type ? { type } : {}) }).then((r) =>
        ledgerPageSchema.parse(ok(r)),
      );

    const credits1 = await page('CREDIT', 1);
    expect(credits1.dataTotal).toBe(3);
    expect(credits1.haveNext).toBe(true);
    expect(credits1.list.map((e) => [e.type, e.amount, e.balanceAfter])).toEqual([
      ['CREDIT', 3, 5.7],
      ['CREDIT', 2, 2.9],
    ]);
    const credits2 = await page('CREDIT', 2);
    expect(credits2).toMatchObject({ dataTotal: 3, haveNext: false });
    expect(credits2.list.map((e) => [e.type, e.amount, e.balanceAfter])).toEqual([['CREDIT', 1, 1]]);
    expect(await page('CREDIT', 3)).toEqual({ dataTotal: 3, haveNext: false, list: [] });
    const outs = await page('TRANSFER_OUT', 1);
    expect(outs.list.map((e) => [e.type, e.amount, e.balanceAfter])).toEqual([
      ['TRANSFER_OUT', -0.2, 2.7],
      ['TRANSFER_OUT', -0.1, 0.9],
    ]);
    expect(outs).toMatchObject({ dataTotal: 2, haveNext: false });
    expect(await page('CARD_FEE', 1)).toEqual({ dataTotal: 0, haveNext: false, list: [] });
    // The filtered entries are the unfiltered ones of that type, in the same order.
    const all = [
      ...(await page(undefined, 1)).list,
      ...(await page(undefined, 2)).list,
      ...(await page(undefined, 3)).list,
    ];
    expect([...credits1.list, ...credits2.list]).toEqual(all.filter((e) => e.type === 'CREDIT'));

    const r = await refused(() => call('assetLedger', { assetId: wallet, type: 'FEE' }), 1002);
    expect(r.body).toEqual({
      code: 1002,
      msg: 'type must be one of PROVISION, CREDIT, CARD_FEE, TRANSFER_IN, TRANSFER_OUT, CARD_REFUND, CARD_SPEND, MERCHANT_REFUND, DEPOSIT, DISPUTE_CREDIT.',
      data: {
        field: 'type',
        rule: 'must be one of PROVISION, CREDIT, CARD_FEE, TRANSFER_IN, TRANSFER_OUT, CARD_REFUND, CARD_SPEND, MERCHANT_REFUND, DEPOSIT, DISPUTE_CREDIT',
      },
    });
  });

  it("shows a card's fee on the agency ledger, and is 4011 for another app's asset", async () => {
    const { appUserId } = await newUser();
    const { cardId } = await newCard(appUserId);
    const agency = ok<LedgerPage>(await call('assetLedger', { assetId: db.agencyAssetId, pageSize: 1 }));
    expect(agency.list[0]).toMatchObject({ type: 'CARD_FEE', amount: -5, cardId });
    await refused(() => call('assetLedger', { assetId: db.otherAgencyAssetId }), 4011);
  });
});

// ------------------------------------------------------------------------------ addresses

describe('address/update and address/delete', () => {
  const ADDRESS = {
    country: 'US',
    city: 'Austin',
    street: '1 Main St',
    firstName: 'Jane',
    lastName: 'Doe',
    mobile: '1-5125550100',
  };

  async function addresses(appUserId: string): Promise<Address[]> {
    return addressSchema.array().parse(ok(await call('addressList', { appUserId })));
  }

  it('changes the given fields only, and moves the default when asked', async () => {
    const { appUserId } = await newUser();
    const a = ok<{ addressId: number }>(await call('addAddress', { appUserId, ...ADDRESS }));
    const b = ok<{ addressId: number }>(await call('addAddress', { appUserId, ...ADDRESS, city: 'Dallas' }));
    const updated = addressSchema.parse(
      ok(
        await call('addressUpdate', {
          appUserId,
          addressId: b.addressId,
          street: '2 Elm St',
          isDefault: true,
        }),
      ),
    );
    expect(updated).toMatchObject({
      addressId: b.addressId,
      city: 'Dallas',
      street: '2 Elm St',
      isDefault: true,
      country: 'US',
    });
    const list = await addresses(appUserId);
    expect(list.map((x) => [x.addressId, x.isDefault])).toEqual([
      [b.addressId, true],
      [a.addressId, false],
    ]);
    await refused(() => call('addressUpdate', { appUserId, addressId: 999_999, city: 'X' }), 4003);
  });

  it('deleting the default makes the newest remaining address the default', async () => {
    const { appUserId } = await newUser();
    const a = ok<{ addressId: number }>(await call('addAddress', { appUserId, ...ADDRESS }));
    const b = ok<{ addressId: number }>(await call('addAddress', { appUserId, ...ADDRESS }));
    const c = ok<{ addressId: number }>(await call('addAddress', { appUserId, ...ADDRESS }));
    expect(ok(await call('addressDelete', { appUserId, addressId: a.addressId }))).toEqual({
      addressId: a.addressId,
    });
    expect((await addresses(appUserId)).map((x) => [x.addressId, x.isDefault])).toEqual([
      [c.addressId, true],
      [b.addressId, false],
    ]);
    await refused(() => call('addressDelete', { appUserId, addressId: a.addressId }), 4003);
    const other = await newUser();
    await refused(() => call('addressDelete', { appUserId: other.appUserId, addressId: b.addressId }), 4003);
  });
});

// ----------------------------------------------------------------------------- user/search

describe('user/search', () => {
  let target: { appUserId: string; cardId: number; last4: string };

  beforeAll(async () => {
    const { appUserId } = await newUser({
      appUserId: 'searchable-zelda',
      email: 'Zelda.Search@Example.com',
      firstName: 'Zelda',
      lastName: 'Quintero',
      mobile: '44-7700900123',
    });
    const { cardId } = await newCard(appUserId);
    const detail = await detailOf(appUserId, cardId);
    target = { appUserId, cardId, last4: detail.last4 };
    await newUser({
      appUserId: 'searchable-zed',
      email: 'zed@example.com',
      firstName: 'Zed',
      lastName: 'Quill',
    });
  });

  const found = async (q: string) =>
    userSearchResultSchema
      .parse(ok<UserSearchResult>(await call('userSearch', { q })))
      .list.map((u) => u.appUserId);

  it.each([
    ['the whole appUserId', 'searchable-zelda'],
    ['an appUserId prefix', 'searchable-ze'],
    ['the whole e-mail, any case', 'zelda.search@example.com'],
    ['an e-mail prefix', 'ZELDA.s'],
    ['a first-name prefix', 'zel'],
    ['a last-name prefix', 'QUINT'],
    ['the mobile digits with the region code', '447700900123'],
    ['the mobile digits without it', '7700900123'],
    ['the mobile as written', '44-7700900123'],
  ])('finds a user by %s', async (_what, q) => {
    expect(await found(q)).toContain(target.appUserId);
  });

  it("finds a user by a card's last four and by its cardId, with the card in the entry", async () => {
    expect(await found(target.last4)).toContain(target.appUserId);
    const byId = userSearchResultSchema.parse(
      ok(await call('userSearch', { q: String(target.cardId) })),
    ).list;
    expect(byId[0]!.appUserId).toBe(target.appUserId);
    expect(byId[0]!.cardList.map((c) => c.cardId)).toEqual([target.cardId]);
  });

  it('puts an exact key before prefixes and names, and needs 3 characters for a prefix', async () => {
    expect((await found('searchable-zed'))[0]).toBe('searchable-zed');
    expect(await found('qu')).toEqual(expect.arrayContaining(['searchable-zelda', 'searchable-zed']));
    expect(await found('se')).toEqual([]);
    expect(await found('nothing-like-this')).toEqual([]);
  });

  it('finds a full name in either order, whole or by the starts of both names, and a mix of keys', async () => {
    for (const q of ['Zelda Quintero', 'quintero zelda', 'Zel Quin', 'QUIN  ZEL']) {
      expect(await found(q)).toEqual(['searchable-zelda']);
    }
    expect(await found('Zelda Quill')).toEqual([]);
    expect(await found('Zed Quintero')).toEqual([]);
    expect(await found(`quintero ${target.last4}`)).toEqual(['searchable-zelda']);
    expect(await found(`${target.last4} zel`)).toEqual(['searchable-zelda']);
    expect(await found('zelda 7700900123')).toEqual(['searchable-zelda']);
    expect(await found('zed 7700900123')).toEqual([]);
    expect(await found('quill zed@example.com')).toEqual(['searchable-zed']);
  });

  it('ranks a whole name before a longer one, card holders first among equals', async () => {
    const { appUserId: plain } = await newUser({ firstName: 'Rankina', lastName: 'Ordway' });
    const { appUserId: holder } = await newUser({ firstName: 'Rankina', lastName: 'Ordway' });
    await newCard(holder);
    const { appUserId: longer } = await newUser({ firstName: 'Rankinaria', lastName: 'Ordway' });
    // newest registration would put `longer`, then `plain`, first
    expect(await found('Rankina Ordway')).toEqual([holder, plain, longer]);
    expect(await found('rankina')).toEqual([holder, plain, longer]);
  });

  it('respects pageSize and the app', async () => {
    const list = userSearchResultSchema.parse(
      ok(await call('userSearch', { q: 'searchable', pageSize: 1 })),
    ).list;
    expect(list).toHaveLength(1);
    const other = await callWallet(
      base,
      'userSearch',
      { q: 'searchable-zelda' },
      { agencyCode: 'AG002', appId: 'app-2', secret: 'other-secret-value' },
    );
    expect(other.body).toEqual({ code: 0, msg: 'success', data: { list: [] } });
  });
});

// ------------------------------------------------------------------------- 4.2 withCards

describe('4.2 withCards', () => {
  it('lists and counts only users holding a card', async () => {
    const page = (withCards: boolean) =>
      call('cardListAllByUser', { withCards, pageSize: 100 }).then((r) =>
        usersWithCardsPageSchema.parse(ok<UsersWithCardsPage>(r)),
      );
    const holders = await page(true);
    const all = await page(false);
    expect(holders.list.every((u) => u.cardList.length > 0)).toBe(true);
    expect(holders.dataTotal).toBe(all.list.filter((u) => u.cardList.length > 0).length);
    expect(all.dataTotal).toBeGreaterThan(holders.dataTotal);
    const { appUserId } = await newUser();
    expect((await page(true)).dataTotal).toBe(holders.dataTotal);
    await newCard(appUserId);
    await newCard(appUserId);
    const after = await page(true);
    expect(after.dataTotal).toBe(holders.dataTotal + 1);
    expect(after.list[0]!.appUserId).toBe(appUserId);
    const filtered = usersWithCardsPageSchema.parse(
      ok(await call('cardListAllByUser', { appUserId: (await newUser()).appUserId, withCards: true })),
    );
    expect(filtered).toEqual({ dataTotal: 0, haveNext: false, list: [] });
  });

  void cards;
});
