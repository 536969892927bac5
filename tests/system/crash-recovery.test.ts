// A crash in the middle of a stream of card applications: kill -9 the instance while requests
// are in flight, restart it, and check that the books balance (every ledger sums to its
// balance, every card has exactly one charge and every charge one card), then that retrying
// every requestId completes each exactly once and replays the ones that had completed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres, rawRows, type DatabaseHandle } from '@/lib/db/open';
import { testDb } from '../helpers/wallet-db';
import { startApp, type AppProcess } from '../helpers/app-process';
import { createFreshPgDatabase, type FreshPgDatabase } from '../helpers/pg';
import { callWallet, kycParams } from '../helpers/wallet-call';

const APP = { agencyCode: 'DEMO', appId: 'demo-app', secret: 'crash-secret-0123456789abcdef' };
const TOTAL = 160;
const IN_FLIGHT = 8;

let database: FreshPgDatabase;
let handle: DatabaseHandle;
let app: AppProcess;
let env: Record<string, string>;

beforeAll(async () => {
  database = await createFreshPgDatabase();
  env = {
    DATABASE_URL: database.url,
    WALLET_APP_SECRET: APP.secret,
    AUTH_SECRET: 'crash-auth-secret-0123456789abcdefghij',
    ADMIN_PASSWORD: 'crash-admin-password-1',
  };
  app = await startApp({ env });
  handle = await openPostgres(database.url, 4);
  expect((await callWallet(app.baseUrl, 'registerAndKyc', kycParams('crash-user'), APP)).body.code).toBe(0);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await handle?.close();
  await database?.drop();
});

async function agencyAssetId(): Promise<number> {
  const [row] = await rawRows<{ id: number }>(
    testDb(handle),
    sql`select a.id from wallet.assets a join wallet.apps p on p.id = a.app_id where p.app_id = 'demo-app' and a.user_id is null`,
  );
  return row!.id;
}

async function books() {
  const [row] = await rawRows<{
    unbalanced: number;
    cards: number;
    charges: number;
    uncharged: number;
    orphan_charges: number;
    doubly_charged: number;
  }>(
    testDb(handle),
    sql`select
      (select count(*)::int from wallet.assets a
         where a.balance <> coalesce((select sum(amount) from wallet.ledger_entries l where l.asset_id = a.id), 0)) as unbalanced,
      (select count(*)::int from wallet.cards) as cards,
      (select count(*)::int from wallet.ledger_entries where reason = 'CARD_FEE') as charges,
      (select count(*)::int from wallet.cards c where not exists
         (select 1 from wallet.ledger_entries l where l.card_id = c.id and l.reason = 'CARD_FEE')) as uncharged,
      (select count(*)::int from wallet.ledger_entries l where l.reason = 'CARD_FEE' and
         not exists (select 1 from wallet.cards c where c.id = l.card_id)) as orphan_charges,
      (select count(*)::int from (select card_id from wallet.ledger_entries where reason = 'CARD_FEE'
         group by card_id having count(*) > 1) d) as doubly_charged`,
  );
  return row!;
}

it('kill -9 mid-stream leaves balanced books, and retries complete every request exactly once', async () => {
  const paymentAssetId = await agencyAssetId();
  const params = (i: number) => ({
    appUserId: 'crash-user',
    paymentAssetId,
    categoryId: 1 + (i % 2),
    embossedName: 'JANE DOE',
    requestId: `crash-request-${String(i).padStart(4, '0')}`,
  });

  const answered = new Map<number, string>();
  let next = 0;
  let killed = false;
  const worker = async () => {
    while (next < TOTAL) {
      const i = next++;
      if (i === 60 && !killed) {
        killed = true;
        void app.kill();
      }
      try {
        const result = await callWallet(app.baseUrl, 'agencyApplyUserCard', params(i), APP);
        if (result.body.code === 0) answered.set(i, result.text);
      } catch {
        // The connection died with the process: this request's outcome is unknown.
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  expect(killed).toBe(true);
  expect(answered.size).toBeGreaterThan(0);
  expect(answered.size).toBeLessThan(TOTAL);

  const afterCrash = await books();
  expect(afterCrash).toMatchObject({ unbalanced: 0, uncharged: 0, orphan_charges: 0, doubly_charged: 0 });
  expect(afterCrash.cards).toBe(afterCrash.charges);
  // Answered requests certainly committed; unanswered ones may or may not have.
  expect(afterCrash.cards).toBeGreaterThanOrEqual(answered.size);

  app = await startApp({ env });
  for (let i = 0; i < TOTAL; i++) {
    const retry = await callWallet(app.baseUrl, 'agencyApplyUserCard', params(i), APP);
    expect(retry.body.code, `request ${i}: ${retry.body.msg}`).toBe(0);
    const before = answered.get(i);
    if (before) expect(retry.text).toBe(before);
  }

  const final = await books();
  expect(final).toEqual({
    unbalanced: 0,
    cards: TOTAL,
    charges: TOTAL,
    uncharged: 0,
    orphan_charges: 0,
    doubly_charged: 0,
  });
});
