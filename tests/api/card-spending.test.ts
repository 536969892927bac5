// Card spending over HTTP against the real service (docs/card-spending.md): approval holds money
// without a ledger entry; each decline reason provoked alone, and the precedence when two apply;
// clearing up to 120 %, partial reversal, refund bounds, codes 4014 and 4015 changing nothing;
// limits counted as held, cleared, reversed and refunded; spending controls set, left and
// removed; cursor paging; cancel reversing open holds; requestId replays; the live switch.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '@/lib/db/open';
import {
  authorizationPageSchema,
  authorizationSchema,
  cardControlsSchema,
  cardDetailSchema,
  refundSchema,
  type Authorization,
} from '@/lib/wallet/contract/schemas';
import { assets, authorizations, cards, events, ledgerEntries } from '@/lib/wallet/service/db/schema';
import { expireDueHolds } from '@/lib/wallet/service/spending/expire-holds';
import { authorize, fundedCard, purchase, type FundedCard, type Result, ok } from '../helpers/spending';
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
const call = <T = unknown>(op: Parameters<typeof callWallet>[1], params: Params, extraQuery?: string) =>
  callWallet<T>(server.baseUrl, op, params, extraQuery ? { extraQuery } : {}) as Promise<Result<T>>;

function refused(r: Result, code: number, field?: string): void {
  expect(r.body.code, r.body.msg).toBe(code);
  if (field) expect(r.body.data).toMatchObject({ field });
}

const newCard = (minor = 100_00) => fundedCard(server.baseUrl, db, minor);

async function money(card: FundedCard): Promise<{ balance: number; held: number }> {
  const [row] = await db.db
    .select({ balance: assets.balance, held: assets.held })
    .from(assets)
    .where(eq(assets.id, card.cardAssetId));
  return row!;
}

async function detail(card: FundedCard) {
  return cardDetailSchema.parse(
    ok(await call('cardDetail', { appUserId: card.appUserId, cardId: card.cardId })),
  );
}

async function setControls(card: FundedCard, params: Params, extraQuery?: string) {
  return call('cardControlsSet', { appUserId: card.appUserId, cardId: card.cardId, ...params }, extraQuery);
}

async function decline(card: FundedCard, overrides: Params = {}): Promise<Authorization> {
  const before = await money(card);
  const a = authorizationSchema.parse(await authorize(server.baseUrl, card.cardId, overrides));
  expect(a.status).toBe('DECLINED');
  expect(a.heldAmount).toBe(0);
  expect(a.decidedBy).toBe('RULES');
  expect(await money(card)).toEqual(before);
  return a;
}

