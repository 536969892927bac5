// asset/transfer (docs/wallet-api.md "Transfers"), in the caller's transaction: both assets under
// the app (4011), a receiving card's row held FOR SHARE (a cancel of that card waits for this
// transfer, or this transfer sees it CANCELLED), the transfer rules (4010), the amount's decimals
// (1002), then both rows locked, the money moved, one transfer row and a ledger entry on each side;
// a short balance is 4001 and changes nothing. Events: transfer.completed, and asset.low_balance
// when the money left an agency asset across its low-balance line.
import { and, eq, inArray } from 'drizzle-orm';
import type { DatabaseHandle } from '@/lib/db/open';
import { decimalToMinor, minorToMajor } from '@/lib/wallet/contract/money';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { Transfer } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { assets, cards, transfers } from '../db/schema';
import { noteAgencyDebit } from '../event/low-balance';
import { recordEvent } from '../event/record-event';
import { moveMoney } from './move-money';
import { transferRefusal, type AssetKind } from './transfer-rules';
import { assetTransfer } from '@/lib/wallet/contract/operations/asset-transfer';
import { bindHandler } from '../bind-handler';

type AssetRow = { id: number; userId: number | null; type: string; currency: string; decimalPlaces: number };

export async function transferAsset(options: {
  db: Executor;
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<'assetTransfer'>;
}): Promise<Transfer> {
  const { db, app, params } = options;
  const rows: AssetRow[] = await db
    .select({
      id: assets.id,
      userId: assets.userId,
      type: assets.type,
      currency: assets.currency,
      decimalPlaces: assets.decimalPlaces,
    })
    .from(assets)
    .where(and(eq(assets.appId, app.id), inArray(assets.id, [params.fromAssetId, params.toAssetId])));
  const from = rows.find((r) => r.id === params.fromAssetId);
  const to = rows.find((r) => r.id === params.toAssetId);
  if (!from) throw assetNotFound(params.fromAssetId);
  if (!to) throw assetNotFound(params.toAssetId);
  if (from.id === to.id) {
    throw new WalletError(ResultCode.TRANSFER_NOT_ALLOWED, 'A transfer needs two different assets.');
  }

  const refusal = transferRefusal(await kindOf(db, from), await kindOf(db, to));
  if (refusal) {
    throw new WalletError(
      ResultCode.TRANSFER_NOT_ALLOWED,
      `A transfer from asset ${from.id} to asset ${to.id} is not allowed: ${refusal}.`,
    );
  }

  const amountMinor = decimalToMinor(params.amount, from.decimalPlaces);
  if (amountMinor === undefined || amountMinor <= 0) {
    const rule = `must be more than 0 with at most ${from.decimalPlaces} decimals (the asset's)`;
    throw new WalletError(ResultCode.PARAM_INVALID, `amount ${rule}.`, { field: 'amount', rule });
  }

  let transferId = 0;
  const moved = await moveMoney({
    db,
    fromAssetId: from.id,
    toAssetId: to.id,
    amountMinor,
    outType: 'TRANSFER_OUT',
    inType: 'TRANSFER_IN',
    recordTransfer: async () => {
      const [transfer] = await db
        .insert(transfers)
        .values({ appId: app.id, fromAssetId: from.id, toAssetId: to.id, amount: amountMinor })
        .returning({ id: transfers.id });
      if (!transfer) throw new Error('transfer insert returned no row');
      transferId = transfer.id;
      return transfer.id;
    },
  });
  const dp = from.decimalPlaces;
  if ('short' in moved) {
    throw new WalletError(
      ResultCode.BALANCE_INSUFFICIENT,
      `Asset ${from.id} holds ${minorToMajor(moved.short, dp)} ${from.currency}, less than the ${params.amount} to transfer.`,
    );
  }
  const transfer: Transfer = {
    transferId,
    fromAssetId: from.id,
    toAssetId: to.id,
    amount: minorToMajor(amountMinor, dp),
    fromBalance: minorToMajor(moved.fromBalance, dp),
    toBalance: minorToMajor(moved.toBalance, to.decimalPlaces),
  };
  await recordEvent({ db, app, type: 'transfer.completed', data: transfer });
  if (from.userId === null && from.type !== 'CARD') {
    await noteAgencyDebit({
      db,
      engine: options.engine,
      app,
      asset: from,
      beforeMinor: moved.fromBalance + amountMinor,
      afterMinor: moved.fromBalance,
    });
  }
  return transfer;
}

function assetNotFound(assetId: number): WalletError {
  return new WalletError(ResultCode.ASSET_NOT_FOUND, `Asset ${assetId} does not exist under this app.`);
}

/** What an asset is, for the rules; a card asset's card is held FOR SHARE until commit. */
async function kindOf(db: Executor, asset: AssetRow): Promise<AssetKind> {
  if (asset.type === 'CARD') {
    const [card] = await db
      .select({ status: cards.status, userId: cards.userId })
      .from(cards)
      .where(eq(cards.cardAssetId, asset.id))
      .for('share');
    return {
      kind: 'CARD',
      userId: card?.userId ?? -1,
      currency: asset.currency,
      cardStatus: card?.status ?? 'CANCELLED',
    };
  }
  if (asset.userId === null) return { kind: 'AGENCY', currency: asset.currency };
  return { kind: 'WALLET', userId: asset.userId, currency: asset.currency };
}

/** assetTransfer's handler (lib/wallet/contract/operations/asset-transfer.ts). */
export const assetTransferHandler = bindHandler(assetTransfer, transferAsset);
