// dispute/summary over HTTP (docs/disputes.md "dispute/summary"): the app's OPEN and SUBMITTED
// disputes counted exactly as they are created, submitted and withdrawn; dueSoon the OPEN ones due
// before now + dueWithinDays (a past-due one the worker has not expired yet too); soonest the OPEN
// ones, the soonest dueBy first; another app's disputes counted for it only. Dates are set by SQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '@/lib/db/open';
import {
  authorizationSchema,
  disputeSchema,
  disputeSummarySchema,
  type Dispute,
  type DisputeSummary,
} from '@/lib/wallet/contract/schemas';
import { authorize, fundedCard, type FundedCard, type Result, ok } from '../helpers/spending';
import { callWallet, type CallOptions } from '../helpers/wallet-call';
import { createTestDatabase, OTHER_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

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
const call = <T = unknown>(op: Parameters<typeof callWallet>[1], params: Params, options?: CallOptions) =>
  callWallet<T>(server.baseUrl, op, params, options) as Promise<Result<T>>;

const OTHER_APP: CallOptions = {
  agencyCode: OTHER_AGENCY.agencyCode,
  appId: OTHER_AGENCY.appId,
  secret: OTHER_AGENCY.appSecret,
};

const summary = async (params: Params = {}, options?: CallOptions): Promise<DisputeSummary> =>
  disputeSummarySchema.parse(ok(await call('disputeSummary', params, options)));

/** A dispute of a new cleared purchase on the card. */
async function openDispute(card: FundedCard): Promise<Dispute> {
  const a = await authorize(server.baseUrl, card.cardId, { amount: '5.00' });
  const cleared = authorizationSchema.parse(
    ok(await call('simulateClear', { authorizationId: a.authorizationId })),
  );
  return disputeSchema.parse(
    ok(await call('disputeCreate', { transactionId: cleared.transactionId!, reason: 'OTHER' })),
  );
}

/** Moves the dispute's dueBy to now + `interval` (PostgreSQL's), the dispute as read after. */
async function dueIn(disputeId: number, interval: string): Promise<Dispute> {
  await rawRows(
    db.db,
    sql`update wallet.disputes set due_by = now() + ${interval}::interval where id = ${disputeId}`,
  );
  return disputeSchema.parse(ok(await call('disputeDetail', { disputeId })));
}

const ids = (list: Dispute[]) => list.map((d) => d.disputeId);

describe('dispute/summary', () => {
  let card: FundedCard;
  const made: Dispute[] = [];

  it('counts nothing before any dispute', async () => {
    expect(await summary()).toEqual({ open: 0, submitted: 0, dueSoon: 0, dueWithinDays: 7, soonest: [] });
  });

  it('counts exactly as disputes are created, submitted and withdrawn; soonest holds the OPEN ones', async () => {
    card = await fundedCard(server.baseUrl, db, 100_00, 'dsm');
    for (let i = 0; i < 4; i++) made.push(await openDispute(card));
    const [a, b, c, d] = made as [Dispute, Dispute, Dispute, Dispute];
    let now = await summary();
    expect(now).toMatchObject({ open: 4, submitted: 0, dueSoon: 0, dueWithinDays: 7 });
    // Each dueBy is its purchase's clearing + 110 days: the earlier cleared, the sooner due.
    expect(ids(now.soonest)).toEqual([a.disputeId, b.disputeId, c.disputeId, d.disputeId]);
    expect(now.soonest[0]).toEqual(a);

    ok(await call('disputeSubmit', { disputeId: b.disputeId, evidence: 'The receipt' }));
    ok(await call('disputeWithdraw', { disputeId: c.disputeId }));
    now = await summary();
    expect(now).toMatchObject({ open: 2, submitted: 1, dueSoon: 0 });
    expect(ids(now.soonest)).toEqual([a.disputeId, d.disputeId]);

    ok(await call('simulateDisputeOutcome', { disputeId: b.disputeId, outcome: 'LOST' }));
    expect(await summary()).toMatchObject({ open: 2, submitted: 0, dueSoon: 0 });
  });

  it('dueSoon counts the OPEN ones due within the window, past-due ones too; soonest puts them first', async () => {
    const [a, , , d] = made as [Dispute, Dispute, Dispute, Dispute];
    const e = await openDispute(card);
    const inThirty = await dueIn(a.disputeId, '29 days 23 hours');
    const inThree = await dueIn(d.disputeId, '3 days');
    // Past its dueBy and still OPEN: the expiry worker (off here) has not reached it yet.
    const overdue = await dueIn(e.disputeId, '-1 hour');

    const now = await summary();
    expect(now).toEqual({
      open: 3,
      submitted: 0,
      dueSoon: 2,
      dueWithinDays: 7,
      soonest: [overdue, inThree, inThirty],
    });
    expect(await summary({ dueWithinDays: 30 })).toMatchObject({ open: 3, dueSoon: 3, dueWithinDays: 30 });
    expect(await summary({ dueWithinDays: 1 })).toMatchObject({ open: 3, dueSoon: 1, dueWithinDays: 1 });
  });

  it('soonest holds at most 10, the soonest first; the counts hold every one', async () => {
    const more: Dispute[] = [];
    for (let i = 0; i < 9; i++) more.push(await openDispute(card));
    // The last made due first: 1 to 9 hours from now, all before the ones above but the overdue one.
    for (const [i, m] of more.entries()) await dueIn(m.disputeId, `${9 - i} hours`);
    const now = await summary();
    expect(now).toMatchObject({ open: 12, submitted: 0, dueSoon: 11 });
    expect(now.soonest).toHaveLength(10);
    expect(ids(now.soonest).slice(1)).toEqual(ids(more).reverse());
  });

  it("another app's disputes count for that app only", async () => {
    const mine = await summary();
    const [a] = made as [Dispute];
    // A dispute of the second app, due tomorrow (its rows are the test's: the app has no cards here).
    await rawRows(
      db.db,
      sql`insert into wallet.disputes
            (app_id, authorization_id, card_id, user_id, status, reason, amount, due_by)
          select x.id, d.authorization_id, d.card_id, d.user_id, 'OPEN', 'OTHER', 100, now() + interval '1 day'
            from wallet.disputes d, wallet.apps x
           where d.id = ${a.disputeId} and x.app_id = ${OTHER_AGENCY.appId}`,
    );
    expect(await summary()).toEqual(mine);
    const theirs = await summary({}, OTHER_APP);
    expect(theirs).toMatchObject({ open: 1, submitted: 0, dueSoon: 1 });
    expect(theirs.soonest).toHaveLength(1);
  });

  it('1002 for a dueWithinDays out of 1-30', async () => {
    for (const dueWithinDays of [0, 31]) {
      const r = await call('disputeSummary', { dueWithinDays });
      expect(r.body.code).toBe(1002);
      expect(r.body.data).toMatchObject({ field: 'dueWithinDays' });
    }
  });
});