describe('simulate/authorize', () => {
  it('approves: a PENDING hold, available falls, balance does not, no ledger entry, one event', async () => {
    const card = await newCard(100_00);
    const entriesBefore = await db.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.assetId, card.cardAssetId));
    const a = authorizationSchema.parse(
      await authorize(server.baseUrl, card.cardId, {
        amount: '25.50',
        merchantName: 'Book Shop',
        mcc: '5942',
        merchantCountry: 'GB',
      }),
    );
    expect(a).toMatchObject({
      cardId: card.cardId,
      appUserId: card.appUserId,
      status: 'PENDING',
      amount: 25.5,
      heldAmount: 25.5,
      clearedAmount: 0,
      refundedAmount: 0,
      currency: 'USD',
      merchant: { name: 'Book Shop', mcc: '5942', country: 'GB' },
      declineReason: null,
      decidedBy: 'RULES',
      transactionId: null,
    });
    expect(await money(card)).toEqual({ balance: 100_00, held: 25_50 });
    const d = await detail(card);
    expect([d.balance, d.availableBalance]).toEqual([100, 74.5]);
    const entriesAfter = await db.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.assetId, card.cardAssetId));
    expect(entriesAfter).toHaveLength(entriesBefore.length);
    const written = await db.db.select().from(events).where(eq(events.type, 'authorization.approved'));
    const mine = written.filter(
      (e) => (JSON.parse(e.body) as { data: Authorization }).data.authorizationId === a.authorizationId,
    );
    expect(mine).toHaveLength(1);
    expect((JSON.parse(mine[0]!.body) as { data: Authorization }).data).toEqual(a);
  });

  it('webhook/add subscribes to the six card spending event types', async () => {
    const types = [
      'authorization.approved',
      'authorization.declined',
      'authorization.reversed',
      'authorization.expired',
      'transaction.cleared',
      'transaction.refunded',
    ];
    const added = ok<{ events: string[] }>(
      await call('webhookAdd', { url: 'https://93.184.215.14/hooks', events: types.join(',') }),
    );
    expect(added.events).toEqual([...types].sort());
  });

  it("the currency defaults to the card's and may be given as it", async () => {
    const card = await newCard();
    expect((await authorize(server.baseUrl, card.cardId, { currency: 'USD' })).status).toBe('PENDING');
  });

  describe('each decline reason alone: recorded, code 0, nothing held, one authorization.declined', () => {
    it('CARD_NOT_ACTIVE (locked)', async () => {
      const card = await newCard();
      ok(await call('cardLock', { appUserId: card.appUserId, cardId: card.cardId, reason: 'LOST' }));
      const a = await decline(card);
      expect(a.declineReason).toBe('CARD_NOT_ACTIVE');
      const written = await rawRows<{ n: number }>(
        db.db,
        sql`select count(*)::int as n from ${events} where type = 'authorization.declined' and body like ${`%"authorizationId":${a.authorizationId},%`}`,
      );
      expect(written[0]!.n).toBe(1);
    });
    it('CARD_EXPIRED', async () => {
      const card = await newCard();
      await db.db
        .update(cards)
        .set({ expireYear: '2020', expireMonth: '12' })
        .where(eq(cards.id, card.cardId));
      expect((await decline(card)).declineReason).toBe('CARD_EXPIRED');
    });
    it('CURRENCY_NOT_SUPPORTED', async () => {
      const card = await newCard();
      const a = await decline(card, { currency: 'EUR' });
      expect([a.declineReason, a.currency]).toEqual(['CURRENCY_NOT_SUPPORTED', 'EUR']);
    });
    it('MCC_BLOCKED', async () => {
      const card = await newCard();
      ok(await setControls(card, { blockedMcc: '7995,5812' }));
      expect((await decline(card, { mcc: '5812' })).declineReason).toBe('MCC_BLOCKED');
      expect((await authorize(server.baseUrl, card.cardId, { mcc: '5411' })).status).toBe('PENDING');
    });
    it('COUNTRY_BLOCKED', async () => {
      const card = await newCard();
      ok(await setControls(card, { blockedCountries: 'KP,US' }));
      expect((await decline(card, { merchantCountry: 'US' })).declineReason).toBe('COUNTRY_BLOCKED');
    });
    it('LIMIT_PER_TRANSACTION', async () => {
      const card = await newCard();
      ok(await setControls(card, { perTransaction: '9.99' }));
      expect((await decline(card, { amount: '10.00' })).declineReason).toBe('LIMIT_PER_TRANSACTION');
      expect((await authorize(server.baseUrl, card.cardId, { amount: '9.99' })).status).toBe('PENDING');
    });
    it('LIMIT_DAILY, LIMIT_MONTHLY, LIMIT_ALL_TIME: what was approved counts', async () => {
      for (const [name, reason] of [
        ['daily', 'LIMIT_DAILY'],
        ['monthly', 'LIMIT_MONTHLY'],
        ['allTime', 'LIMIT_ALL_TIME'],
      ] as const) {
        const card = await newCard();
        ok(await setControls(card, { [name]: '25.00' }));
        expect((await authorize(server.baseUrl, card.cardId, { amount: '15.00' })).status).toBe('PENDING');
        expect((await decline(card, { amount: '10.01' })).declineReason).toBe(reason);
        expect((await authorize(server.baseUrl, card.cardId, { amount: '10.00' })).status).toBe('PENDING');
      }
    });
    it('INSUFFICIENT_FUNDS: what is held is not available', async () => {
      const card = await newCard(15_00);
      expect((await authorize(server.baseUrl, card.cardId, { amount: '10.00' })).status).toBe('PENDING');
      expect((await decline(card, { amount: '5.01' })).declineReason).toBe('INSUFFICIENT_FUNDS');
      expect((await authorize(server.baseUrl, card.cardId, { amount: '5.00' })).status).toBe('PENDING');
      expect(await money(card)).toEqual({ balance: 15_00, held: 15_00 });
    });
  });

  it('precedence: the first failing check in the decision order is the reason', async () => {
    const card = await newCard(5_00);
    ok(
      await setControls(card, {
        blockedMcc: '5812',
        blockedCountries: 'US',
        perTransaction: '1.00',
        daily: '2.00',
      }),
    );
    expect((await decline(card, { currency: 'EUR' })).declineReason).toBe('CURRENCY_NOT_SUPPORTED');
    expect((await decline(card)).declineReason).toBe('MCC_BLOCKED');
    expect((await decline(card, { mcc: '5411' })).declineReason).toBe('COUNTRY_BLOCKED');
    expect((await decline(card, { mcc: '5411', merchantCountry: 'CA' })).declineReason).toBe(
      'LIMIT_PER_TRANSACTION',
    );
    ok(await setControls(card, {}, 'perTransaction='));
    expect((await decline(card, { mcc: '5411', merchantCountry: 'CA' })).declineReason).toBe('LIMIT_DAILY');
    ok(await setControls(card, { monthly: '3.00' }, 'daily='));
    expect((await decline(card, { mcc: '5411', merchantCountry: 'CA' })).declineReason).toBe('LIMIT_MONTHLY');
    ok(await setControls(card, { allTime: '4.00' }, 'monthly='));
    expect((await decline(card, { mcc: '5411', merchantCountry: 'CA' })).declineReason).toBe(
      'LIMIT_ALL_TIME',
    );
    ok(await setControls(card, {}, 'allTime='));
    expect((await decline(card, { mcc: '5411', merchantCountry: 'CA' })).declineReason).toBe(
      'INSUFFICIENT_FUNDS',
    );
    ok(await call('cardLock', { appUserId: card.appUserId, cardId: card.cardId, reason: 'LOST' }));
    await db.db.update(cards).set({ expireYear: '2020' }).where(eq(cards.id, card.cardId));
    expect((await decline(card, { currency: 'EUR' })).declineReason).toBe('CARD_NOT_ACTIVE');
  });

  it('field errors name the parameter and change nothing; an unknown card is 4008', async () => {
    const card = await newCard();
    const before = await money(card);
    const cases: [Params, number, string][] = [
      [{ mcc: '581' }, 1002, 'mcc'],
      [{ mcc: '58a2' }, 1002, 'mcc'],
      [{ merchantCountry: 'XX' }, 1002, 'merchantCountry'],
      [{ merchantCountry: 'us' }, 1002, 'merchantCountry'],
      [{ amount: '0' }, 1002, 'amount'],
      [{ amount: '1.001' }, 1002, 'amount'],
      [{ amount: '-5' }, 1002, 'amount'],
      [{ currency: 'usd' }, 1002, 'currency'],
      [{ merchantName: 'x'.repeat(101) }, 1002, 'merchantName'],
      [{ merchantName: undefined }, 1001, 'merchantName'],
      [{ amount: undefined }, 1001, 'amount'],
    ];
    for (const [overrides, code, field] of cases) {
      refused(await call('simulateAuthorize', { cardId: card.cardId, ...purchase(overrides) }), code, field);
    }
    refused(await call('simulateAuthorize', { cardId: 999_999, ...purchase() }), 4008);
    expect(await money(card)).toEqual(before);
    expect(await db.db.select().from(authorizations).where(eq(authorizations.cardId, card.cardId))).toEqual(
      [],
    );
  });

  it('one requestId makes one authorization; the same requestId with other parameters is 4007', async () => {
    const card = await newCard();
    const first = await call('simulateAuthorize', {
      cardId: card.cardId,
      ...purchase(),
      requestId: 'auth-req-0001',
    });
    const again = await call('simulateAuthorize', {
      cardId: card.cardId,
      ...purchase(),
      requestId: 'auth-req-0001',
    });
    expect(again.text).toBe(first.text);
    refused(
      await call('simulateAuthorize', {
        cardId: card.cardId,
        ...purchase({ amount: '11.00' }),
        requestId: 'auth-req-0001',
      }),
      4007,
    );
    expect(await money(card)).toEqual({ balance: 100_00, held: 10_00 });
  });
});

