// An operation's handler, bound to its contract definition (docs/architecture.md "One wallet
// operation, from its definition to the router, client and OpenAPI"). Each domain module binds the
// operations it answers beside its domain function, e.g. asset/list-daily-totals.ts:
//
//   export const assetDailyHandler = bindHandler(assetDaily, listDailyTotals);
//
// so the function must take the definition's parameters and answer its result schema's type, and
// router.ts collects the bindings: an operation without one is a type error there.
import type { DatabaseHandle } from '@/lib/db/open';
import type {
  OperationData,
  OperationParams,
  WalletOperationName,
  walletOperations,
} from '@/lib/wallet/contract/operations';
import type { AuthenticatedApp, Executor } from './context';
import type { WalletDatabase } from './db';
import type { SecretBox } from './secrets/secret-box';

export type HandlerContext<N extends WalletOperationName> = {
  /** The open transaction for a mutating operation; the database for a read. */
  db: Executor;
  /** The engine, for the reads that run prepared statements directly. */
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<N>;
  /**
   * What the operation's `prepare` step found before the transaction opened (simulate/authorize:
   * the agency's answer, asked with no transaction open and no row locked).
   */
  prepared?: unknown;
  /** The definition's `clearable` parameters given empty: "remove", not "absent". */
  cleared?: ReadonlySet<string>;
  /**
   * A me/* operation's caller: the user its walletToken names (docs/wallet-api.md "The
   * walletToken"); `app` is that user's app. Absent for the agency's signed operations.
   */
  cardholder?: { userId: number; appUserId: string };
};

/** A read-only step run before a mutating operation's transaction opens, on the database. */
export type PrepareStep<N extends WalletOperationName> = (
  context: { db: WalletDatabase; engine: DatabaseHandle; app: AuthenticatedApp; params: OperationParams<N> },
  config: HandlerConfig,
) => Promise<unknown>;

/**
 * What some handlers need from the configuration (docs/architecture.md "Embedded default"), given
 * by the service.
 */
export type HandlerConfig = {
  /** Seals webhook secrets (WALLET_MASTER_KEY). */
  secretBox: SecretBox;
  /** WALLET_WEBHOOK_ALLOW_PRIVATE: webhook URLs may be http:// and private. */
  allowPrivateWebhooks: boolean;
  /** WALLET_SIMULATION: the simulate/* operations are served unless this is false. */
  simulation?: boolean;
  /**
   * WALLET_RELEASE_KEY (else derived from the master key): checks the back-office's approvals of
   * deposit releases (docs/deposits-and-kyt.md "deposit/release"); none: no approval is valid.
   */
  releaseKey?: string;
  /** A dispute's dueBy after its purchase's clearing (default 110 days; WALLET_DISPUTE_DUE_DAYS scales it). */
  disputeDueMs?: number;
  /** Where a card-details link points (WALLET_PUBLIC_URL, else the back-office's origin). */
  publicOrigin?: string;
  /** How long a card-details link opens (default 60 s; tests shorten it). */
  detailsLinkTtlMs?: number;
};

export type OperationHandler<N extends WalletOperationName> = (
  context: HandlerContext<N>,
  config: HandlerConfig,
) => Promise<OperationData<N>>;

/** One operation's definition and the function that answers it. */
export type BoundHandler<N extends WalletOperationName = WalletOperationName> = {
  readonly operation: (typeof walletOperations)[N];
  readonly handle: OperationHandler<N>;
  readonly prepare?: PrepareStep<N>;
};

/** Binds an operation's definition to the function that answers it, typed by the definition. */
export function bindHandler<N extends WalletOperationName>(
  operation: (typeof walletOperations)[N] & { name: N },
  handle: OperationHandler<N>,
  prepare?: PrepareStep<N>,
): BoundHandler<N> {
  return prepare ? { operation, handle, prepare } : { operation, handle };
}
