// The process's one database engine: embedded PGlite under the data directory when DATABASE_URL
// is unset, PostgreSQL otherwise. Opened (and migrated) lazily, once per process, never at
// import time (`next build` evaluates server modules). The singleton lives on globalThis because
// `npm start` loads this module twice in one process (once in the server, once in Next's bundle
// of the back-office), and two PGlite instances on one directory silently lose writes.
// Provisioning is not done here: the server that starts the process calls each part's own.
import { dataDir, env } from '@/lib/env';
import { openDatabase, type DatabaseHandle } from './open';

export type { DatabaseHandle } from './open';

const store = globalThis as typeof globalThis & { __cardWalletEngine?: Promise<DatabaseHandle> };

/** The process-wide database, migrated on first use. */
export async function getDatabase(): Promise<DatabaseHandle> {
  store.__cardWalletEngine ??= openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir,
    poolSize: env.DATABASE_POOL_SIZE,
  }).catch((error: unknown) => {
    store.__cardWalletEngine = undefined;
    throw error;
  });
  return store.__cardWalletEngine;
}

/** Tests and scripts install a database of their own (e.g. a cloned in-memory PGlite). */
export function setDatabase(handle: DatabaseHandle | undefined): void {
  store.__cardWalletEngine = handle ? Promise.resolve(handle) : undefined;
}
