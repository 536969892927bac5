// The wallet service's Drizzle handle: schema `wallet` only, bound to the process's engine.
import { getDatabase, type DatabaseHandle } from '@/lib/db/client';
import type { SchemaDatabase, SchemaExecutor } from '@/lib/db/open';
import * as schema from './schema';

export type WalletDatabase = SchemaDatabase<typeof schema>;
export type Executor = SchemaExecutor<typeof schema>;

export function walletDb(handle: DatabaseHandle): WalletDatabase {
  return handle.bind(schema);
}

export async function getWalletDb(): Promise<WalletDatabase> {
  return walletDb(await getDatabase());
}
