// Events are kept 30 days (docs/wallet-api.md "Events and webhooks", via issue 14), then deleted
// with their deliveries (ON DELETE CASCADE), in batches so that no one statement holds many locks
// or runs long.
import { sql } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import type { WalletDatabase } from '../db';
import { events } from '../db/schema';

export const EVENT_RETENTION_DAYS = 30;
const BATCH = 5_000;

/** Deletes the events older than the retention; returns how many went. */
export async function pruneEvents(db: WalletDatabase, retentionDays = EVENT_RETENTION_DAYS): Promise<number> {
  let pruned = 0;
  for (;;) {
    const rows = await rawRows<{ id: number }>(
      db,
      sql`delete from ${events} where id in (
            select id from ${events}
             where created_at < now() - ${retentionDays} * interval '1 day'
             order by id limit ${BATCH})
          returning id`,
    );
    pruned += rows.length;
    if (rows.length < BATCH) return pruned;
  }
}
