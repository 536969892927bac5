// Authentication of a wallet request (DESIGN §2), in the order the design fixes: the app under
// the agency (2004), the signature (2001), the timestamp window (2002), then the nonce (2003),
// which is recorded in the database so that every instance refuses a replay.
import 'server-only';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { agencies, apps, idempotencyKeys, usedNonces } from '@/lib/wallet/service/db/schema';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import { signRequest, signaturesMatch } from '@/lib/wallet/contract/signature';
import type { AuthenticatedApp } from '../context';

export const TIMESTAMP_WINDOW_MS = 300_000;
/** Nonces are kept well past both edges of the window, then pruned. */
export const NONCE_RETENTION_MS = 15 * 60_000;
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60_000;

type VerifyOptions = {
  db: Database;
  method: string;
  path: string;
  pairs: Map<string, string>;
  agencyCode: string;
  appId: string;
  timestamp: number;
  nonce: string;
  sign: string;
  now?: number;
};

export async function verifySignedRequest(options: VerifyOptions): Promise<AuthenticatedApp> {
  const { db, agencyCode, appId } = options;
  const [app] = await db
    .select({
      id: apps.id,
      appId: apps.appId,
      secret: apps.secret,
      agencyId: agencies.id,
      agencyCode: agencies.code,
    })
    .from(apps)
    .innerJoin(agencies, eq(apps.agencyId, agencies.id))
    .where(and(eq(apps.appId, appId), eq(agencies.code, agencyCode)))
    .limit(1);
  if (!app) {
    throw new WalletError(
      ResultCode.APP_UNKNOWN,
      `App ${appId} is not registered under agency ${agencyCode}.`,
    );
  }

  const expected = signRequest(app.secret, options.method, options.path, options.pairs);
  if (!signaturesMatch(expected, options.sign.toLowerCase())) {
    throw new WalletError(ResultCode.SIGNATURE_MISMATCH, 'The signature does not match the request.');
  }

  const now = options.now ?? Date.now();
  if (Math.abs(now - options.timestamp) > TIMESTAMP_WINDOW_MS) {
    throw new WalletError(
      ResultCode.TIMESTAMP_EXPIRED,
      'The timestamp is more than 300 seconds away from the service clock.',
    );
  }

  const inserted = await db
    .insert(usedNonces)
    .values({ appId: app.id, nonce: options.nonce })
    .onConflictDoNothing()
    .returning({ nonce: usedNonces.nonce });
  if (inserted.length === 0) {
    throw new WalletError(ResultCode.NONCE_USED, 'The nonce has already been used by this app.');
  }
  maybePruneNonces(db, now);

  return { id: app.id, appId: app.appId, agencyId: app.agencyId, agencyCode: app.agencyCode };
}

let lastPrune = 0;

/**
 * At most once a minute per process, and off the request's critical path: nonces past the
 * window, and idempotency records past their 24 h (they hold results such as wallet tokens,
 * which should not outlive their purpose).
 */
function maybePruneNonces(db: Database, now: number): void {
  if (now - lastPrune < 60_000) return;
  lastPrune = now;
  const nonceCutoff = new Date(now - NONCE_RETENTION_MS).toISOString();
  const idempotencyCutoff = new Date(now - IDEMPOTENCY_RETENTION_MS).toISOString();
  void db
    .delete(usedNonces)
    .where(lt(usedNonces.createdAt, sql`${nonceCutoff}::timestamptz`))
    .then(() =>
      db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`${idempotencyCutoff}::timestamptz`)),
    )
    .catch(() => undefined);
}