describe('simulate/clear', () => {
  it('posts the hold: CARD_SPEND, CLEARED with its transactionId, nothing held', async () => {
    const card = await newCard(100_00);
    const a = await authorize(server.baseUrl, card.cardId, { amount: '40.00' });
    const c = authorizationSchema.parse(
      ok(await call('simulateClear', { authorizationId: a.authorizationId })),
    );
    expect(c).toMatchObject({ status: 'CLEARED', heldAmount: 0, clearedAmount: 40, amount: 40 });
    expect(c.transactionId).toEqual(expect.any(Number));
    expect(await money(card)).toEqual({ balance: 60_00, held: 0 });
    const [entry] = await db.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, c.transactionId!));
    expect(entry).toMatchObject({
      reason: 'CARD_SPEND',
      amount: -40_00,
      balanceAfter: 60_00,
      cardId: card.cardId,
    });
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });

  it('up to 120 % (tips) takes the difference from available; over 120 % is 4015 and changes nothing', async () => {
    const card = await newCard(100_00);
    const a = await authorize(server.baseUrl, card.cardId, { amount: '10.00' });
    refused(await call('simulateClear', { authorizationId: a.authorizationId, amount: '12.01' }), 4015);
    expect(await money(card)).toEqual({ balance: 100_00, held: 10_00 });
    const c = ok<Authorization>(
      await call('simulateClear', { authorizationId: a.authorizationId, amount: '12.00' }),
    );
    expect(c.clearedAmount).toBe(12);
    expect(await money(card)).toEqual({ balance: 88_00, held: 0 });
  });

  it('the part over the hold must be available, else 4015 and nothing changes', async () => {
    const card = await newCard(11_00);
    const a = await authorize(server.baseUrl, card.cardId, { amount: '10.00' });
    refused(await call('simulateClear', { authorizationId: a.authorizationId, amount: '11.01' }), 4015);
    expect(await money(card)).toEqual({ balance: 11_00, held: 10_00 });
    ok(await call('simulateClear', { authorizationId: a.authorizationId, amount: '11.00' }));
    expect(await money(card)).toEqual({ balance: 0, held: 0 });
  });

  it('clearing less releases the rest; a second clear, or a clear of a declined one, is 4015; unknown is 4014', async () => {
    const card = await newCard(100_00);
    const a = await authorize(server.baseUrl, card.cardId, { amount: '10.00' });
    ok(await call('simulateClear', { authorizationId: a.authorizationId, amount: '7.50' }));
    expect(await money(card)).toEqual({ balance: 92_50, held: 0 });
    refused(await call('simulateClear', { authorizationId: a.authorizationId }), 4015);
    const declined = await decline(card, { currency: 'EUR' });
    refused(await call('simulateClear', { authorizationId: declined.authorizationId }), 4015);
    refused(await call('simulateClear', { authorizationId: 987_654 }), 4014);
    refused(
      await call('simulateClear', { authorizationId: a.authorizationId, amount: '1.001' }),
      1002,
      'amount',
    );
    expect(await money(card)).toEqual({ balance: 92_50, held: 0 });
  });
});

