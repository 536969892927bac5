// Test databases: an in-memory PGlite, migrated once per test file and cloned for each
// database a test asks for, provisioned with the fixed test agencies below. A file whose every
// test wants an empty database asks for `resetTestDatabase()` instead: one clone per file,
// emptied between tests (a clone costs ~400 ms of WASM work, emptying it ~20 ms). Before either
// is closed or emptied, what the service wrote is searched for whole card numbers
// (card-number-leaks.ts).
import { PGlite } from '@electric-sql/pglite';
import { openPglite, openPostgres, type DatabaseHandle, type SchemaDatabase } from '@/lib/db/open';
import * as backofficeSchema from '@/lib/backoffice/db/schema';
import * as walletSchema from '@/lib/wallet/service/db/schema';
import { setDatabase } from '@/lib/db/client';
import { backofficeDb, type BackofficeDatabase } from '@/lib/backoffice/db';
import { walletDb, type WalletDatabase } from '@/lib/wallet/service/db';
import { provision } from '@/lib/wallet/service/provision';
import { assertNoLeaks, wholeCardNumberLeaks } from './card-number-leaks';

export const TEST_AGENCY = { agencyCode: 'AG001', appId: 'app-1', appSecret: 'test-secret' } as const;
/** A second agency, to prove that one app cannot act under another agency. */
export const OTHER_AGENCY = { agencyCode: 'AG002', appId: 'app-2', appSecret: 'other-secret-value' } as const;

let template: Promise<PGlite> | undefined;

async function migratedTemplate(): Promise<PGlite> {
  template ??= (async () => {
    const pglite = await PGlite.create();
    await openPglite({ pglite });
    return pglite;
  })();
  return template;
}

export type TestDatabase = DatabaseHandle & {
  /** The wallet service's schema. */
  db: WalletDatabase;
  /** The back-office's schema. */
  backoffice: BackofficeDatabase;
  agencyAssetId: number;
  otherAgencyAssetId: number;
};

async function provisionTestAgencies(handle: DatabaseHandle): Promise<TestDatabase> {
  const db = walletDb(handle);
  const main = await provision(db, TEST_AGENCY);
  const other = await provision(db, OTHER_AGENCY);
  return Object.assign(handle, {
    db,
    backoffice: backofficeDb(handle),
    agencyAssetId: main.agencyAssetId,
    otherAgencyAssetId: other.agencyAssetId,
  });
}

/** A fresh, provisioned in-memory database, installed as the process's database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const pglite = (await (await migratedTemplate()).clone()) as PGlite;
  const handle = await provisionTestAgencies(await openPglite({ pglite }));
  const close = handle.close.bind(handle);
  handle.close = async () => {
    const leaks = await wholeCardNumberLeaks(pgliteQuery(pglite));
    await close();
    assertNoLeaks(leaks);
  };
  setDatabase(handle);
  return handle;
}

const pgliteQuery =
  (pglite: PGlite) =>
  async <T>(text: string, values?: unknown[]) =>
    (await pglite.query<T>(text, values)).rows;

type Reusable = { pglite: Promise<PGlite>; shape?: string };
let reusable: Reusable | undefined;

// What a test may add beside rows (a trigger that refuses audit rows, a function, a table): any
// change to it and the file's database is cloned anew rather than emptied.
const SHAPE = `SELECT
  (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname IN ('wallet', 'backoffice')) || '/' ||
  (SELECT count(*) FROM pg_trigger WHERE NOT tgisinternal) || '/' ||
  (SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname IN ('wallet', 'backoffice', 'public')) AS shape`;

async function shapeOf(pglite: PGlite): Promise<string> {
  const { rows } = await pglite.query<{ shape: string }>(SHAPE);
  return rows[0]!.shape;
}

/**
 * The file's one database, emptied and provisioned again: what `createTestDatabase()` gives,
 * without a new PGlite. Every table of both schemas is truncated with its identities restarted,
 * so ids start at 1 as in a fresh clone; if a test changed more than rows (SHAPE), a new clone.
 * A handle from an earlier call must not be used after the next one.
 */
export async function resetTestDatabase(): Promise<TestDatabase> {
  if (reusable?.shape !== undefined && (await shapeOf(await reusable.pglite)) !== reusable.shape) {
    reusable = undefined;
  }
  if (!reusable) {
    const entry: Reusable = {
      pglite: migratedTemplate().then(async (t) => (await t.clone()) as PGlite),
    };
    reusable = entry;
    entry.shape = await shapeOf(await entry.pglite);
  }
  const pglite = await reusable.pglite;
  assertNoLeaks(await wholeCardNumberLeaks(pgliteQuery(pglite)));
  const { rows } = await pglite.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
      WHERE schemaname IN ('wallet', 'backoffice') ORDER BY 1`,
  );
  await pglite.exec(`TRUNCATE ${rows.map((r) => r.name).join(', ')} RESTART IDENTITY CASCADE`);
  const handle = await provisionTestAgencies(await openPglite({ pglite }));
  setDatabase(handle);
  return handle;
}

/**
 * The same on PostgreSQL (an empty database per test file), installed as the process's database;
 * searched for whole card numbers when closed, as the in-memory ones are (card-number-leaks.ts).
 */
export async function createPostgresTestDatabase(url: string, poolSize = 60): Promise<TestDatabase> {
  const handle = await provisionTestAgencies(await openPostgres(url, poolSize));
  const close = handle.close.bind(handle);
  handle.close = async () => {
    const leaks = await wholeCardNumberLeaks((text, values) => handle.query(text, values));
    await close();
    assertNoLeaks(leaks);
  };
  setDatabase(handle);
  return handle;
}

// Tests look at both parts' rows (a system test checks the audit log and the ledger of one
// action), so they get one Drizzle handle over both schemas; the app itself never does.
const bothSchemas = { ...walletSchema, ...backofficeSchema };
export type AnyDatabase = SchemaDatabase<typeof bothSchemas>;

/** Drizzle over both parts' schemas, for assertions and seeding in tests. */
export function testDb(handle: DatabaseHandle): AnyDatabase {
  return handle.bind(bothSchemas);
}
