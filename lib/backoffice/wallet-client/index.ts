// The back-office's entry point to the wallet service: the process-wide client configured from
// lib/env, and the error classes callers branch on. Server code imports from here, never from the
// wallet service's own modules (docs/architecture.md "Two parts": the back-office learns everything
// through the API).
import 'server-only';
import { getCurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { getDatabase } from '@/lib/db/client';
import { env, walletApiBaseUrl, walletAppSecret, walletBackofficeSecret } from '@/lib/env';
import type { WalletOperationName } from '@/lib/wallet/contract/operations';
import { createWalletClient, type WalletClient } from './create-wallet-client';
import { admitWithinShare, createStaffPace, staffKey, staffRps } from './staff-pace';

// On globalThis, not a module variable: Next.js dev reloads modules, and each copy would
// otherwise build its own client.
const KEY = Symbol.for('card-wallet.walletClient');
type Holder = typeof globalThis & { [KEY]?: WalletClient };

/**
 * The client every server action and page uses, built on first use. It signs with the app's
 * back-office key, so the service counts staff on the back-office's own budget, never the
 * agency's server's, and sends a call only within the calling member of staff's share of it
 * (docs/security.md "Rate limit"). A service that refuses the key still serves staff, signed with
 * the app secret (fallbackSecret), and the log says so.
 */
export function getWalletClient(): WalletClient {
  const holder = globalThis as Holder;
  holder[KEY] ??= backofficeClient();
  return holder[KEY];
}

function backofficeClient(): WalletClient {
  const admit = staffAdmission();
  return createWalletClient({
    baseUrl: walletApiBaseUrl(),
    agencyCode: env.WALLET_AGENCY_CODE,
    appId: env.WALLET_APP_ID,
    secret: walletBackofficeSecret(),
    fallbackSecret: walletAppSecret(),
    log: (line) => console.info(line),
    ...(admit ? { admit } : {}),
  });
}

/** Counts each call on the calling member of staff's share; none when the budget has no limit. */
function staffAdmission(): ((operation: WalletOperationName) => Promise<void>) | undefined {
  const rps = staffRps(env.WALLET_BACKOFFICE_RATE_LIMIT_RPS);
  if (rps === 0) return undefined;
  let admit: ((operation: WalletOperationName) => Promise<void>) | undefined;
  return async (operation) => {
    admit ??= admitWithinShare(createStaffPace({ engine: await getDatabase(), rps }), async () => {
      // The one answer to who is calling (cached per request); a page only calls once signed in.
      const staff = await getCurrentStaff();
      return staffKey(staff?.id ?? null);
    });
    await admit(operation);
  };
}

export {
  createWalletClient,
  DEFAULT_TIMEOUT_MS,
  type WalletClient,
  type WalletClientConfig,
  type WalletClientInput,
} from './create-wallet-client';
export {
  asWalletClientError,
  isWalletClientError,
  SAYS_NOTHING_CHANGED,
  walletErrorFromEnvelope,
  WalletAuthError,
  WalletClientError,
  WalletConflictError,
  WalletInputError,
  WalletInsufficientFundsError,
  WalletNotFoundError,
  WalletProtocolError,
  WalletRateLimitedError,
  WalletRuleError,
  WalletServiceError,
  STAFF_PACE_MESSAGE,
  WalletUnavailableError,
  type UnavailableReason,
  type WalletClientErrorJson,
  type WalletEnvelope,
} from './errors';
export type { OperationData, WalletOperationName } from '@/lib/wallet/contract/operations';

/**
 * The wallet service's OpenAPI document, as it serves it (unsigned, GET /wallet/api/openapi.json):
 * what /developers/api renders. Null when the service cannot be reached or answers otherwise.
 */
export async function fetchWalletOpenApi(): Promise<Record<string, unknown> | null> {
  try {
    const response = await fetch(`${walletApiBaseUrl().replace(/\/$/, '')}/wallet/api/openapi.json`, {
      cache: 'no-store',
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return null;
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return null;
  }
}
