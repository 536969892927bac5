// The catalogue of wallet operations (docs/wallet-api.md "Operations"): the seven of the spec, the
// three extensions for the back-office's lookups, the card programme's ten
// (docs/wallet-api.md "The card programme after issuance"), the dashboard's daily totals
// (asset/daily, "Daily totals"), the six of events and webhooks ("Events and webhooks") and the
// nine of card spending ("Card spending", docs/card-spending.md) and the
// seven of deposits and KYT (docs/deposits-and-kyt.md "Operations"), the six of disputes
// (docs/disputes.md "Operations") and the ten of the cardholder's channel (docs/wallet-api.md
// "The cardholder's channel").
// Each is one definition in its own module under ./operations (defineOperation: method, path,
// texts, schemas, business result codes, events); this module only lists them, in the order of
// docs/wallet-api.md "Operations". The service's router, the back-office client and the OpenAPI
// document are all derived from it (docs/architecture.md "One wallet operation, from its
// definition to the router, client and OpenAPI").
import type { z } from 'zod';
import type { WalletOperation } from '@/lib/wallet/contract/define-operation';
import { registerAndKyc } from '@/lib/wallet/contract/operations/register-and-kyc';
import { cardListAllByUser } from '@/lib/wallet/contract/operations/card-list-all-by-user';
import { agencyApplyUserCard } from '@/lib/wallet/contract/operations/agency-apply-user-card';
import { userApplyCard } from '@/lib/wallet/contract/operations/user-apply-card';
import { agencyAssetList } from '@/lib/wallet/contract/operations/agency-asset-list';
import { userCardList } from '@/lib/wallet/contract/operations/user-card-list';
import { addAddress } from '@/lib/wallet/contract/operations/add-address';
import { categoryList } from '@/lib/wallet/contract/operations/category-list';
import { userAssetList } from '@/lib/wallet/contract/operations/user-asset-list';
import { addressList } from '@/lib/wallet/contract/operations/address-list';
import { cardDetail } from '@/lib/wallet/contract/operations/card-detail';
import { cardList } from '@/lib/wallet/contract/operations/card-list';
import { cardActivate } from '@/lib/wallet/contract/operations/card-activate';
import { cardLock } from '@/lib/wallet/contract/operations/card-lock';
import { cardUnlock } from '@/lib/wallet/contract/operations/card-unlock';
import { cardReplace } from '@/lib/wallet/contract/operations/card-replace';
import { cardCancel } from '@/lib/wallet/contract/operations/card-cancel';
import { assetTransfer } from '@/lib/wallet/contract/operations/asset-transfer';
import { assetLedger } from '@/lib/wallet/contract/operations/asset-ledger';
import { assetDaily } from '@/lib/wallet/contract/operations/asset-daily';
import { addressUpdate } from '@/lib/wallet/contract/operations/address-update';
import { addressDelete } from '@/lib/wallet/contract/operations/address-delete';
import { userSearch } from '@/lib/wallet/contract/operations/user-search';
import { userDetail } from '@/lib/wallet/contract/operations/user-detail';
import { webhookAdd } from '@/lib/wallet/contract/operations/webhook-add';
import { webhookList } from '@/lib/wallet/contract/operations/webhook-list';
import { webhookDelete } from '@/lib/wallet/contract/operations/webhook-delete';
import { webhookRotateSecret } from '@/lib/wallet/contract/operations/webhook-rotate-secret';
import { eventList } from '@/lib/wallet/contract/operations/event-list';
import { eventRedeliver } from '@/lib/wallet/contract/operations/event-redeliver';
import { webhookTest } from '@/lib/wallet/contract/operations/webhook-test';
import { simulateAuthorize } from '@/lib/wallet/contract/operations/simulate-authorize';
import { simulateClear } from '@/lib/wallet/contract/operations/simulate-clear';
import { simulateReverse } from '@/lib/wallet/contract/operations/simulate-reverse';
import { simulateRefund } from '@/lib/wallet/contract/operations/simulate-refund';
import { cardAuthorizations } from '@/lib/wallet/contract/operations/card-authorizations';
import { authorizationList } from '@/lib/wallet/contract/operations/authorization-list';
import { authorizationSummary } from '@/lib/wallet/contract/operations/authorization-summary';
import { authorizationDetail } from '@/lib/wallet/contract/operations/authorization-detail';
import { cardControls } from '@/lib/wallet/contract/operations/card-controls';
import { cardControlsSet } from '@/lib/wallet/contract/operations/card-controls-set';
import { decisionSet } from '@/lib/wallet/contract/operations/decision-set';
import { decisionGet } from '@/lib/wallet/contract/operations/decision-get';
import { depositAddress } from '@/lib/wallet/contract/operations/deposit-address';
import { simulateDeposit } from '@/lib/wallet/contract/operations/simulate-deposit';
import { simulateConfirm } from '@/lib/wallet/contract/operations/simulate-confirm';
import { depositList } from '@/lib/wallet/contract/operations/deposit-list';
import { depositRelease } from '@/lib/wallet/contract/operations/deposit-release';
import { kytRules } from '@/lib/wallet/contract/operations/kyt-rules';
import { kytRulesSet } from '@/lib/wallet/contract/operations/kyt-rules-set';
import { disputeCreate } from '@/lib/wallet/contract/operations/dispute-create';
import { disputeSubmit } from '@/lib/wallet/contract/operations/dispute-submit';
import { disputeWithdraw } from '@/lib/wallet/contract/operations/dispute-withdraw';
import { disputeDetail } from '@/lib/wallet/contract/operations/dispute-detail';
import { disputeList } from '@/lib/wallet/contract/operations/dispute-list';
import { simulateDisputeOutcome } from '@/lib/wallet/contract/operations/simulate-dispute-outcome';
import { cardDetailsLink } from '@/lib/wallet/contract/operations/card-details-link';
import { appCardViewOrigins } from '@/lib/wallet/contract/operations/app-card-view-origins';
import { appCardViewOriginsSet } from '@/lib/wallet/contract/operations/app-card-view-origins-set';
import { userWalletTokenRotate } from '@/lib/wallet/contract/operations/user-wallet-token-rotate';
import { meCards } from '@/lib/wallet/contract/operations/me-cards';
import { meCardAuthorizations } from '@/lib/wallet/contract/operations/me-card-authorizations';
import { meCardFreeze, meCardUnfreeze } from '@/lib/wallet/contract/operations/me-card-freeze';
import { meCardDetailsLink } from '@/lib/wallet/contract/operations/me-card-details-link';
import { simulateExpireCard } from '@/lib/wallet/contract/operations/simulate-expire-card';
import { disputeSummary } from '@/lib/wallet/contract/operations/dispute-summary';

