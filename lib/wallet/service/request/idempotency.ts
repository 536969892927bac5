// requestId handling (docs/wallet-api.md "requestId (idempotency)"). The key row is inserted in the
// same transaction as the work it guards: a concurrent call with the same key blocks on the unique
// index until the first commits (then replays its result) or rolls back (then runs itself). Only
// successes are kept, so a call that failed, and so changed nothing, can be retried. The record's
// three statements are prepared statements of db/statements.ts, sent on the transaction's connection;
// a work may store its answer in its own last write instead (claimedRequestId, asset/transfer).
//
// A transaction PostgreSQL chose to abort, as the victim of a deadlock or a serialization
// failure, is run again here (up to TRANSACTION_ATTEMPTS times): it rolled back whole, so
// running it again is the same call, not a second one, and the caller should not see a 500 for
// a conflict that was the database's to resolve.
import { createHash } from 'node:crypto';
import type { DatabaseHandle } from '@/lib/db/open';
import type { WalletDatabase as Database } from '@/lib/wallet/service/db';
import { CLAIM_REQUEST_ID, REQUEST_ID_RECORD, STORE_RESPONSE } from '@/lib/wallet/service/db/statements';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import { pgErrorCode, type Executor } from '../context';

const VOLATILE = new Set(['sign', 'timestamp', 'nonce']);

/**
 * Same operation and the same parameters as validated (defaults applied), less the per-call
 * sign, timestamp and nonce: `isDefault=false` and an omitted isDefault are the same request.
 */
export function requestFingerprint(operation: string, params: Record<string, unknown>): string {
  const stable = Object.keys(params)
    .filter((name) => !VOLATILE.has(name) && params[name] !== undefined)
    .sort()
    .map((name) => [name, params[name]]);
  return createHash('sha256')
    .update(`${operation}\n${JSON.stringify(stable)}`)
    .digest('hex');
}

/** The requestId each open transaction claimed, and the answer its work stored with its own write. */
const claims = new WeakMap<object, { requestId: string; stored?: string }>();

/**
 * For work that stores its answer itself, in the statement that makes its change (asset/transfer:
 * one round trip fewer while the source's row is locked): the requestId this transaction claimed,
 * or null when the call has none (then nothing is to be stored). The work must then say, with
 * `noteAnswerStored`, the answer it stored, which must be what it returns as JSON: runOnce stores
 * nothing more, and fails the call if the two differ.
 */
export function claimedRequestId(tx: object): string | null {
  return claims.get(tx)?.requestId ?? null;
}

/** The answer the work stored in its requestId's record (see claimedRequestId). */
export function noteAnswerStored(tx: object, answer: string): void {
  const claim = claims.get(tx);
  if (claim) claim.stored = answer;
}

/** serialization_failure and deadlock_detected: the transaction was rolled back whole. */
const RETRYABLE = new Set(['40001', '40P01']);
export const TRANSACTION_ATTEMPTS = 3;

async function inTransaction<T>(
  db: Database,
  engine: DatabaseHandle,
  onRetry: ((code: string, attempt: number) => void) | undefined,
  run: (tx: Executor) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await engine.transaction(db, run);
    } catch (error) {
      const code = pgErrorCode(error);
      if (attempt >= TRANSACTION_ATTEMPTS || code === undefined || !RETRYABLE.has(code)) throw error;
      onRetry?.(code, attempt);
    }
  }
}

/**
 * Runs `work` in one transaction; with a requestId, exactly once per (app, requestId).
 * Returns the JSON text of the result, so that a replay is byte-identical to the first answer.
 */
export async function runOnce(options: {
  db: Database;
  /** The engine under `db`: the requestId's statements run through it, in the transaction. */
  engine: DatabaseHandle;
  appKey: number;
  operation: string;
  requestId: string | undefined;
  fingerprint: string;
  work: (tx: Executor) => Promise<unknown>;
  /** Told when a transaction the database aborted (deadlock, serialization) is run again. */
  onRetry?: (code: string, attempt: number) => void;
  /** Told when the answer is the stored one of an earlier call with this requestId. */
  onReplay?: () => void;
}): Promise<string> {
  const { db, engine, appKey, operation, requestId, fingerprint, work, onRetry, onReplay } = options;
  if (!requestId) {
    return inTransaction(db, engine, onRetry, async (tx) => JSON.stringify(await work(tx)));
  }
  return inTransaction(db, engine, onRetry, async (tx) => {
    // An expired record is taken over; a live one is left alone (and nothing is returned).
    const claimed = await engine.queryIn(
      tx,
      CLAIM_REQUEST_ID.text,
      [appKey, requestId, operation, fingerprint],
      CLAIM_REQUEST_ID.name,
    );

    if (claimed.length === 0) {
      const [existing] = await engine.queryIn<{
        operation: string;
        params_hash: string;
        response: string | null;
      }>(tx, REQUEST_ID_RECORD.text, [appKey, requestId], REQUEST_ID_RECORD.name);
      if (!existing || existing.operation !== operation || existing.params_hash !== fingerprint) {
        throw new WalletError(
          ResultCode.REQUEST_ID_REUSED,
          'requestId has already been used with other parameters.',
        );
      }
      if (existing.response === null) {
        // Only possible if a holder committed without a result, which runOnce never does.
        throw new Error('idempotency record without a response');
      }
      onReplay?.();
      return existing.response;
    }

    const claim: { requestId: string; stored?: string } = { requestId };
    claims.set(tx, claim);
    const response = JSON.stringify(await work(tx));
    if (claim.stored === undefined) {
      await engine.queryIn(tx, STORE_RESPONSE.text, [appKey, requestId, response], STORE_RESPONSE.name);
    } else if (claim.stored !== response) {
      // A bug, never a caller's doing: rolled back rather than replayed wrong.
      throw new Error(`${operation}: the answer stored with the work is not the answer returned`);
    }
    return response;
  });
}
