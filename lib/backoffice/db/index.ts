// The back-office's Drizzle handle: schema `backoffice` only (staff, sign-in throttle, audit).
// Everything it knows of users, cards and assets comes from the wallet API, never from here.
import 'server-only';
import { getDatabase, type DatabaseHandle } from '@/lib/db/client';
import type { SchemaDatabase, SchemaExecutor } from '@/lib/db/open';
import * as schema from './schema';

export type BackofficeDatabase = SchemaDatabase<typeof schema>;
export type BackofficeExecutor = SchemaExecutor<typeof schema>;

export function backofficeDb(handle: DatabaseHandle): BackofficeDatabase {
  return handle.bind(schema);
}

export async function getDb(): Promise<BackofficeDatabase> {
  return backofficeDb(await getDatabase());
}
