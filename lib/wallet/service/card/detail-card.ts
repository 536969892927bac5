// card/detail (docs/wallet-api.md "Card record"): the card record, its own asset's balance and
// what of it is available (less open holds, docs/card-spending.md "Money model"), and
// every status change, oldest first (issuance first, from null), as the history trigger recorded
// them.
import { asc, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '@/lib/db/open';
import { minorToMajor } from '@/lib/wallet/contract/money';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import type { CardDetail, CardStatusChange } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { assets, cardStatusHistory } from '../db/schema';
import { findCardOrThrow, toManagedCard } from './find-card';
import { cardDetail } from '@/lib/wallet/contract/operations/card-detail';
import { bindHandler } from '../bind-handler';

export async function detailCard(options: {
  db: Executor;
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<'cardDetail'>;
}): Promise<CardDetail> {
  const { db, app, params } = options;
  const found = await findCardOrThrow({ ...options, appUserId: params.appUserId, cardId: params.cardId });
  const [[asset], history] = await Promise.all([
    db
      .select({ balance: assets.balance, held: assets.held })
      .from(assets)
      .where(eq(assets.id, found.card.cardAssetId)),
    db
      .select()
      .from(cardStatusHistory)
      .where(eq(cardStatusHistory.cardId, found.card.id))
      .orderBy(asc(cardStatusHistory.id)),
  ]);
  return {
    ...toManagedCard(found, app.appId),
    balance: minorToMajor(asset?.balance ?? 0, found.category.decimalPlaces),
    availableBalance: minorToMajor((asset?.balance ?? 0) - (asset?.held ?? 0), found.category.decimalPlaces),
    history: history.map((h): CardStatusChange => ({
      fromStatus: h.fromStatus as CardStatusChange['fromStatus'],
      toStatus: h.toStatus as CardStatusChange['toStatus'],
      reason: h.reason as CardStatusChange['reason'],
      at: h.createdAt.toISOString(),
    })),
  };
}

/** cardDetail's handler (lib/wallet/contract/operations/card-detail.ts). */
export const cardDetailHandler = bindHandler(cardDetail, detailCard);
