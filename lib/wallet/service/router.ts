// The service's router: every operation of the catalogue with the handler bound beside its domain
// function (bind-handler.ts), by path. The HTTP layer (http/handle-request.ts) finds the route by
// path, checks the definition's method, validates with its parameter schema and calls the handler
// with the authenticated app; a mutating operation runs inside the transaction that also holds its
// requestId (request/idempotency.ts). docs/architecture.md "One wallet operation, from its
// definition to the router, client and OpenAPI".
import type { WalletOperation, WalletOperationName } from '@/lib/wallet/contract/operations';
import { addAddressHandler } from './address/add-address';
import { addressDeleteHandler } from './address/delete-address';
import { addressListHandler } from './address/list-addresses';
import { addressUpdateHandler } from './address/update-address';
import { agencyAssetListHandler } from './asset/list-agency-assets';
import { assetDailyHandler } from './asset/list-daily-totals';
import { assetLedgerHandler } from './asset/list-ledger';
import { userAssetListHandler } from './asset/list-user-assets';
import { assetTransferHandler } from './asset/transfer-asset';
import { agencyApplyUserCardHandler, userApplyCardHandler } from './card/apply-card';
import {
  cardActivateHandler,
  cardLockHandler,
  cardUnlockHandler,
  cardCancelHandler,
} from './card/change-card-status';
import { cardDetailHandler } from './card/detail-card';
import { cardListHandler } from './card/list-cards';
import { cardListAllByUserHandler } from './card/list-cards-by-user';
import { categoryListHandler } from './card/list-categories';
import { userCardListHandler } from './card/list-user-cards';
import { eventListHandler } from './event/list-events';
import { eventRedeliverHandler } from './event/redeliver-event';
import { webhookTestHandler } from './webhook/test-webhook';
import { depositAddressHandler } from './deposit/deposit-address';
import { depositListHandler } from './deposit/list-deposits';
import { depositReleaseHandler } from './deposit/release-deposit';
import { simulateConfirmHandler, simulateDepositHandler } from './deposit/simulate-deposit';
import { kytRulesHandler, kytRulesSetHandler } from './kyt/kyt-rules';
import { registerAndKycHandler } from './user/register-user';
import { userSearchHandler } from './user/search-users';
import { userDetailHandler } from './user/detail-user';
import { cardReplaceHandler } from './card/replace-card';
import { webhookAddHandler } from './webhook/add-webhook';
import { webhookDeleteHandler } from './webhook/delete-webhook';
import { webhookRotateSecretHandler } from './webhook/rotate-webhook-secret';
import { webhookListHandler } from './webhook/list-webhooks';
import type { BoundHandler, HandlerConfig, HandlerContext, PrepareStep } from './bind-handler';
import type { WalletDatabase } from './db';
import { simulateAuthorizeHandler } from './spending/authorize-card';
import { simulateClearHandler } from './spending/clear-authorization';
import { simulateReverseHandler } from './spending/reverse-authorization';
import { simulateRefundHandler } from './spending/refund-transaction';
import { authorizationListHandler, cardAuthorizationsHandler } from './spending/list-authorizations';
import { authorizationDetailHandler, authorizationSummaryHandler } from './spending/summarize-authorizations';
import { cardControlsHandler, cardControlsSetHandler } from './spending/card-controls';
import { decisionGetHandler, decisionSetHandler } from './spending/set-decision';
import { disputeCreateHandler } from './dispute/create-dispute';
import { disputeSubmitHandler, disputeWithdrawHandler } from './dispute/change-dispute';
import { disputeDetailHandler, disputeListHandler } from './dispute/list-disputes';
import { simulateDisputeOutcomeHandler } from './dispute/settle-dispute';
import { disputeSummaryHandler } from './dispute/summarize-disputes';
import { cardDetailsLinkHandler, meCardDetailsLinkHandler } from './cardholder/card-details-link';
import { appCardViewOriginsHandler, appCardViewOriginsSetHandler } from './cardholder/card-view-origins';
import { userWalletTokenRotateHandler } from './cardholder/wallet-token';
import {
  meCardAuthorizationsHandler,
  meCardFreezeHandler,
  meCardsHandler,
  meCardUnfreezeHandler,
} from './cardholder/cardholder-cards';
import { simulateExpireCardHandler } from './spending/expire-card';

