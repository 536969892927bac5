// Opening and migrating a database of either engine. Kept free of env and server-only so that
// scripts, tests and the benchmark harness can open databases of their own.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as backofficeSchema from '../backoffice/db/schema';
import * as walletSchema from '../wallet/service/db/schema';

const schema = { ...walletSchema, ...backofficeSchema };

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle has the same query surface as the database. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export type DatabaseHandle = {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** Runs fn while holding the cross-instance migration lock (a no-op lock on PGlite). */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The PGlite instance, for tests that clone it. */
  pglite?: PGlite;
};

export const migrationsFolder = path.join(process.cwd(), 'drizzle');

// Any constant works; it only has to be the same in every instance of this app.
const MIGRATION_LOCK_KEY = 724_311_905;

export async function openPglite(
  source: { dataDir?: string; pglite?: PGlite } = {},
): Promise<DatabaseHandle> {
  let client = source.pglite;
  if (!client) {
    const dir = source.dataDir ? path.join(source.dataDir, 'pglite') : undefined;
    if (dir) mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir ? { dataDir: dir } : {});
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  const pgliteClient = client;
  await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  return {
    db,
    engine: 'pglite',
    pglite: pgliteClient,
    withMigrationLock: (fn) => fn(),
    close: () => pgliteClient.close(),
  };
}

export async function openPostgres(databaseUrl: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  const withMigrationLock = async <T>(fn: () => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
  };
  await withMigrationLock(() => migrateNodePg(drizzleNodePg({ client: pool }), { migrationsFolder }));
  return { db, engine: 'postgres', withMigrationLock, close: () => pool.end() };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize)
    : openPglite({ dataDir: options.dataDir });
}

/** Rows of a raw query, whichever driver ran it. */
export async function rawRows<T>(db: Pick<Database, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
