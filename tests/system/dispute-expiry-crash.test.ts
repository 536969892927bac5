// Dispute expiry across a kill -9 (docs/disputes.md "How it is built"): two wallet service
// processes on one PostgreSQL database, dueBy scaled down (WALLET_DISPUTE_DUE_DAYS=0.00025, 21.6 s
// after the clearing; WALLET_DISPUTE_EXPIRY_POLL_MS=100). 40 OPEN disputes fall due while the test
// holds the app's row FOR UPDATE: the batch that claimed them stops in its transaction when its
// first dispute.expired event checks its app (the event's foreign key), holding them; the instance
// running it is killed with SIGKILL there (each instance's connections carry its own
// application_name, PGAPPNAME, which says whose batch it is). Once the lock is let go, the dead
// instance's batch is rolled back whole and the other instance expires the disputes; the killed
// one is restarted, and one more dispute falls due and is expired after it. Every dispute is then
// EXPIRED exactly once: one dispute.expired event each.
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres, rawRows, type DatabaseHandle } from '@/lib/db/open';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import type { Authorization, Dispute } from '@/lib/wallet/contract/schemas';
import { walletDb } from '@/lib/wallet/service/db';
import { createFreshPgDatabase, type FreshPgDatabase } from '../helpers/pg';
import { callWallet, kycParams, type CallOptions } from '../helpers/wallet-call';
import { startWalletProcess, type WalletProcess } from '../helpers/wallet-process';

const APP: CallOptions = {
  agencyCode: 'DSPK',
  appId: 'dispute-kill-app',
  secret: 'dispute-kill-secret-0123456789',
};
const NAMES = ['dispute-a', 'dispute-b'] as const;
type Name = (typeof NAMES)[number];

let database: FreshPgDatabase;
let dbName = '';
let handle: DatabaseHandle;
const instances = new Map<Name, WalletProcess>();

const envOf = (name: Name) => ({
  DATABASE_URL: database.url,
  WALLET_AGENCY_CODE: APP.agencyCode!,
  WALLET_APP_ID: APP.appId!,
  WALLET_APP_SECRET: APP.secret!,
  WALLET_DISPUTE_DUE_DAYS: '0.00025',
  WALLET_DISPUTE_EXPIRY_POLL_MS: '100',
  PGAPPNAME: name,
});

beforeAll(async () => {
  database = await createFreshPgDatabase();
  dbName = new URL(database.url).pathname.slice(1);
  // One first (it migrates and provisions), then the other.
  instances.set('dispute-a', await startWalletProcess(envOf('dispute-a')));
  instances.set('dispute-b', await startWalletProcess(envOf('dispute-b')));
  handle = await openPostgres(database.url, 4);
}, 180_000);

afterAll(async () => {
  await Promise.all([...instances.values()].map((p) => p.kill()));
  await handle?.close();
  await database?.drop();
});

const db = () => walletDb(handle);
const url = (name: Name) => instances.get(name)!.baseUrl;

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A user's funded card and a purchase of 100.00 cleared on it: its transactionId. */
async function clearedPurchase(appUserId: string): Promise<number> {
  expect((await callWallet(url('dispute-a'), 'registerAndKyc', kycParams(appUserId), APP)).body.code).toBe(0);
  const [agency] = await rawRows<{ id: number }>(
    db(),
    sql`select a.id from wallet.assets a join wallet.apps p on p.id = a.app_id
         where p.app_id = ${APP.appId!} and a.user_id is null`,
  );
  const applied = await callWallet<{ cardId: number }>(
    url('dispute-b'),
    'agencyApplyUserCard',
    { appUserId, paymentAssetId: agency!.id, categoryId: 1, embossedName: 'JANE DOE' },
    APP,
  );
  expect(applied.body.code, applied.body.msg).toBe(0);
  const cardId = applied.body.data!.cardId;
  const [card] = await rawRows<{ card_asset_id: number }>(
    db(),
    sql`select card_asset_id from wallet.cards where id = ${cardId}`,
  );
  await creditAsset({ db: db(), assetId: card!.card_asset_id, amountMinor: 1_000_00 });
  const bought = await callWallet<Authorization>(
    url('dispute-a'),
    'simulateAuthorize',
    { cardId, amount: '100.00', merchantName: 'Corner Cafe', mcc: '5812', merchantCountry: 'US' },
    APP,
  );
  const cleared = await callWallet<Authorization>(
    url('dispute-b'),
    'simulateClear',
    { authorizationId: bought.body.data!.authorizationId },
    APP,
  );
  expect(cleared.body.code, cleared.body.msg).toBe(0);
  return cleared.body.data!.transactionId!;
}

