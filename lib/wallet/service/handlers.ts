// Which domain function answers which operation of the catalogue: the service's whole routing
// table. The HTTP layer (http/handle-request.ts) derives method and path from the catalogue and
// calls these with the authenticated app and the validated parameters; a mutating operation
// runs inside the transaction that also holds its requestId (request/idempotency.ts).
import type { DatabaseHandle } from '@/lib/db/open';
import type { OperationData, OperationParams, WalletOperationName } from '@/lib/wallet/contract/operations';
import { addAddress } from './address/add-address';
import { deleteAddress } from './address/delete-address';
import { updateAddress } from './address/update-address';
import { listDailyTotals } from './asset/list-daily-totals';
import { listLedger } from './asset/list-ledger';
import { transferAsset } from './asset/transfer-asset';
import { changeCardStatus } from './card/change-card-status';
import { detailCard } from './card/detail-card';
import { searchUsers } from './user/search-users';
import { listAddresses } from './address/list-addresses';
import { listAgencyAssets } from './asset/list-agency-assets';
import { listUserAssets } from './asset/list-user-assets';
import { applyCard } from './card/apply-card';
import { listCardsByUser } from './card/list-cards-by-user';
import { listCategories } from './card/list-categories';
import { listUserCards } from './card/list-user-cards';
import type { AuthenticatedApp, Executor } from './context';
import { listEvents } from './event/list-events';
import { redeliverEvent } from './event/redeliver-event';
import type { SecretBox } from './secrets/secret-box';
import { registerUser } from './user/register-user';
import { addWebhook } from './webhook/add-webhook';
import { deleteWebhook } from './webhook/delete-webhook';
import { listWebhooks } from './webhook/list-webhooks';

export type HandlerContext<N extends WalletOperationName> = {
  /** The open transaction for a mutating operation; the database for a read. */
  db: Executor;
  /** The engine, for the reads that run prepared statements directly. */
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<N>;
};

export type WalletHandlers = {
  [N in WalletOperationName]: (context: HandlerContext<N>) => Promise<OperationData<N>>;
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

export const createWalletHandlers = (config: HandlerConfig): WalletHandlers => ({
  registerAndKyc: registerUser,
  cardListAllByUser: listCardsByUser,
  agencyApplyUserCard: (context) => applyCard({ ...context, payer: 'AGENCY' }),
  userApplyCard: (context) => applyCard({ ...context, payer: 'USER' }),
  agencyAssetList: listAgencyAssets,
  userCardList: listUserCards,
  addAddress,
  categoryList: listCategories,
  userAssetList: listUserAssets,
  addressList: listAddresses,
  cardDetail: detailCard,
  cardActivate: (context) => changeCardStatus({ ...context, action: 'activate' }),
  cardLock: (context) => changeCardStatus({ ...context, action: 'lock' }),
  cardUnlock: (context) => changeCardStatus({ ...context, action: 'unlock' }),
  cardCancel: (context) => changeCardStatus({ ...context, action: 'cancel' }),
  assetTransfer: transferAsset,
  assetLedger: listLedger,
  assetDaily: listDailyTotals,
  addressUpdate: updateAddress,
  addressDelete: deleteAddress,
  userSearch: searchUsers,
  webhookAdd: (context) =>
    addWebhook({ ...context, secretBox: config.secretBox, allowPrivate: config.allowPrivateWebhooks }),
  webhookList: listWebhooks,
  webhookDelete: deleteWebhook,
  eventList: listEvents,
  eventRedeliver: redeliverEvent,
});
