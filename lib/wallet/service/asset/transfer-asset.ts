// asset/transfer (docs/wallet-api.md "Transfers"), in the caller's transaction, in three prepared
// statements (db/statements.ts), the agency's row locked last: TRANSFER_COLD returns both assets
// of the app (4011 for one that is not the app's) with what the rules need, a card asset's card
// first, FOR SHARE (a cancel of that card waits for this transfer, or this transfer sees it
// CANCELLED), and the users' assets locked with their balances; then the transfer rules (4010) and
// the amount's decimals (1002), decided with nothing written and no agency row locked; then
// TRANSFER_HOT locks the agency's asset (when one takes part) and reads its balance, the balance
// (a short one is 4001) is decided, and TRANSFER_WRITE moves the money: both balances, one
// transfer row, a ledger entry on each side, the transfer.completed event and the requestId's
// answer, one statement. Every transfer of the agency queues on its asset's row, so that row is
// held only for the last two round trips and the commit. asset.low_balance follows when the money
// left an agency asset across its low-balance line. A balance never goes below zero: it is set
// only to what the locked row held less the amount, and only when it held at least that.
import type { DatabaseHandle } from '@/lib/db/open';
import { decimalToMinor, minorToMajor } from '@/lib/wallet/contract/money';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { Transfer } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { TRANSFER_COLD, TRANSFER_HOT, TRANSFER_WRITE } from '../db/statements';
import { noteAgencyDebit } from '../event/low-balance';
import { newEvent, noteQueuedDeliveries } from '../event/record-event';
import { transferRefusal, type AssetKind } from './transfer-rules';
import { assetTransfer } from '@/lib/wallet/contract/operations/asset-transfer';
import { bindHandler } from '../bind-handler';
import { claimedRequestId, noteAnswerStored } from '../request/idempotency';

/** A row of TRANSFER_COLD (int8 columns as the driver gives them). */
type LockedAsset = {
  id: number;
  user_id: number | null;
  type: string;
  currency: string;
  decimal_places: number;
  /** Under the lock for a user's asset; null for the agency's, read under TRANSFER_HOT. */
  balance: string | number | bigint | null;
  card_status: string | null;
  card_user_id: number | null;
  transfer_id: string | number | bigint;
};

export async function transferAsset(options: {
  db: Executor;
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<'assetTransfer'>;
}): Promise<Transfer> {
  const { db, engine, app, params } = options;
  const rows = await engine.queryIn<LockedAsset>(
    db,
    TRANSFER_COLD.text,
    [app.id, params.fromAssetId, params.toAssetId],
    TRANSFER_COLD.name,
  );
  const from = rows.find((r) => r.id === params.fromAssetId);
  const to = rows.find((r) => r.id === params.toAssetId);
  if (!from) throw assetNotFound(params.fromAssetId);
  if (!to) throw assetNotFound(params.toAssetId);
  if (from.id === to.id) {
    throw new WalletError(ResultCode.TRANSFER_NOT_ALLOWED, 'A transfer needs two different assets.');
  }

  const refusal = transferRefusal(kindOf(from), kindOf(to));
  if (refusal) {
    throw new WalletError(
      ResultCode.TRANSFER_NOT_ALLOWED,
      `A transfer from asset ${from.id} to asset ${to.id} is not allowed: ${refusal}.`,
    );
  }

  const dp = from.decimal_places;
  const amountMinor = decimalToMinor(params.amount, dp);
  if (amountMinor === undefined || amountMinor <= 0) {
    const rule = `must be more than 0 with at most ${dp} decimals (the asset's)`;
    throw new WalletError(ResultCode.PARAM_INVALID, `amount ${rule}.`, { field: 'amount', rule });
  }

  await lockAgencyAssets(db, engine, app, rows);
  const fromBefore = Number(from.balance);
  if (fromBefore < amountMinor) {
    throw new WalletError(
      ResultCode.BALANCE_INSUFFICIENT,
      `Asset ${from.id} holds ${minorToMajor(fromBefore, dp)} ${from.currency}, less than the ${params.amount} to transfer.`,
    );
  }
  const fromBalance = fromBefore - amountMinor;
  const toBalance = Number(to.balance) + amountMinor;
  const transfer: Transfer = {
    transferId: Number(from.transfer_id),
    fromAssetId: from.id,
    toAssetId: to.id,
    amount: minorToMajor(amountMinor, dp),
    fromBalance: minorToMajor(fromBalance, dp),
    toBalance: minorToMajor(toBalance, to.decimal_places),
  };
  const event = newEvent({ app, type: 'transfer.completed', data: transfer });
  // The answer goes into the requestId's record with the write (statements.ts's TRANSFER_WRITE).
  const requestId = claimedRequestId(db);
  const answer = requestId === null ? null : JSON.stringify(transfer);
  const queued = await engine.queryIn(
    db,
    TRANSFER_WRITE.text,
    [
      from.id,
      fromBalance,
      to.id,
      toBalance,
      amountMinor,
      transfer.transferId,
      app.id,
      event.id,
      event.type,
      event.body,
      event.createdAt,
      requestId,
      answer,
    ],
    TRANSFER_WRITE.name,
  );
  if (answer !== null) noteAnswerStored(db, answer);
  noteQueuedDeliveries(db, queued.length);
  if (from.user_id === null && from.type !== 'CARD') {
    await noteAgencyDebit({
      db,
      engine,
      app,
      asset: { id: from.id, currency: from.currency, decimalPlaces: dp },
      beforeMinor: fromBefore,
      afterMinor: fromBalance,
    });
  }
  return transfer;
}

/**
 * The agency's assets among the two, locked last (TRANSFER_HOT): their balances under the lock
 * are written into their rows. Nothing is sent when both are users' assets.
 */
async function lockAgencyAssets(
  db: Executor,
  engine: DatabaseHandle,
  app: AuthenticatedApp,
  rows: LockedAsset[],
): Promise<void> {
  const agency = rows.filter((r) => r.user_id === null);
  if (agency.length === 0) return;
  const ids = rows.map((r) => r.id);
  const locked = await engine.queryIn<{ id: number; balance: string | number | bigint }>(
    db,
    TRANSFER_HOT.text,
    [app.id, ids[0], ids[1] ?? ids[0]],
    TRANSFER_HOT.name,
  );
  for (const asset of agency) {
    const row = locked.find((r) => r.id === asset.id);
    if (!row) throw new Error(`asset/transfer: the agency asset ${asset.id} is missing under its lock`);
    asset.balance = row.balance;
  }
}

function assetNotFound(assetId: number): WalletError {
  return new WalletError(ResultCode.ASSET_NOT_FOUND, `Asset ${assetId} does not exist under this app.`);
}

/** What an asset is, for the rules (a card asset's card as TRANSFER_COLD read it under FOR SHARE). */
function kindOf(asset: LockedAsset): AssetKind {
  if (asset.type === 'CARD') {
    return {
      kind: 'CARD',
      userId: asset.card_user_id ?? -1,
      currency: asset.currency,
      cardStatus: asset.card_status ?? 'CANCELLED',
    };
  }
  if (asset.user_id === null) return { kind: 'AGENCY', currency: asset.currency };
  return { kind: 'WALLET', userId: asset.user_id, currency: asset.currency };
}

/** assetTransfer's handler (lib/wallet/contract/operations/asset-transfer.ts). */
export const assetTransferHandler = bindHandler(assetTransfer, transferAsset);
