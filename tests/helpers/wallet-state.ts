// A snapshot of the whole wallet state, for tests that must prove a refused call changed nothing:
// the row count of every table that holds wallet data, every asset's balance, every app's user
// counter, every user's default address, and an md5 of every row of every wallet table.
// `used_nonces` is left out on purpose: a signed call records its nonce before any business
// logic runs, whatever its outcome (docs/wallet-api.md "Signature").
// `ledgerSumsToBalances` checks the money invariant: each asset's ledger adds up to its balance.
import { asc, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { WalletDatabase as Database } from '@/lib/wallet/service/db';
import { rawRows } from '@/lib/db/open';
import {
  addresses,
  agencies,
  apps,
  assets,
  cardCategories,
  cards,
  idempotencyKeys,
  ledgerEntries,
  users,
} from '@/lib/wallet/service/db/schema';

export type WalletState = {
  counts: {
    agencies: number;
    apps: number;
    users: number;
    assets: number;
    cardCategories: number;
    addresses: number;
    defaultAddresses: number;
    cards: number;
    ledgerEntries: number;
    idempotencyKeys: number;
  };
  /** assetId -> balance in minor units. */
  balances: Record<number, number>;
  /** app key -> users counted by the app's counter. */
  userCounts: Record<number, number>;
  /** address ids that are a default, ascending. */
  defaultAddressIds: number[];
  /** Sum of every ledger amount, minor units. */
  ledgerTotal: number;
  /** table -> md5 of all its rows, so that a change to any stored value shows, not only counts. */
  digests: Record<string, string>;
};

/** The wallet tables whose full content is fingerprinted (not used_nonces: see above). */
const DIGESTED = [
  'agencies',
  'apps',
  'users',
  'assets',
  'card_categories',
  'addresses',
  'cards',
  'ledger_entries',
  'idempotency_keys',
  'card_status_history',
  'transfers',
  'deposit_seeds',
  'deposit_addresses',
  'deposits',
  'kyt_rules',
  'deposit_velocity',
  'deposit_users',
  'disputes',
] as const;

async function count(db: Database, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(row?.n ?? 0);
}

/** Everything a wallet operation could change, as a plain object (compare with toEqual). */
export async function walletState(db: Database): Promise<WalletState> {
  const balances: Record<number, number> = {};
  for (const row of await db
    .select({ id: assets.id, balance: assets.balance })
    .from(assets)
    .orderBy(asc(assets.id))) {
    balances[row.id] = Number(row.balance);
  }
  const userCounts: Record<number, number> = {};
  for (const row of await db.select({ id: apps.id, n: apps.userCount }).from(apps).orderBy(asc(apps.id))) {
    userCounts[row.id] = row.n;
  }
  const defaults = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(eq(addresses.isDefault, true))
    .orderBy(asc(addresses.id));
  const [ledger] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries);

  const digests: Record<string, string> = {};
  for (const table of DIGESTED) {
    const rows = await rawRows<{ digest: string }>(
      db,
      sql.raw(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from wallet.${table} t`,
      ),
    );
    digests[table] = rows[0]?.digest ?? '';
  }

  return {
    counts: {
      agencies: await count(db, agencies),
      apps: await count(db, apps),
      users: await count(db, users),
      assets: await count(db, assets),
      cardCategories: await count(db, cardCategories),
      addresses: await count(db, addresses),
      defaultAddresses: defaults.length,
      cards: await count(db, cards),
      ledgerEntries: await count(db, ledgerEntries),
      idempotencyKeys: await count(db, idempotencyKeys),
    },
    balances,
    userCounts,
    defaultAddressIds: defaults.map((d) => d.id),
    ledgerTotal: Number(ledger?.total ?? 0),
    digests,
  };
}

export type LedgerMismatch = { assetId: number; balance: number; ledgerSum: number };

/** Assets whose balance differs from the sum of their ledger entries (none when all is well). */
export async function ledgerMismatches(db: Database): Promise<LedgerMismatch[]> {
  const rows = await db
    .select({
      assetId: assets.id,
      balance: assets.balance,
      ledgerSum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text`,
    })
    .from(assets)
    .leftJoin(ledgerEntries, eq(ledgerEntries.assetId, assets.id))
    .groupBy(assets.id, assets.balance)
    .orderBy(asc(assets.id));
  return rows
    .map((r) => ({ assetId: r.assetId, balance: Number(r.balance), ledgerSum: Number(r.ledgerSum) }))
    .filter((r) => r.balance !== r.ledgerSum);
}

/** True when every asset's ledger entries add up to its balance. */
export async function ledgerSumsToBalances(db: Database): Promise<boolean> {
  return (await ledgerMismatches(db)).length === 0;
}

/**
 * `walletState` without its cost when nothing was written. A statement-level trigger on every
 * table `walletState` reads bumps one counter (rolled back with its statement, like the write), so
 * an unchanged counter proves no statement wrote there and the last snapshot still holds; any
 * write, even one that changes no value, takes a full snapshot again. The property tests call
 * this after each of thousands of calls: a full snapshot digests every row, so its cost grew
 * with the tables (63 ms a call by the end of hostile-input's run, 2 minutes in all).
 */
export async function trackWalletState(db: Database): Promise<{ current(): Promise<WalletState> }> {
  const statements = [
    'CREATE TABLE IF NOT EXISTS public.test_wallet_writes (n bigint NOT NULL)',
    'INSERT INTO public.test_wallet_writes SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM public.test_wallet_writes)',
    `CREATE OR REPLACE FUNCTION public.test_count_wallet_write() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN UPDATE public.test_wallet_writes SET n = n + 1; RETURN NULL; END $$`,
    ...DIGESTED.map(
      (table) => `CREATE OR REPLACE TRIGGER test_count_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
        ON wallet.${table} FOR EACH STATEMENT EXECUTE FUNCTION public.test_count_wallet_write()`,
    ),
  ];
  for (const statement of statements) await rawRows(db, sql.raw(statement));
  const writes = async () =>
    (await rawRows<{ n: string }>(db, sql.raw('SELECT n::text AS n FROM public.test_wallet_writes')))[0]!.n;
  let seen = await writes();
  let snapshot = await walletState(db);
  return {
    async current() {
      const now = await writes();
      if (now !== seen) {
        // A write landing between the counter and the snapshot only costs one more snapshot.
        snapshot = await walletState(db);
        seen = now;
      }
      return snapshot;
    },
  };
}
