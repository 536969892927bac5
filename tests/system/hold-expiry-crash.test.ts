// Hold expiry across a kill -9 (docs/card-spending.md "How it is built", "Expiry"): two wallet
// service processes on one PostgreSQL database, the expiry window scaled down
// (WALLET_AUTH_EXPIRY_HOURS=0.003, 10.8 s; WALLET_AUTH_EXPIRY_POLL_MS=100). 80 holds on two cards
// fall due while the test holds one card asset's row lock, so the batch that claimed them stops in
// its transaction, holding them; the instance running it is killed with SIGKILL there (each
// instance's connections carry its own application_name, PGAPPNAME, which says whose batch it is).
// Once the lock is let go, the dead instance's batch is rolled back whole and the other instance
// releases the holds; the killed one is restarted, and one more hold falls due and is released
// after it. Every hold is then EXPIRED exactly once: one authorization.expired event each, the
// cards' available back to their balance, card_spend_totals back to 0, the ledger untouched.
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres, rawRows, type DatabaseHandle } from '@/lib/db/open';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import type { Authorization } from '@/lib/wallet/contract/schemas';
import { walletDb } from '@/lib/wallet/service/db';
import { createFreshPgDatabase, type FreshPgDatabase } from '../helpers/pg';
import { callWallet, kycParams, type CallOptions } from '../helpers/wallet-call';
import { startWalletProcess, type WalletProcess } from '../helpers/wallet-process';
import { ledgerSumsToBalances } from '../helpers/wallet-state';

const APP: CallOptions = {
  agencyCode: 'EXPK',
  appId: 'expiry-kill-app',
  secret: 'expiry-kill-secret-0123456789',
};
const NAMES = ['expiry-a', 'expiry-b'] as const;
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
  WALLET_AUTH_EXPIRY_HOURS: '0.003',
  WALLET_AUTH_EXPIRY_POLL_MS: '100',
  PGAPPNAME: name,
});

beforeAll(async () => {
  database = await createFreshPgDatabase();
  dbName = new URL(database.url).pathname.slice(1);
  // One first (it migrates and provisions), then the other.
  instances.set('expiry-a', await startWalletProcess(envOf('expiry-a')));
  instances.set('expiry-b', await startWalletProcess(envOf('expiry-b')));
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

type Card = { cardId: number; cardAssetId: number };

async function fundedCard(appUserId: string): Promise<Card> {
  expect((await callWallet(url('expiry-a'), 'registerAndKyc', kycParams(appUserId), APP)).body.code).toBe(0);
  const [agency] = await rawRows<{ id: number }>(
    db(),
    sql`select a.id from wallet.assets a join wallet.apps p on p.id = a.app_id
         where p.app_id = ${APP.appId!} and a.user_id is null`,
  );
  const applied = await callWallet<{ cardId: number }>(
    url('expiry-b'),
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
  return { cardId, cardAssetId: card!.card_asset_id };
}

const authorize = (name: Name, card: Card) =>
  callWallet<Authorization>(
    url(name),
    'simulateAuthorize',
    { cardId: card.cardId, amount: '2.50', merchantName: 'Corner Cafe', mcc: '5812', merchantCountry: 'US' },
    APP,
  );

async function expiredEvents(card: Card): Promise<{ n: number; distinct: number }> {
  const [row] = await rawRows<{ n: number; distinct: number }>(
    db(),
    sql`select count(*)::int as n,
               count(distinct (body::json -> 'data' ->> 'authorizationId'))::int as distinct
          from wallet.events where type = 'authorization.expired'
           and (body::json -> 'data' ->> 'cardId')::int = ${card.cardId}`,
  );
  return row!;
}

const pending = async (cards: Card[]) =>
  (
    await rawRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from wallet.authorizations
           where status = 'PENDING' and card_id in (${sql.join(
             cards.map((c) => sql`${c.cardId}`),
             sql`, `,
           )})`,
    )
  )[0]!.n;

it('kill -9 of the instance whose batch holds due holds: each is released exactly once', async () => {
  const x = await fundedCard('expiry-x');
  const y = await fundedCard('expiry-y');
  const made = await Promise.all(
    Array.from({ length: 80 }, (_, i) => authorize(NAMES[i % 2]!, i < 40 ? x : y)),
  );
  expect(made.map((r) => r.body.data?.status)).toEqual(Array(80).fill('PENDING'));

  // The card asset of x held by the test: the batch that claims the due holds stops on it.
  const holder = new Client({ connectionString: database.url });
  await holder.connect();
  let victim: Name;
  try {
    await holder.query('begin');
    await holder.query('select 1 from wallet.assets where id = $1 for update', [x.cardAssetId]);
    // Still before the window's end: nothing released yet (else this run proves nothing).
    expect(await pending([x, y])).toBe(80);

    // An instance's batch has claimed due holds and waits for the lock, in its transaction.
    victim = await until('an expiry batch waiting on the held card asset', async () => {
      const rows = await rawRows<{ name: Name }>(
        db(),
        sql`select application_name as name from pg_stat_activity
             where datname = ${dbName} and wait_event_type = 'Lock'
               and application_name in ('expiry-a', 'expiry-b') and xact_start is not null
             order by application_name`,
      );
      return rows[0]?.name;
    });
    await instances.get(victim)!.kill();
    instances.delete(victim);
    // Killed, and its batch is still open in the database: none of x's holds is released.
    expect(await expiredEvents(x)).toEqual({ n: 0, distinct: 0 });
  } finally {
    await holder.query('rollback').catch(() => undefined);
    await holder.end();
  }

  // The dead instance's batch rolls back whole; the other instance releases every hold.
  await until('every hold released', async () => ((await pending([x, y])) === 0 ? true : undefined));

  // The killed instance back, and one more hold due after its restart.
  instances.set(victim, await startWalletProcess(envOf(victim)));
  const later = await authorize(victim, y);
  expect(later.body.data?.status).toBe('PENDING');
  await until('the hold made after the restart released', async () =>
    (await pending([y])) === 0 ? true : undefined,
  );

  expect(await expiredEvents(x)).toEqual({ n: 40, distinct: 40 });
  expect(await expiredEvents(y)).toEqual({ n: 41, distinct: 41 });
  const statuses = await rawRows<{ status: string; held: number; n: number }>(
    db(),
    sql`select status, held::int as held, count(*)::int as n from wallet.authorizations
         where card_id in (${x.cardId}, ${y.cardId}) group by 1, 2`,
  );
  expect(statuses).toEqual([{ status: 'EXPIRED', held: 0, n: 81 }]);
  const money = await rawRows<{ balance: number; held: number }>(
    db(),
    sql`select balance::int as balance, held::int as held from wallet.assets
         where id in (${x.cardAssetId}, ${y.cardAssetId}) order by id`,
  );
  expect(money).toEqual([
    { balance: 1_000_00, held: 0 },
    { balance: 1_000_00, held: 0 },
  ]);
  const totals = await rawRows<{ amount: number }>(
    db(),
    sql`select amount::int as amount from wallet.card_spend_totals where card_id in (${x.cardId}, ${y.cardId})`,
  );
  expect(totals).toHaveLength(6);
  expect(totals.every((t) => t.amount === 0)).toBe(true);
  expect(await ledgerSumsToBalances(db())).toBe(true);
});
