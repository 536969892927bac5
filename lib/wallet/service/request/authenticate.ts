// Authentication of a wallet request (docs/wallet-api.md "Signature"), in the order the contract
// fixes: the app under the agency (2004), the signature (2001), the timestamp window (2002), then
// the nonce (2003), which is recorded in the database so that every instance refuses a replay.
//
// The app row (id, agency, secret) is cached in the process for APP_CACHE_TTL_MS: it is read by
// every request and changes only when a secret is rotated, which therefore takes effect within
// that time on every instance (docs/wallet-api.md says so). Unknown apps are not cached.
import type { DatabaseHandle } from '@/lib/db/open';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import { signRequest, signaturesMatch } from '@/lib/wallet/contract/signature';
import type { AuthenticatedApp } from '../context';
import { APP_BY_CODES, PRUNE_IDEMPOTENCY, PRUNE_NONCES, SPEND_NONCE } from '../db/statements';

export const TIMESTAMP_WINDOW_MS = 300_000;
/** Nonces are kept well past both edges of the window, then pruned. */
export const NONCE_RETENTION_MS = 15 * 60_000;
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60_000;
export const APP_CACHE_TTL_MS = 5_000;
const APP_CACHE_MAX = 1_000;

type AppRow = { id: number; app_id: string; secret: string; agency_id: number; agency_code: string };
type CachedApp = { app: AuthenticatedApp; secret: string; expires: number };

export type Authenticator = {
  authenticate(request: SignedRequest): Promise<AuthenticatedApp>;
  /** Drops cached apps (tests; after rotating a secret in this process). */
  forget(): void;
};

export type SignedRequest = {
  method: string;
  path: string;
  pairs: Map<string, string>;
  agencyCode: string;
  appId: string;
  timestamp: number;
  nonce: string;
  sign: string;
};

export function createAuthenticator(options: {
  engine: DatabaseHandle;
  /** Turns the stored secret into the HMAC key (decryption at rest); identity by default. */
  revealSecret?: (stored: string) => string;
  now?: () => number;
}): Authenticator {
  const { engine } = options;
  const reveal = options.revealSecret ?? ((s: string) => s);
  const now = options.now ?? Date.now;
  const cache = new Map<string, CachedApp>();
  let lastPrune = 0;

  async function lookup(agencyCode: string, appId: string, at: number): Promise<CachedApp | undefined> {
    const key = `${agencyCode}\u0000${appId}`;
    const hit = cache.get(key);
    if (hit && hit.expires > at) return hit;
    const [row] = await engine.query<AppRow>(APP_BY_CODES.text, [appId, agencyCode], APP_BY_CODES.name);
    if (!row) {
      cache.delete(key);
      return undefined;
    }
    const entry: CachedApp = {
      app: { id: row.id, appId: row.app_id, agencyId: row.agency_id, agencyCode: row.agency_code },
      secret: reveal(row.secret),
      expires: at + APP_CACHE_TTL_MS,
    };
    cache.delete(key);
    if (cache.size >= APP_CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(key, entry);
    return entry;
  }

  /** At most once a minute per process, and off the request's critical path. */
  function maybePrune(at: number): void {
    if (at - lastPrune < 60_000) return;
    lastPrune = at;
    const nonceCutoff = new Date(at - NONCE_RETENTION_MS).toISOString();
    const idempotencyCutoff = new Date(at - IDEMPOTENCY_RETENTION_MS).toISOString();
    void engine
      .query(PRUNE_NONCES.text, [nonceCutoff], PRUNE_NONCES.name)
      .then(() => engine.query(PRUNE_IDEMPOTENCY.text, [idempotencyCutoff], PRUNE_IDEMPOTENCY.name))
      .catch(() => undefined);
  }

  return {
    forget: () => cache.clear(),
    async authenticate(request) {
      const at = now();
      const entry = await lookup(request.agencyCode, request.appId, at);
      if (!entry) {
        throw new WalletError(
          ResultCode.APP_UNKNOWN,
          `App ${request.appId} is not registered under agency ${request.agencyCode}.`,
        );
      }
      const expected = signRequest(entry.secret, request.method, request.path, request.pairs);
      if (!signaturesMatch(expected, request.sign.toLowerCase())) {
        throw new WalletError(ResultCode.SIGNATURE_MISMATCH, 'The signature does not match the request.');
      }
      if (Math.abs(at - request.timestamp) > TIMESTAMP_WINDOW_MS) {
        throw new WalletError(
          ResultCode.TIMESTAMP_EXPIRED,
          'The timestamp is more than 300 seconds away from the service clock.',
        );
      }
      const spent = await engine.query(SPEND_NONCE.text, [entry.app.id, request.nonce], SPEND_NONCE.name);
      if (spent.length === 0) {
        throw new WalletError(ResultCode.NONCE_USED, 'The nonce has already been used by this app.');
      }
      maybePrune(at);
      return entry.app;
    },
  };
}