describe('simulate/reverse', () => {
  it('a partial reversal keeps the rest PENDING; more than is held is 4015; the rest makes it REVERSED', async () => {
    const card = await newCard(100_00);
    const a = await authorize(server.baseUrl, card.cardId, { amount: '10.00' });
    const part = ok<Authorization>(
      await call('simulateReverse', { authorizationId: a.authorizationId, amount: '4.00' }),
    );
    expect(part).toMatchObject({ status: 'PENDING', heldAmount: 6, amount: 10 });
    expect(await money(card)).toEqual({ balance: 100_00, held: 6_00 });
    refused(await call('simulateReverse', { authorizationId: a.authorizationId, amount: '6.01' }), 4015);
    const rest = ok<Authorization>(await call('simulateReverse', { authorizationId: a.authorizationId }));
    expect(rest).toMatchObject({ status: 'REVERSED', heldAmount: 0 });
    expect(await money(card)).toEqual({ balance: 100_00, held: 0 });
    refused(await call('simulateReverse', { authorizationId: a.authorizationId }), 4015);
    refused(await call('simulateReverse', { authorizationId: 987_654 }), 4014);
  });

  it('a partly reversed hold clears at most 120 % of what is still held', async () => {
    const card = await newCard(100_00);
    const a = await authorize(server.baseUrl, card.cardId, { amount: '10.00' });
    ok(await call('simulateReverse', { authorizationId: a.authorizationId, amount: '5.00' }));
    refused(await call('simulateClear', { authorizationId: a.authorizationId, amount: '6.01' }), 4015);
    expect(
      ok<Authorization>(await call('simulateClear', { authorizationId: a.authorizationId })).clearedAmount,
    ).toBe(5);
  });
});