const dispute = (name: Name, transactionId: number) =>
  callWallet<Dispute>(url(name), 'disputeCreate', { transactionId, reason: 'OTHER', amount: '2.00' }, APP);

const open = async () =>
  (
    await rawRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from wallet.disputes where status = 'OPEN'`,
    )
  )[0]!.n;

async function expiredEvents(): Promise<{ n: number; distinct: number }> {
  const [row] = await rawRows<{ n: number; distinct: number }>(
    db(),
    sql`select count(*)::int as n,
               count(distinct (body::json -> 'data' ->> 'disputeId'))::int as distinct
          from wallet.events where type = 'dispute.expired'`,
  );
  return row!;
}

it('kill -9 of the instance whose batch holds due disputes: each is expired exactly once', async () => {
  const transactionId = await clearedPurchase('dispute-x');
  const made = await Promise.all(Array.from({ length: 40 }, (_, i) => dispute(NAMES[i % 2]!, transactionId)));
  expect(made.map((r) => r.body.data?.status)).toEqual(Array(40).fill('OPEN'));

  // The app's row held by the test: the batch that claims the due disputes stops on it.
  const holder = new Client({ connectionString: database.url });
  await holder.connect();
  let victim: Name;
  try {
    await holder.query('begin');
    await holder.query('select 1 from wallet.apps where app_id = $1 for update', [APP.appId]);
    // Still before dueBy: nothing expired yet (else this run proves nothing).
    expect(await open()).toBe(40);

    // An instance's batch has claimed due disputes and waits for the lock, in its transaction.
    victim = await until('an expiry batch waiting on the held app', async () => {
      const rows = await rawRows<{ name: Name }>(
        db(),
        sql`select application_name as name from pg_stat_activity
             where datname = ${dbName} and wait_event_type = 'Lock'
               and application_name in ('dispute-a', 'dispute-b') and xact_start is not null
             order by application_name`,
      );
      return rows[0]?.name;
    });
    await instances.get(victim)!.kill();
    instances.delete(victim);
    // Killed, and its batch is still open in the database: no dispute is expired.
    expect(await expiredEvents()).toEqual({ n: 0, distinct: 0 });
  } finally {
    await holder.query('rollback').catch(() => undefined);
    await holder.end();
  }

  // The dead instance's batch rolls back whole; the other instance expires every dispute.
  await until('every dispute expired', async () => ((await open()) === 0 ? true : undefined));

  // The killed instance back, and one more dispute due (its dueBy is long past) after its restart.
  instances.set(victim, await startWalletProcess(envOf(victim)));
  const later = await dispute(victim, transactionId);
  expect(later.body.data?.status).toBe('OPEN');
  await until('the dispute made after the restart expired', async () =>
    (await open()) === 0 ? true : undefined,
  );

  expect(await expiredEvents()).toEqual({ n: 41, distinct: 41 });
  const statuses = await rawRows<{ status: string; n: number }>(
    db(),
    sql`select status, count(*)::int as n from wallet.disputes group by 1`,
  );
  expect(statuses).toEqual([{ status: 'EXPIRED', n: 41 }]);
});
