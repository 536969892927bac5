// A delivery row as the contract shows it (event/list, event/redeliver), and the event's
// not-found error (4013).
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { Delivery } from '@/lib/wallet/contract/schemas';
import type { eventDeliveries } from '../db/schema';

export function toDelivery(row: typeof eventDeliveries.$inferSelect): Delivery {
  return {
    endpointId: row.endpointId,
    status: row.status as Delivery['status'],
    attempts: row.attempts,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  };
}

export function eventNotFound(eventId: string): WalletError {
  return new WalletError(ResultCode.EVENT_NOT_FOUND, `Event ${eventId} does not exist under this app.`);
}
