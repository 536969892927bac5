// Disputes over HTTP (docs/disputes.md): every operation, rule and code. A dispute of a cleared
// purchase, its amount at most what is neither refunded nor claimed by its other disputes, dueBy
// the clearing + 110 days, only within 120 days; submit and withdraw only an OPEN one, the outcome
// only to a SUBMITTED one; WON credits once (to a replaced card's new card), LOST moves nothing,
// limits' spent untouched; a fraud dispute locks the card; the expiry worker; the list's filters
// and cursor; exactly once by requestId.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '@/lib/db/open';
import {
  authorizationSchema,
  cardControlsSchema,
  disputePageSchema,
  disputeSchema,
  type Dispute,
} from '@/lib/wallet/contract/schemas';
import { assets, cards, ledgerEntries } from '@/lib/wallet/service/db/schema';
import { authorize, fundedCard, type FundedCard, type Result, ok } from '../helpers/spending';
import { callWallet } from '../helpers/wallet-call';
import { createTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';
import { ledgerSumsToBalances } from '../helpers/wallet-state';

let db: TestDatabase;
let server: WalletTestServer;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

type Params = Record<string, string | number | undefined>;
const call = <T = unknown>(op: Parameters<typeof callWallet>[1], params: Params, base = server.baseUrl) =>
  callWallet<T>(base, op, params) as Promise<Result<T>>;

const dispute = async (params: Params, base = server.baseUrl): Promise<Dispute> =>
  disputeSchema.parse(ok(await call('disputeCreate', params, base)));

const balanceOf = async (assetId: number) =>
  (await db.db.select({ balance: assets.balance }).from(assets).where(eq(assets.id, assetId)))[0]!.balance;

/** A purchase of `amount` cleared on the card: its authorization as cleared. */
async function clearedPurchase(card: FundedCard, amount: string, merchantName = 'Corner Cafe') {
  const a = await authorize(server.baseUrl, card.cardId, { amount, merchantName });
  return authorizationSchema.parse(ok(await call('simulateClear', { authorizationId: a.authorizationId })));
}

/** When the purchase cleared: its CARD_SPEND entry's createdAt, moved `daysAgo` days back when given. */
async function clearedAt(transactionId: number, daysAgo?: number): Promise<Date> {
  if (daysAgo !== undefined) {
    await rawRows(
      db.db,
      sql`update ${ledgerEntries} set created_at = now() - make_interval(days => ${daysAgo})
           where id = ${transactionId}`,
    );
  }
  const [entry] = await db.db
    .select({ createdAt: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.id, transactionId));
  return entry!.createdAt;
}

const eventsOf = async (type: string, disputeId: number) =>
  (
    await rawRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from wallet.events where type = ${type}
           and (body::json -> 'data' ->> 'disputeId')::int = ${disputeId}`,
    )
  )[0]!.n;

const creditsOf = (cardId: number) =>
  db.db
    .select({ id: ledgerEntries.id, assetId: ledgerEntries.assetId, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.cardId, cardId), eq(ledgerEntries.reason, 'DISPUTE_CREDIT')));

describe('dispute/create', () => {
  it('disputes what is left of a cleared purchase, dueBy the clearing + 110 days; detail answers the same', async () => {
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dsp');
    const cleared = await clearedPurchase(card, '25.00', 'Night Owl Books');
    const at = await clearedAt(cleared.transactionId!);
    const made = await dispute({
      transactionId: cleared.transactionId!,
      reason: 'NOT_RECEIVED',
      explanation: 'The books never came',
    });
    expect(made).toEqual({
      disputeId: made.disputeId,
      transactionId: cleared.transactionId,
      authorizationId: cleared.authorizationId,
      cardId: card.cardId,
      appUserId: card.appUserId,
      status: 'OPEN',
      reason: 'NOT_RECEIVED',
      amount: 25,
      currency: 'USD',
      merchant: { name: 'Night Owl Books', mcc: '5812', country: 'US' },
      explanation: 'The books never came',
      evidence: null,
      dueBy: new Date(at.getTime() + 110 * DAY_MS).toISOString(),
      createdAt: made.createdAt,
      submittedAt: null,
      resolvedAt: null,
      creditTransactionId: null,
    });
    expect(ok(await call('disputeDetail', { disputeId: made.disputeId }))).toEqual(made);
    expect(await eventsOf('dispute.created', made.disputeId)).toBe(1);
    // No money moves when a dispute opens.
    expect(await balanceOf(card.cardAssetId)).toBe(75_00);
  });

  it('4014 for a transaction the app does not have, or an authorization never cleared', async () => {
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dsp');
    const pending = await authorize(server.baseUrl, card.cardId, { amount: '5.00' });
    for (const transactionId of [2_000_000_000, pending.authorizationId]) {
      const r = await call('disputeCreate', { transactionId, reason: 'OTHER' });
      expect(r.body.code).toBe(4014);
    }
  });

  it('4018 more than 120 days after the clearing; within them, dueBy keeps the clearing + 110 days', async () => {
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dsp');
    const late = await clearedPurchase(card, '10.00');
    await clearedAt(late.transactionId!, 121);
    const r = await call('disputeCreate', { transactionId: late.transactionId!, reason: 'DUPLICATE' });
    expect(r.body.code).toBe(4018);
    const inTime = await clearedPurchase(card, '10.00');
    const at = await clearedAt(inTime.transactionId!, 119);
    const made = await dispute({ transactionId: inTime.transactionId!, reason: 'DUPLICATE' });
    expect(made.dueBy).toBe(new Date(at.getTime() + 110 * DAY_MS).toISOString());
  });

  it('the amount rule: cleared less refunded less what other live disputes claim, with partial refunds and two disputes', async () => {
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dsp');
    const cleared = await clearedPurchase(card, '40.00');
    const transactionId = cleared.transactionId!;
    ok(await call('simulateRefund', { transactionId, amount: '10.00' }));
    const first = await dispute({ transactionId, reason: 'INCORRECT_AMOUNT', amount: '20.00' });
    expect(first.amount).toBe(20);
    // Over the 10.00 left: 4018, and nothing written.
    const over = await call('disputeCreate', { transactionId, reason: 'OTHER', amount: '10.01' });
    expect(over.body.code).toBe(4018);
    const second = await dispute({ transactionId, reason: 'OTHER' });
    expect(second.amount).toBe(10);
    expect((await call('disputeCreate', { transactionId, reason: 'OTHER', amount: '0.01' })).body.code).toBe(
      4018,
    );
    // A refund after the disputes shrinks what is left further: nothing to dispute even once one is withdrawn.
    ok(await call('simulateRefund', { transactionId, amount: '5.00' }));
    ok(await call('disputeWithdraw', { disputeId: second.disputeId }));
    expect((await call('disputeCreate', { transactionId, reason: 'OTHER', amount: '5.01' })).body.code).toBe(
      4018,
    );
    expect((await dispute({ transactionId, reason: 'OTHER' })).amount).toBe(5);
    // A LOST dispute claims nothing any more; a WON one still does.
    ok(await call('disputeSubmit', { disputeId: first.disputeId, evidence: 'Receipt says 20.00' }));
    ok(await call('simulateDisputeOutcome', { disputeId: first.disputeId, outcome: 'LOST' }));
    const again = await dispute({ transactionId, reason: 'INCORRECT_AMOUNT' });
    expect(again.amount).toBe(20);
    ok(await call('disputeSubmit', { disputeId: again.disputeId, evidence: 'Receipt says 20.00' }));
    ok(await call('simulateDisputeOutcome', { disputeId: again.disputeId, outcome: 'WON' }));
    expect((await call('disputeCreate', { transactionId, reason: 'OTHER', amount: '0.01' })).body.code).toBe(
      4018,
    );
    // More decimals than the card's: 1002 on amount.
    const fine = await call('disputeCreate', { transactionId, reason: 'OTHER', amount: '0.001' });
    expect(fine.body.code).toBe(1002);
  });

  it('runs once per requestId: a retry answers the same dispute, other parameters are 4007', async () => {
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dsp');
    const cleared = await clearedPurchase(card, '12.00');
    const params = {
      transactionId: cleared.transactionId!,
      reason: 'OTHER',
      amount: '2.00',
      requestId: 'dsp-once-1',
    };
    const made = await dispute(params);
    expect(await dispute(params)).toEqual(made);
    expect((await call('disputeCreate', { ...params, amount: '3.00' })).body.code).toBe(4007);
    const list = disputePageSchema.parse(ok(await call('disputeList', { cardId: card.cardId })));
    expect(list.list.map((d) => d.disputeId)).toEqual([made.disputeId]);
  });
});

describe('a FRAUDULENT dispute', () => {
  it('locks the card (FRAUD_SUSPECTED) in its transaction; an already LOCKED card is left as it is', async () => {
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dsf');
    const first = await clearedPurchase(card, '9.00');
    const second = await clearedPurchase(card, '8.00');
    await dispute({ transactionId: first.transactionId!, reason: 'FRAUDULENT' });
    const detail = ok<{ status: string }>(
      await call('cardDetail', { appUserId: card.appUserId, cardId: card.cardId }),
    );
    expect(detail.status).toBe('LOCKED');
    const [row] = await db.db
      .select({ statusReason: cards.statusReason })
      .from(cards)
      .where(eq(cards.id, card.cardId));
    expect(row!.statusReason).toBe('FRAUD_SUSPECTED');
    const changes = async () =>
      (
        await rawRows<{ n: number }>(
          db.db,
          sql`select count(*)::int as n from wallet.events where type = 'card.status_changed'
               and (body::json -> 'data' ->> 'cardId')::int = ${card.cardId}`,
        )
      )[0]!.n;
    expect(await changes()).toBe(1);
    await dispute({ transactionId: second.transactionId!, reason: 'FRAUDULENT' });
    expect(await changes()).toBe(1);
  });

  it('of another reason leaves the card ACTIVE', async () => {
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dsf');
    const cleared = await clearedPurchase(card, '9.00');
    await dispute({ transactionId: cleared.transactionId!, reason: 'CANCELLED_SERVICE' });
    const detail = ok<{ status: string }>(
      await call('cardDetail', { appUserId: card.appUserId, cardId: card.cardId }),
    );
    expect(detail.status).toBe('ACTIVE');
  });
});

describe('dispute/submit, dispute/withdraw and the outcome', () => {
  it('submit keeps the evidence; only an OPEN dispute is submitted or withdrawn, only a SUBMITTED one settled (4019); 4017 for an unknown one', async () => {
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dss');
    const cleared = await clearedPurchase(card, '30.00');
    const made = await dispute({
      transactionId: cleared.transactionId!,
      reason: 'NOT_RECEIVED',
      amount: '10.00',
    });
    expect(
      (await call('simulateDisputeOutcome', { disputeId: made.disputeId, outcome: 'WON' })).body.code,
    ).toBe(4019);
    const submitted = disputeSchema.parse(
      ok(await call('disputeSubmit', { disputeId: made.disputeId, evidence: 'Tracking shows no delivery' })),
    );
    expect(submitted).toMatchObject({
      status: 'SUBMITTED',
      evidence: 'Tracking shows no delivery',
      resolvedAt: null,
    });
    expect(submitted.submittedAt).not.toBeNull();
    expect(await eventsOf('dispute.submitted', made.disputeId)).toBe(1);
    expect((await call('disputeSubmit', { disputeId: made.disputeId, evidence: 'Again' })).body.code).toBe(
      4019,
    );
    expect((await call('disputeWithdraw', { disputeId: made.disputeId })).body.code).toBe(4019);

    const other = await dispute({ transactionId: cleared.transactionId!, reason: 'OTHER', amount: '5.00' });
    const withdrawn = disputeSchema.parse(ok(await call('disputeWithdraw', { disputeId: other.disputeId })));
    expect(withdrawn.status).toBe('WITHDRAWN');
    expect(withdrawn.resolvedAt).not.toBeNull();
    expect(await eventsOf('dispute.withdrawn', other.disputeId)).toBe(1);
    expect((await call('disputeSubmit', { disputeId: other.disputeId, evidence: 'Late' })).body.code).toBe(
      4019,
    );

    for (const op of ['disputeDetail', 'disputeWithdraw'] as const) {
      expect((await call(op, { disputeId: 2_000_000_000 })).body.code).toBe(4017);
    }
    expect((await call('disputeSubmit', { disputeId: 2_000_000_000, evidence: 'x' })).body.code).toBe(4017);
    expect(
      (await call('simulateDisputeOutcome', { disputeId: 2_000_000_000, outcome: 'LOST' })).body.code,
    ).toBe(4017);
  });

  it('WON credits the amount once as DISPUTE_CREDIT, limits unchanged; LOST moves nothing', async () => {
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dsw');
    ok(await call('cardControlsSet', { appUserId: card.appUserId, cardId: card.cardId, daily: '500.00' }));
    const cleared = await clearedPurchase(card, '30.00');
    const controls = () =>
      call('cardControls', { appUserId: card.appUserId, cardId: card.cardId }).then((r) =>
        cardControlsSchema.parse(ok(r)),
      );
    const before = await controls();
    expect(before.limits[0]!.spent).toBe(30);
    const won = await dispute({
      transactionId: cleared.transactionId!,
      reason: 'NOT_RECEIVED',
      amount: '12.50',
    });
    const lost = await dispute({ transactionId: cleared.transactionId!, reason: 'OTHER', amount: '2.00' });
    for (const d of [won, lost])
      ok(await call('disputeSubmit', { disputeId: d.disputeId, evidence: 'Proof' }));

    const params = { disputeId: won.disputeId, outcome: 'WON', requestId: 'dsw-won-1' };
    const settled = disputeSchema.parse(ok(await call('simulateDisputeOutcome', params)));
    expect(settled.status).toBe('WON');
    expect(settled.resolvedAt).not.toBeNull();
    const credits = await creditsOf(card.cardId);
    expect(credits).toEqual([{ id: settled.creditTransactionId, assetId: card.cardAssetId, amount: 12_50 }]);
    expect(await balanceOf(card.cardAssetId)).toBe(70_00 + 12_50);
    // The same requestId answers the same; another is 4019; neither credits again.
    expect(ok(await call('simulateDisputeOutcome', params))).toEqual(settled);
    expect((await call('simulateDisputeOutcome', { ...params, requestId: 'dsw-won-2' })).body.code).toBe(
      4019,
    );
    expect(await creditsOf(card.cardId)).toHaveLength(1);
    expect(await eventsOf('dispute.won', won.disputeId)).toBe(1);

    const lostNow = disputeSchema.parse(
      ok(await call('simulateDisputeOutcome', { disputeId: lost.disputeId, outcome: 'LOST' })),
    );
    expect(lostNow).toMatchObject({ status: 'LOST', creditTransactionId: null });
    expect(await balanceOf(card.cardAssetId)).toBe(82_50);
    expect(await eventsOf('dispute.lost', lost.disputeId)).toBe(1);
    expect(await controls()).toEqual(before);
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });

  it('WON on a replaced card credits the new card', async () => {
    const old = await fundedCard(server.baseUrl, db, 100_00, 'dsr');
    const cleared = await clearedPurchase(old, '30.00');
    const made = await dispute({ transactionId: cleared.transactionId!, reason: 'FRAUDULENT' });
    const replaced = ok<{ cardId: number }>(
      await call('cardReplace', { appUserId: old.appUserId, cardId: old.cardId, reason: 'STOLEN' }),
    );
    const fresh = ok<{ cardAssetId: number }>(
      await call('cardDetail', { appUserId: old.appUserId, cardId: replaced.cardId }),
    );
    const freshBefore = await balanceOf(fresh.cardAssetId);
    ok(await call('disputeSubmit', { disputeId: made.disputeId, evidence: 'Card stolen the day before' }));
    const settled = disputeSchema.parse(
      ok(await call('simulateDisputeOutcome', { disputeId: made.disputeId, outcome: 'WON' })),
    );
    expect(await creditsOf(old.cardId)).toEqual([
      { id: settled.creditTransactionId, assetId: fresh.cardAssetId, amount: 30_00 },
    ]);
    expect(await balanceOf(fresh.cardAssetId)).toBe(freshBefore + 30_00);
    expect(await balanceOf(old.cardAssetId)).toBe(0);
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });

  it('simulate/disputeOutcome is no operation with WALLET_SIMULATION=false (1005)', async () => {
    const live = await startWalletServer({
      simulation: false,
      direct: 'a live service has no sandbox paths',
    });
    try {
      const r = await call('simulateDisputeOutcome', { disputeId: 1, outcome: 'WON' }, live.baseUrl);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe(1005);
    } finally {
      await live.close();
    }
  });
});

describe('dispute/list', () => {
  it('newest first, a keyset cursor, filtered by status, reason, appUserId, cardId and days', async () => {
    const card = await fundedCard(server.baseUrl, db, 200_00, 'dsl');
    const other = await fundedCard(server.baseUrl, db, 100_00, 'dsl');
    const made: Dispute[] = [];
    for (let i = 0; i < 5; i++) {
      const cleared = await clearedPurchase(card, '3.00');
      made.push(
        await dispute({ transactionId: cleared.transactionId!, reason: i % 2 ? 'DUPLICATE' : 'OTHER' }),
      );
    }
    const elsewhere = await dispute({
      transactionId: (await clearedPurchase(other, '3.00')).transactionId!,
      reason: 'OTHER',
    });
    ok(await call('disputeWithdraw', { disputeId: made[1]!.disputeId }));
    const newestFirst = [...made].reverse().map((d) => d.disputeId);

    const ids = async (params: Params) =>
      disputePageSchema.parse(ok(await call('disputeList', params))).list.map((d) => d.disputeId);
    expect(await ids({ cardId: card.cardId })).toEqual(newestFirst);
    expect(await ids({ appUserId: other.appUserId })).toEqual([elsewhere.disputeId]);
    expect(await ids({ appUserId: 'dsl-nobody' })).toEqual([]);
    expect(await ids({ cardId: card.cardId, reason: 'DUPLICATE' })).toEqual([
      made[3]!.disputeId,
      made[1]!.disputeId,
    ]);
    expect(await ids({ cardId: card.cardId, status: 'WITHDRAWN' })).toEqual([made[1]!.disputeId]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids({ cardId: card.cardId, from: today, to: today })).toEqual(newestFirst);
    expect(await ids({ cardId: card.cardId, to: '2020-01-01' })).toEqual([]);

    const seen: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 3; page++) {
      const p = disputePageSchema.parse(
        ok(await call('disputeList', { cardId: card.cardId, pageSize: 2, cursor })),
      );
      seen.push(...p.list.map((d) => d.disputeId));
      cursor = p.nextCursor ?? undefined;
      if (page < 2) expect(p.nextCursor).not.toBeNull();
      else expect(p.nextCursor).toBeNull();
    }
    expect(seen).toEqual(newestFirst);
    expect((await call('disputeList', { cursor: '!!' })).body.code).toBe(1002);
  });
});

describe('the expiry worker', () => {
  it('expires an OPEN dispute past dueBy once (dispute.expired); a SUBMITTED one is left alone', async () => {
    // dueBy 1 ms after the clearing: due as soon as it is made.
    const scaled = await startWalletServer({ disputes: { dueMs: 1, expiry: { pollMs: 3_600_000 } } });
    try {
      const card = await fundedCard(scaled.baseUrl, db, 100_00, 'dsx');
      const a = await authorize(scaled.baseUrl, card.cardId, { amount: '20.00' });
      const cleared = authorizationSchema.parse(
        ok(await call('simulateClear', { authorizationId: a.authorizationId }, scaled.baseUrl)),
      );
      const open = await dispute(
        { transactionId: cleared.transactionId!, reason: 'OTHER', amount: '5.00' },
        scaled.baseUrl,
      );
      const sent = await dispute(
        { transactionId: cleared.transactionId!, reason: 'OTHER', amount: '5.00' },
        scaled.baseUrl,
      );
      ok(
        await call('disputeSubmit', { disputeId: sent.disputeId, evidence: 'Sent in time' }, scaled.baseUrl),
      );
      expect(await scaled.service.disputeExpiry!.drain()).toBeGreaterThanOrEqual(1);
      expect(await scaled.service.disputeExpiry!.drain()).toBe(0);
      const expired = disputeSchema.parse(ok(await call('disputeDetail', { disputeId: open.disputeId })));
      expect(expired.status).toBe('EXPIRED');
      expect(expired.resolvedAt).not.toBeNull();
      expect(await eventsOf('dispute.expired', open.disputeId)).toBe(1);
      expect((await call('disputeWithdraw', { disputeId: open.disputeId })).body.code).toBe(4019);
      expect(disputeSchema.parse(ok(await call('disputeDetail', { disputeId: sent.disputeId }))).status).toBe(
        'SUBMITTED',
      );
      // An EXPIRED dispute claims nothing: the 15.00 left can be disputed again.
      expect(
        (await dispute({ transactionId: cleared.transactionId!, reason: 'OTHER' }, scaled.baseUrl)).amount,
      ).toBe(15);
    } finally {
      await scaled.close();
    }
  });
});