export type { HandlerConfig, HandlerContext } from './bind-handler';

/** The operations of the catalogue that `bound` leaves without a handler. */
type Unbound<L extends readonly BoundHandler[]> = Exclude<
  WalletOperationName,
  L[number]['operation']['name']
>;

/** Every operation's handler, once: an operation missing here fails to compile, naming it. */
function everyOperation<const L extends readonly BoundHandler[]>(
  bound: L & ([Unbound<L>] extends [never] ? unknown : { missingHandlerFor: Unbound<L> }),
): L {
  return bound;
}

const boundHandlers = everyOperation([
  registerAndKycHandler,
  cardListAllByUserHandler,
  agencyApplyUserCardHandler,
  userApplyCardHandler,
  agencyAssetListHandler,
  userCardListHandler,
  addAddressHandler,
  categoryListHandler,
  userAssetListHandler,
  addressListHandler,
  cardDetailHandler,
  cardListHandler,
  cardActivateHandler,
  cardLockHandler,
  cardUnlockHandler,
  cardCancelHandler,
  assetTransferHandler,
  assetLedgerHandler,
  assetDailyHandler,
  addressUpdateHandler,
  addressDeleteHandler,
  userSearchHandler,
  userDetailHandler,
  cardReplaceHandler,
  webhookAddHandler,
  webhookListHandler,
  webhookDeleteHandler,
  webhookRotateSecretHandler,
  eventListHandler,
  eventRedeliverHandler,
  webhookTestHandler,
  simulateAuthorizeHandler,
  simulateClearHandler,
  simulateReverseHandler,
  simulateRefundHandler,
  cardAuthorizationsHandler,
  authorizationListHandler,
  authorizationSummaryHandler,
  authorizationDetailHandler,
  cardControlsHandler,
  cardControlsSetHandler,
  decisionSetHandler,
  decisionGetHandler,
  depositAddressHandler,
  simulateDepositHandler,
  simulateConfirmHandler,
  depositListHandler,
  depositReleaseHandler,
  kytRulesHandler,
  kytRulesSetHandler,
  disputeCreateHandler,
  disputeSubmitHandler,
  disputeWithdrawHandler,
  disputeDetailHandler,
  disputeListHandler,
  simulateDisputeOutcomeHandler,
  cardDetailsLinkHandler,
  appCardViewOriginsHandler,
  appCardViewOriginsSetHandler,
  userWalletTokenRotateHandler,
  meCardsHandler,
  meCardAuthorizationsHandler,
  meCardFreezeHandler,
  meCardUnfreezeHandler,
  meCardDetailsLinkHandler,
  simulateExpireCardHandler,
  disputeSummaryHandler,
]);

/** One route: the operation's definition and its handler, the configuration given. */
export type WalletRoute = {
  name: WalletOperationName;
  operation: WalletOperation;
  handle: (context: HandlerContext<WalletOperationName>) => Promise<unknown>;
  /** Run before the transaction opens (bind-handler.ts PrepareStep); its answer is `prepared`. */
  prepare?: (
    context: Omit<HandlerContext<WalletOperationName>, 'db'> & { db: WalletDatabase },
  ) => Promise<unknown>;
};

/** The routes by path, every handler given the service's configuration. */
export type WalletRouter = ReadonlyMap<string, WalletRoute>;

export function createWalletRouter(config: HandlerConfig): WalletRouter {
  const routes = new Map<string, WalletRoute>();
  for (const bound of boundHandlers as readonly BoundHandler[]) {
    const { operation } = bound;
    const handle = bound.handle as (
      context: HandlerContext<WalletOperationName>,
      config: HandlerConfig,
    ) => Promise<unknown>;
    if (routes.has(operation.path)) throw new Error(`two handlers for ${operation.name} (${operation.path})`);
    // Live (WALLET_SIMULATION=false): the network's messages are no operation at all.
    if (operation.sandbox && config.simulation === false) continue;
    const prepare = bound.prepare as PrepareStep<WalletOperationName> | undefined;
    routes.set(operation.path, {
      name: operation.name,
      operation,
      handle: (context) => handle(context, config),
      ...(prepare ? { prepare: (context) => prepare(context, config) } : {}),
    });
  }
  return routes;
}