describe('simulate/refund', () => {
  it('refunds never beyond what is left; MERCHANT_REFUND credits the card', async () => {
    const card = await newCard(100_00);
    const a = await authorize(server.baseUrl, card.cardId, { amount: '10.00' });
    const c = ok<Authorization>(await call('simulateClear', { authorizationId: a.authorizationId }));
    const r1 = refundSchema.parse(
      ok(await call('simulateRefund', { transactionId: c.transactionId!, amount: '3.00' })),
    );
    expect(r1).toMatchObject({ transactionId: c.transactionId, amount: 3, balance: 93 });
    refused(await call('simulateRefund', { transactionId: c.transactionId!, amount: '7.01' }), 4015);
    const r2 = ok<{ amount: number; balance: number }>(
      await call('simulateRefund', { transactionId: c.transactionId! }),
    );
    expect(r2).toMatchObject({ amount: 7, balance: 100 });
    refused(await call('simulateRefund', { transactionId: c.transactionId! }), 4015);
    refused(await call('simulateRefund', { transactionId: 987_654 }), 4014);
    expect(await money(card)).toEqual({ balance: 100_00, held: 0 });
    const page = authorizationPageSchema.parse(
      ok(await call('cardAuthorizations', { appUserId: card.appUserId, cardId: card.cardId })),
    );
    expect(page.list[0]).toMatchObject({ refundedAmount: 10, clearedAmount: 10, status: 'CLEARED' });
    const refunds = await db.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reason, 'MERCHANT_REFUND'));
    expect(refunds.filter((e) => e.assetId === card.cardAssetId).map((e) => e.amount)).toEqual([3_00, 7_00]);
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });
});

