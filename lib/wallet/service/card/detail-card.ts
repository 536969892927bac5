// card/detail (docs/wallet-api.md "Card record"): the card record, its own asset's balance and
// what of it is available (less open holds, docs/card-spending.md "Money model"), and
// every status change, oldest first (issuance first, from null), as the history trigger recorded
// them; and the cards a replacement links it to (docs/wallet-api.md "card/replace"): card/replace
// records on the old card where its balance went (balance_moved_to, the new card's asset), so the
// new card is the one of that asset, and the old card the one whose balance came to this card's.
import { and, asc, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '@/lib/db/open';
import { minorToMajor } from '@/lib/wallet/contract/money';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import type { CardDetail, CardStatusChange } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { assets, cards, cardStatusHistory } from '../db/schema';
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
  const [[asset], history, replaces, replacedBy] = await Promise.all([
    db
      .select({ balance: assets.balance, held: assets.held })
      .from(assets)
      .where(eq(assets.id, found.card.cardAssetId)),
    db
      .select()
      .from(cardStatusHistory)
      .where(eq(cardStatusHistory.cardId, found.card.id))
      .orderBy(asc(cardStatusHistory.id)),
    db
      .select({ id: cards.id })
      .from(cards)
      .where(and(eq(cards.userId, found.card.userId), eq(cards.balanceMovedTo, found.card.cardAssetId))),
    found.card.balanceMovedTo === null
      ? Promise.resolve([])
      : db.select({ id: cards.id }).from(cards).where(eq(cards.cardAssetId, found.card.balanceMovedTo)),
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
    replacesCardId: replaces[0]?.id ?? null,
    replacedByCardId: replacedBy[0]?.id ?? null,
  };
}

/** cardDetail's handler (lib/wallet/contract/operations/card-detail.ts). */
export const cardDetailHandler = bindHandler(cardDetail, detailCard);
