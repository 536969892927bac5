// Hold expiry (docs/card-spending.md "Rules"): an authorization still PENDING
// WALLET_AUTH_EXPIRY_HOURS after its approval is EXPIRED and its hold released. Every instance
// runs this worker (started beside the webhook delivery worker, app.ts); a batch is claimed in
// the database with FOR UPDATE SKIP LOCKED in the transaction that releases it, so each hold is
// released exactly once across instances: a second instance skips the rows the first holds and,
// once it commits, no longer finds them PENDING. A crash rolls the batch back whole, to be taken
// again. The locks are taken in the house order for an authorization's change (authorization,
// then card asset; the card's row is not needed: nothing is inserted that references it).
import { sql } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import { serviceNow } from '../clock';
import type { AuthenticatedApp } from '../context';
import type { WalletDatabase } from '../db';
import { agencies, apps, assets } from '../db/schema';
import type { Logger } from '../http/logger';
import { createBatchWorker, type BatchWorker } from '../batch-worker';
import { AUTHORIZATION_COLUMNS, AUTHORIZATION_FROM, normalizeRow } from './authorization-records';
import { releaseHold } from './reverse-authorization';
import { writeSummaryDeltas, type SummaryDelta } from './summary-totals';

/** Its drain() answers how many holds were released. */
export type HoldExpiryWorker = BatchWorker;

/** A whole batch of expiry: fewer released means nothing more is due. */
const HOLD_BATCH = 100;

/** Releases up to `limit` holds older than `expiryMs`, in one transaction; how many. */
export async function expireDueHolds(options: {
  db: WalletDatabase;
  expiryMs: number;
  limit?: number;
  now?: Date;
}): Promise<number> {
  const { db, expiryMs } = options;
  const limit = options.limit ?? HOLD_BATCH;
  return db.transaction(async (tx) => {
    const now = options.now ?? new Date(serviceNow());
    const due = await rawRows<Record<string, unknown>>(
      tx,
      sql`select ${AUTHORIZATION_COLUMNS}, g.code as agency_code, p.app_id as public_app_id, p.agency_id
            from ${AUTHORIZATION_FROM}
            join ${apps} p on p.id = a.app_id
            join ${agencies} g on g.id = p.agency_id
           where a.status = 'PENDING'
             and a.approved_at <= ${new Date(now.getTime() - expiryMs).toISOString()}::timestamptz
           order by a.approved_at
           limit ${limit}
           for update of a skip locked`,
    );
    // Each card asset once, in id order: two batches never wait on each other in a cycle.
    const assetIds = [...new Set(due.map((r) => Number(r.card_asset_id)))].sort((x, y) => x - y);
    for (const id of assetIds) await tx.execute(sql`select 1 from ${assets} where id = ${id} for update`);
    const summary: SummaryDelta[] = [];
    for (const raw of due) {
      const row = normalizeRow(raw);
      const app: AuthenticatedApp = {
        id: row.app_id,
        appId: String(raw.public_app_id),
        agencyId: Number(raw.agency_id),
        agencyCode: String(raw.agency_code),
      };
      await releaseHold({ db: tx, app, row, amount: row.held, now, endStatus: 'EXPIRED', summary });
    }
    await writeSummaryDeltas(tx, summary);
    return due.length;
  });
}

export function createHoldExpiryWorker(options: {
  db: WalletDatabase;
  logger: Logger;
  expiryMs: number;
  pollMs?: number;
}): HoldExpiryWorker {
  return createBatchWorker({
    logger: options.logger,
    ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
    batchSize: HOLD_BATCH,
    runBatch: () => expireDueHolds({ db: options.db, expiryMs: options.expiryMs }),
    failedMessage: 'hold expiry failed',
    done: { field: 'released', message: 'expired holds released' },
  });
}
