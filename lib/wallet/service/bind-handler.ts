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
import type { SecretBox } from './secrets/secret-box';

export type HandlerContext<N extends WalletOperationName> = {
  /** The open transaction for a mutating operation; the database for a read. */
  db: Executor;
  /** The engine, for the reads that run prepared statements directly. */
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<N>;
  /**
   * The parameters given as the empty string: absent to validation, but "given empty" to the
   * operations where that clears a setting (docs/deposits-and-kyt.md "kyt/rules/set").
   */
  emptyParams: ReadonlySet<string>;
};

/**
 * What some handlers need from the configuration (docs/architecture.md "Embedded default"), given
 * by the service.
 */
export type HandlerConfig = {
  /** Seals webhook secrets (WALLET_MASTER_KEY). */
  secretBox: SecretBox;
  /** WALLET_WEBHOOK_ALLOW_PRIVATE: webhook URLs may be http:// and private. */
  allowPrivateWebhooks: boolean;
};

export type OperationHandler<N extends WalletOperationName> = (
  context: HandlerContext<N>,
  config: HandlerConfig,
) => Promise<OperationData<N>>;

/** One operation's definition and the function that answers it. */
export type BoundHandler<N extends WalletOperationName = WalletOperationName> = {
  readonly operation: (typeof walletOperations)[N];
  readonly handle: OperationHandler<N>;
};

/** Binds an operation's definition to the function that answers it, typed by the definition. */
export function bindHandler<N extends WalletOperationName>(
  operation: (typeof walletOperations)[N] & { name: N },
  handle: OperationHandler<N>,
): BoundHandler<N> {
  return { operation, handle };
}