describe('card/controls and limits', () => {
  it('limits count held, then cleared, less reversed and refunded; declined counts nothing', async () => {
    const card = await newCard(100_00);
    const controls = cardControlsSchema.parse(
      ok(await setControls(card, { daily: '50.00', allTime: '80.00', perTransaction: '30.00' })),
    );
    expect(controls.limits.map((l) => [l.interval, l.amount, l.spent, l.remaining])).toEqual([
      ['PER_TRANSACTION', 30, 0, 30],
      ['DAILY', 50, 0, 50],
      ['ALL_TIME', 80, 0, 80],
    ]);
    expect(controls.limits[0]!.resetsAt).toBeNull();
    const tomorrow = new Date();
    tomorrow.setUTCHours(24, 0, 0, 0);
    expect(controls.limits[1]!.resetsAt).toBe(tomorrow.toISOString());
    const spent = async () =>
      cardControlsSchema
        .parse(ok(await call('cardControls', { appUserId: card.appUserId, cardId: card.cardId })))
        .limits.find((l) => l.interval === 'DAILY')!.spent;
    const a = await authorize(server.baseUrl, card.cardId, { amount: '20.00' });
    expect(await spent()).toBe(20);
    await decline(card, { amount: '31.00' });
    expect(await spent()).toBe(20);
    ok(await call('simulateReverse', { authorizationId: a.authorizationId, amount: '5.00' }));
    expect(await spent()).toBe(15);
    const c = ok<Authorization>(
      await call('simulateClear', { authorizationId: a.authorizationId, amount: '18.00' }),
    );
    expect(await spent()).toBe(18);
    ok(await call('simulateRefund', { transactionId: c.transactionId!, amount: '8.00' }));
    expect(await spent()).toBe(10);
    const b = await authorize(server.baseUrl, card.cardId, { amount: '30.00' });
    expect(await spent()).toBe(40);
    ok(await call('simulateReverse', { authorizationId: b.authorizationId }));
    expect(await spent()).toBe(10);
  });

  it('absent leaves a control, given empty removes it; bad values name the field and change nothing; 4008', async () => {
    const card = await newCard();
    ok(
      await setControls(card, { monthly: '100.00', blockedMcc: '7995,5812,7995', blockedCountries: 'RU,KP' }),
    );
    const kept = cardControlsSchema.parse(ok(await setControls(card, { daily: '10.00' })));
    expect(kept.limits.map((l) => l.interval)).toEqual(['DAILY', 'MONTHLY']);
    expect(kept.blockedMcc).toEqual(['5812', '7995']);
    expect(kept.blockedCountries).toEqual(['KP', 'RU']);
    const cleared = cardControlsSchema.parse(ok(await setControls(card, {}, 'monthly=&blockedMcc=')));
    expect(cleared.limits.map((l) => l.interval)).toEqual(['DAILY']);
    expect(cleared.blockedMcc).toEqual([]);
    expect(cleared.blockedCountries).toEqual(['KP', 'RU']);
    refused(await setControls(card, { blockedMcc: '5812,58a2' }), 1002, 'blockedMcc');
    refused(await setControls(card, { blockedCountries: 'US,XX' }), 1002, 'blockedCountries');
    refused(await setControls(card, { daily: '1.001' }), 1002, 'daily');
    refused(await setControls(card, { perTransaction: '0' }), 1002, 'perTransaction');
    refused(await call('cardControls', { appUserId: 'nobody-here', cardId: card.cardId }), 4008);
    refused(
      await call('cardControlsSet', { appUserId: 'nobody-here', cardId: card.cardId, daily: '1.00' }),
      4008,
    );
    expect(
      cardControlsSchema.parse(
        ok(await call('cardControls', { appUserId: card.appUserId, cardId: card.cardId })),
      ),
    ).toEqual(cleared);
  });
});

