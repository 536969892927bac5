// The back-office's entry point to the wallet service: the process-wide client configured from
// lib/env, and the error classes callers branch on. Server code imports from here, never from the
// wallet service's own modules (docs/architecture.md "Two parts": the back-office learns everything
// through the API).
import 'server-only';
import { env, walletApiBaseUrl, walletAppSecret } from '@/lib/env';
import { createWalletClient, type WalletClient } from './create-wallet-client';

// On globalThis, not a module variable: Next.js dev reloads modules, and each copy would
// otherwise build its own client.
const KEY = Symbol.for('card-wallet.walletClient');
type Holder = typeof globalThis & { [KEY]?: WalletClient };

/** The client every server action and page uses, built on first use. */
export function getWalletClient(): WalletClient {
  const holder = globalThis as Holder;
  holder[KEY] ??= createWalletClient({
    baseUrl: walletApiBaseUrl(),
    agencyCode: env.WALLET_AGENCY_CODE,
    appId: env.WALLET_APP_ID,
    secret: walletAppSecret(),
    log: (line) => console.info(line),
  });
  return holder[KEY];
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
