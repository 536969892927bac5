// Authentication of a wallet request (docs/wallet-api.md "Signature"), in this order: the app
// under the agency (2004), the signature (2001), the timestamp window (2002), then the nonce
// (2003), which is recorded in the database so that every instance refuses a replay.
// The signature verifies under one of the app's two keys (docs/security.md "Rate limit"): the
// agency's secret, tried first, or the back-office key; `admit` is told which, so that each counts
// on its own budget. The nonce is the app's either way.
// Between the timestamp and the nonce runs the caller's `admit` (the service's rate limit): only
// a correctly signed, current call reaches it, so a caller without the app's secret cannot spend
// the app's budget, and a call the limit refuses has not spent its nonce (docs/security.md
// "Rate limit"). Everything before `admit` is a cached read and an HMAC: no write.
//
// The app row (id, agency, secret) is cached in the process for APP_CACHE_TTL_MS: it is read by
// every request and changes only when a secret is rotated, which therefore takes effect within
// that time on every instance (docs/wallet-api.md says so). Unknown apps are not cached.
import type { DatabaseHandle } from '@/lib/db/open';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import { signRequest, signaturesMatch } from '@/lib/wallet/contract/signature';
import { serviceNow } from '../clock';
import type { AuthenticatedApp } from '../context';
import { APP_BY_CODES, PRUNE_IDEMPOTENCY, PRUNE_NONCES, SPEND_NONCE } from '../db/statements';

export const TIMESTAMP_WINDOW_MS = 300_000;
/** Nonces are kept well past both edges of the window, then pruned. */
export const NONCE_RETENTION_MS = 15 * 60_000;
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60_000;
export const APP_CACHE_TTL_MS = 5_000;
const APP_CACHE_MAX = 1_000;

type AppRow = {
  id: number;
  app_id: string;
  secret: string;
  backoffice_secret: string | null;
  agency_id: number;
  agency_code: string;
};
type CachedApp = { app: AuthenticatedApp; secret: string; backofficeSecret: string | null; expires: number };

/** Which of the app's keys signed a call: the agency's server's, or the back-office's. */
export type Signer = 'agency' | 'backoffice';

export type Authenticator = {
  /**
   * The app, or a WalletError. `admit`, when given, runs once the signature and the timestamp
   * hold and before the nonce is spent, told which key signed; what it throws is thrown and the
   * nonce stays unspent.
   */
  authenticate(
    request: SignedRequest,
    admit?: (app: AuthenticatedApp, signer: Signer) => Promise<void>,
  ): Promise<AuthenticatedApp>;
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

/** The key the request's signature verifies under, the agency's tried first; none: 2001. */
function signerOf(entry: CachedApp, request: SignedRequest): Signer | undefined {
  const given = request.sign.toLowerCase();
  const signedWith = (secret: string) =>
    signaturesMatch(signRequest(secret, request.method, request.path, request.pairs), given);
  if (signedWith(entry.secret)) return 'agency';
  if (entry.backofficeSecret !== null && signedWith(entry.backofficeSecret)) return 'backoffice';
  return undefined;
}

export function createAuthenticator(options: {
  engine: DatabaseHandle;
  /** Turns the stored secret into the HMAC key (decryption at rest); identity by default. */
  revealSecret?: (stored: string) => string;
  now?: () => number;
}): Authenticator {
  const { engine } = options;
  const reveal = options.revealSecret ?? ((s: string) => s);
  const now = options.now ?? serviceNow;
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
      backofficeSecret: row.backoffice_secret ? reveal(row.backoffice_secret) : null,
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
    async authenticate(request, admit) {
      const at = now();
      const entry = await lookup(request.agencyCode, request.appId, at);
      if (!entry) {
        throw new WalletError(
          ResultCode.APP_UNKNOWN,
          `App ${request.appId} is not registered under agency ${request.agencyCode}.`,
        );
      }
      const signer = signerOf(entry, request);
      if (!signer) {
        throw new WalletError(ResultCode.SIGNATURE_MISMATCH, 'The signature does not match the request.');
      }
      if (Math.abs(at - request.timestamp) > TIMESTAMP_WINDOW_MS) {
        throw new WalletError(
          ResultCode.TIMESTAMP_EXPIRED,
          'The timestamp is more than 300 seconds away from the service clock.',
        );
      }
      if (admit) await admit(entry.app, signer);
      const spent = await engine.query(SPEND_NONCE.text, [entry.app.id, request.nonce], SPEND_NONCE.name);
      if (spent.length === 0) {
        throw new WalletError(ResultCode.NONCE_USED, 'The nonce has already been used by this app.');
      }
      maybePrune(at);
      return entry.app;
    },
  };
}