describe('lists and cursors', () => {
  it('card/authorizations pages newest first with opaque cursors, filtered by status', async () => {
    const card = await newCard(100_00);
    const made: number[] = [];
    for (let i = 1; i <= 5; i++)
      made.push((await authorize(server.baseUrl, card.cardId, { amount: `${i}.00` })).authorizationId);
    await decline(card, { currency: 'EUR' });
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = authorizationPageSchema.parse(
        ok(
          await call('cardAuthorizations', {
            appUserId: card.appUserId,
            cardId: card.cardId,
            status: 'PENDING',
            pageSize: 2,
            cursor,
          }),
        ),
      );
      seen.push(...page.list.map((a) => a.authorizationId));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...made].reverse());
    refused(
      await call('cardAuthorizations', {
        appUserId: card.appUserId,
        cardId: card.cardId,
        cursor: 'bm90LWEtY3Vyc29y',
      }),
      1002,
      'cursor',
    );
    refused(
      await call('cardAuthorizations', { appUserId: card.appUserId, cardId: card.cardId, cursor: 'a b' }),
      1002,
      'cursor',
    );
    refused(
      await call('cardAuthorizations', { appUserId: card.appUserId, cardId: card.cardId, pageSize: 101 }),
      1002,
      'pageSize',
    );
    refused(await call('cardAuthorizations', { appUserId: card.appUserId, cardId: 999_999 }), 4008);
  });

  it('authorization/list filters by status, declineReason, appUserId and UTC days', async () => {
    const card = await newCard(100_00);
    const other = await newCard(100_00);
    const approved = await authorize(server.baseUrl, card.cardId);
    const declined = await decline(card, { currency: 'EUR' });
    await authorize(server.baseUrl, other.cardId);
    const list = async (params: Params) =>
      authorizationPageSchema
        .parse(ok(await call('authorizationList', { pageSize: 100, ...params })))
        .list.map((a) => a.authorizationId);
    expect(await list({ appUserId: card.appUserId })).toEqual([
      declined.authorizationId,
      approved.authorizationId,
    ]);
    expect(await list({ appUserId: card.appUserId, status: 'DECLINED' })).toEqual([declined.authorizationId]);
    expect(await list({ appUserId: card.appUserId, declineReason: 'CURRENCY_NOT_SUPPORTED' })).toEqual([
      declined.authorizationId,
    ]);
    expect(await list({ appUserId: 'no-such-user' })).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await list({ appUserId: card.appUserId, from: today, to: today })).toHaveLength(2);
    expect(await list({ appUserId: card.appUserId, to: '2020-01-01' })).toEqual([]);
    expect(await list({ appUserId: card.appUserId, from: '2999-01-01' })).toEqual([]);
    refused(await call('authorizationList', { declineReason: 'TOO_EXPENSIVE' }), 1002, 'declineReason');
    refused(await call('authorizationList', { from: '2026-02-30' }), 1002, 'from');
    const all = await list({});
    expect(all).toContain(approved.authorizationId);
  });
});

describe('cancel, expiry and the live switch', () => {
  it('cancelling a card reverses its open holds first, then returns the whole balance', async () => {
    const card = await newCard(100_00);
    const a = await authorize(server.baseUrl, card.cardId, { amount: '30.00' });
    ok(await call('cardCancel', { appUserId: card.appUserId, cardId: card.cardId, reason: 'LOST' }));
    const page = authorizationPageSchema.parse(
      ok(await call('cardAuthorizations', { appUserId: card.appUserId, cardId: card.cardId })),
    );
    expect(page.list.find((x) => x.authorizationId === a.authorizationId)).toMatchObject({
      status: 'REVERSED',
      heldAmount: 0,
    });
    expect(await money(card)).toEqual({ balance: 0, held: 0 });
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });

  it('an expired hold is released once, as EXPIRED, with authorization.expired', async () => {
    const card = await newCard(100_00);
    const a = await authorize(server.baseUrl, card.cardId, { amount: '30.00' });
    await db.db
      .update(authorizations)
      .set({ approvedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(authorizations.id, a.authorizationId));
    let released = 0;
    for (let i = 0; i < 5; i++) released += await expireDueHolds({ db: db.db, expiryMs: 60_000 });
    expect(released).toBeGreaterThanOrEqual(1);
    const [row] = await db.db.select().from(authorizations).where(eq(authorizations.id, a.authorizationId));
    expect(row).toMatchObject({ status: 'EXPIRED', held: 0 });
    expect(await money(card)).toEqual({ balance: 100_00, held: 0 });
    const written = await rawRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from ${events} where type = 'authorization.expired' and body like ${`%"authorizationId":${a.authorizationId},%`}`,
    );
    expect(written[0]!.n).toBe(1);
    refused(await call('simulateClear', { authorizationId: a.authorizationId }), 4015);
  });

  it('WALLET_SIMULATION=false: every simulate/* path is no operation (HTTP 404, 1005); the rest is served', async () => {
    const live = await startWalletServer({ simulation: false });
    try {
      for (const op of ['simulateAuthorize', 'simulateClear', 'simulateReverse', 'simulateRefund'] as const) {
        const r = await callWallet(live.baseUrl, op, {
          cardId: 1,
          authorizationId: 1,
          transactionId: 1,
          ...purchase(),
        });
        expect(r.status).toBe(404);
        expect(r.body.code).toBe(1005);
      }
      expect((await callWallet(live.baseUrl, 'authorizationList', {})).body.code).toBe(0);
    } finally {
      await live.close();
    }
  });
});