export type { WalletOperation } from '@/lib/wallet/contract/define-operation';

/** Every operation's definition, in the order of docs/wallet-api.md "Operations". */
export const walletOperationList = [
  registerAndKyc,
  cardListAllByUser,
  agencyApplyUserCard,
  userApplyCard,
  agencyAssetList,
  userCardList,
  addAddress,
  categoryList,
  userAssetList,
  addressList,
  cardDetail,
  cardList,
  cardActivate,
  cardLock,
  cardUnlock,
  cardCancel,
  cardReplace,
  assetTransfer,
  assetLedger,
  assetDaily,
  addressUpdate,
  addressDelete,
  userSearch,
  userDetail,
  webhookAdd,
  webhookList,
  webhookDelete,
  webhookRotateSecret,
  eventList,
  eventRedeliver,
  webhookTest,
  simulateAuthorize,
  simulateClear,
  simulateReverse,
  simulateRefund,
  cardAuthorizations,
  authorizationList,
  authorizationSummary,
  authorizationDetail,
  cardControls,
  cardControlsSet,
  decisionSet,
  decisionGet,
  depositAddress,
  simulateDeposit,
  simulateConfirm,
  depositList,
  depositRelease,
  kytRules,
  kytRulesSet,
  disputeCreate,
  disputeSubmit,
  disputeWithdraw,
  disputeDetail,
  disputeList,
  simulateDisputeOutcome,
  cardDetailsLink,
  appCardViewOrigins,
  appCardViewOriginsSet,
  userWalletTokenRotate,
  meCards,
  meCardAuthorizations,
  meCardFreeze,
  meCardUnfreeze,
  meCardDetailsLink,
  simulateExpireCard,
  disputeSummary,
] as const;

type Catalogue<L extends readonly WalletOperation[]> = { readonly [D in L[number] as D['name']]: D };

function catalogue<const L extends readonly WalletOperation[]>(list: L): Catalogue<L> {
  const byName: Record<string, WalletOperation> = {};
  const paths = new Set<string>();
  for (const operation of list) {
    if (Object.hasOwn(byName, operation.name) || paths.has(operation.path)) {
      throw new Error(`wallet operation ${operation.name} (${operation.path}) is defined twice`);
    }
    byName[operation.name] = operation;
    paths.add(operation.path);
  }
  return Object.freeze(byName) as Catalogue<L>;
}

/** The catalogue: each operation's definition under its name (its operationId). */
export const walletOperations = catalogue(walletOperationList);

export type WalletOperationName = keyof typeof walletOperations;
export type OperationParams<N extends WalletOperationName> = z.output<(typeof walletOperations)[N]['params']>;
export type OperationInput<N extends WalletOperationName> = z.input<(typeof walletOperations)[N]['params']>;
export type OperationData<N extends WalletOperationName> = z.output<(typeof walletOperations)[N]['data']>;
