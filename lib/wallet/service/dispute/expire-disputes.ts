// Dispute expiry (docs/disputes.md "Statuses"): an OPEN dispute past its dueBy is EXPIRED. Every
// instance runs this worker (started beside the hold expiry worker, app.ts); a batch is claimed
// in the database with FOR UPDATE SKIP LOCKED in the one statement that expires it, so each
// dispute expires exactly once across instances: a second instance skips the rows the first
// holds and, once it commits, no longer finds them OPEN. A submit or withdraw racing it waits
// for the row and then finds it EXPIRED (4019). A crash rolls the batch back whole, to be taken
// again; its events (dispute.expired) are written in the same transaction.
import { sql } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import type { AuthenticatedApp } from '../context';
import type { WalletDatabase } from '../db';
import { agencies, apps } from '../db/schema';
import { spendRows } from '../spending/spend-statements';
import { DISPUTE_EXPIRE, DISPUTE_READ_MANY } from './dispute-statements';
import type { Logger } from '../http/logger';
import { createBatchWorker, type BatchWorker } from '../batch-worker';
import { recordEvent } from '../event/record-event';
import { normalizeDisputeRow, toDispute } from './dispute-records';

/** Its drain() answers how many disputes were expired. */
export type DisputeExpiryWorker = BatchWorker;

const BATCH = 100;

/** Expires up to `limit` OPEN disputes past dueBy, in one transaction; how many. */
export async function expireDueDisputes(options: {
  db: WalletDatabase;
  limit?: number;
  now?: Date;
}): Promise<number> {
  const limit = options.limit ?? BATCH;
  return options.db.transaction(async (tx) => {
    const now = options.now ?? new Date();
    const at = now.toISOString();
    const claimed = await spendRows<{ id: string | number }>(tx, undefined, DISPUTE_EXPIRE, [at, limit]);
    if (claimed.length === 0) return 0;
    const ids = claimed.map((r) => Number(r.id));
    const rows = (
      await spendRows<Record<string, unknown>>(tx, undefined, DISPUTE_READ_MANY, [`{${ids.join(',')}}`])
    ).map(normalizeDisputeRow);
    const owners = await rawRows<{ id: number; app_id: string; agency_id: number; code: string }>(
      tx,
      sql`select p.id, p.app_id, p.agency_id, g.code from ${apps} p join ${agencies} g on g.id = p.agency_id
           where p.id in ${[...new Set(rows.map((r) => r.app_id))]}`,
    );
    const appOf = new Map<number, AuthenticatedApp>(
      owners.map((o) => [
        o.id,
        { id: o.id, appId: String(o.app_id), agencyId: Number(o.agency_id), agencyCode: o.code },
      ]),
    );
    for (const row of rows) {
      await recordEvent({
        db: tx,
        app: appOf.get(row.app_id)!,
        type: 'dispute.expired',
        data: toDispute(row),
        now,
      });
    }
    return rows.length;
  });
}

export function createDisputeExpiryWorker(options: {
  db: WalletDatabase;
  logger: Logger;
  pollMs?: number;
}): DisputeExpiryWorker {
  return createBatchWorker({
    logger: options.logger,
    ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
    batchSize: BATCH,
    runBatch: () => expireDueDisputes({ db: options.db }),
    failedMessage: 'dispute expiry failed',
    done: { field: 'expired', message: 'disputes past dueBy expired' },
  });
}
