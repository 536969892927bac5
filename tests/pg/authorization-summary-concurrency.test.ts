// authorization/summary's running totals under real concurrency on PostgreSQL
// (docs/card-spending.md "Summary"): 50 authorizations at once, each on a card of its own (so on
// every shard of the day's rows), then 25 of them cleared and 25 reversed at once, give exact
// totals that equal the authorizations summed; no transaction fails on a deadlock.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rawRows } from '@/lib/db/open';
import { authorizationSummarySchema, type Authorization } from '@/lib/wallet/contract/schemas';
import { createFreshPgDatabase } from '../helpers/pg';
import { fundedCard, purchase, type FundedCard } from '../helpers/spending';
import { callWallet } from '../helpers/wallet-call';
import { createPostgresTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

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

const summary = async () => {
  const r = await callWallet(server.baseUrl, 'authorizationSummary', {});
  expect(r.body.code, r.body.msg).toBe(0);
  return authorizationSummarySchema.parse(r.body.data);
};

it('50 simultaneous authorizations on 50 cards, then 50 simultaneous clears and reversals: exact totals', async () => {
  const cards: FundedCard[] = [];
  for (let i = 0; i < 50; i++) cards.push(await fundedCard(server.baseUrl, db, 100_00, 'sumpg'));
  const shards = new Set(cards.map((c) => c.cardId % 8));
  expect(shards.size).toBe(8);

  const authorized = await Promise.all(
    cards.map((card, i) =>
      callWallet<Authorization>(server.baseUrl, 'simulateAuthorize', {
        cardId: card.cardId,
        ...purchase({ amount: `${i + 1}.00` }),
      }),
    ),
  );
  for (const r of authorized) expect(r.body.code, r.body.msg).toBe(0);
  const ids = authorized.map((r) => r.body.data!.authorizationId);
  // 1.00 + 2.00 + … + 50.00 = 1275.00
  expect(await summary()).toMatchObject({
    count: 50,
    approvedCount: 50,
    declinedCount: 0,
    approvalRate: 1,
    amounts: [
      { currency: 'USD', approvedAmount: 1275, heldAmount: 1275, clearedAmount: 0, refundedAmount: 0 },
    ],
  });

  // Even ones cleared (i + 1 for the i-th), odd ones reversed, all at once.
  const moved = await Promise.all(
    ids.map((authorizationId, i) =>
      callWallet(server.baseUrl, i % 2 === 0 ? 'simulateClear' : 'simulateReverse', { authorizationId }),
    ),
  );
  for (const r of moved) expect(r.body.code, r.body.msg).toBe(0);
  // Cleared: 1 + 3 + … + 49 = 625; reversed: 2 + 4 + … + 50 = 650.
  const after = await summary();
  expect(after).toMatchObject({
    count: 50,
    approvedCount: 50,
    amounts: [
      { currency: 'USD', approvedAmount: 1275, heldAmount: 0, clearedAmount: 625, refundedAmount: 0 },
    ],
  });

  const scanned = await rawRows<{ status: string; n: number; amount: string }>(
    db.db,
    sql`select status, count(*)::int as n, sum(amount)::text as amount from wallet.authorizations group by status order by status`,
  );
  const totals = await rawRows<{ status: string; n: number; amount: string }>(
    db.db,
    sql`select status, sum(count)::int as n, sum(amount)::text as amount from wallet.authorization_day_totals
         group by status having sum(count) <> 0 order by status`,
  );
  expect(totals).toEqual(scanned);
  expect(scanned).toEqual([
    { status: 'CLEARED', n: 25, amount: '62500' },
    { status: 'REVERSED', n: 25, amount: '65000' },
  ]);
});
