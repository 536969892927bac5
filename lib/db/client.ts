// The database handle: embedded PGlite under the data directory when DATABASE_URL is unset,
// PostgreSQL otherwise. Opened lazily, once per process (a globalThis singleton survives module
// re-evaluation), never at import time: `next build` evaluates server modules.
import 'server-only';
import { openDatabase, type DatabaseHandle } from './open';
import { dataDir, env } from '@/lib/env';
import { provisionFromEnv } from '@/lib/wallet/service/provision';

export type { Database, DatabaseHandle, Executor } from './open';

const store = globalThis as typeof globalThis & { __cardWalletDb?: Promise<DatabaseHandle> };

async function openConfigured(): Promise<DatabaseHandle> {
  const handle = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  await handle.withMigrationLock(() => provisionFromEnv(handle.db));
  return handle;
}

/** The process-wide database, migrated and provisioned on first use. */
export async function getDatabase(): Promise<DatabaseHandle> {
  store.__cardWalletDb ??= openConfigured().catch((error: unknown) => {
    store.__cardWalletDb = undefined;
    throw error;
  });
  return store.__cardWalletDb;
}

export async function getDb() {
  return (await getDatabase()).db;
}

/** Tests and scripts install a database of their own (e.g. a cloned in-memory PGlite). */
export function setDatabase(handle: DatabaseHandle | undefined): void {
  store.__cardWalletDb = handle ? Promise.resolve(handle) : undefined;
}
