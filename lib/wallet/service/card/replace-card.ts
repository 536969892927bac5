// card/replace (docs/wallet-api.md "card/replace"): the lost-card call's end, in the caller's one
// transaction (the one holding the requestId): the old card's row is locked first, so two
// replacements (or a replacement and a status change or top-up) of one card queue, and the second
// finds it CANCELLED (4009); a new card of the same category, embossed name and holder is issued
// as at 4.3/4.4 (applyCard: its own asset, its fee debited by one conditional UPDATE, 4001 when
// short, everything rolled back); the old card asset's whole balance moves to the new card's
// asset (a CARD_REFUND entry on both, none for 0), its open holds reversed first as a cancel's are
// (docs/card-spending.md "Rules"); its spending controls and what their limits have counted move to
// the new card (carry-controls.ts); then the old card is CANCELLED with the reason
// (the history trigger records it). A card is replaced exactly once, and its money moves once.
import { and, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '@/lib/db/open';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import type { CardApplication } from '@/lib/wallet/contract/schemas';
import { CARD_ACTION_VERBS, nextStatus, type CardStatus } from '@/lib/wallet/contract/card-lifecycle';
import type { AuthenticatedApp, Executor } from '../context';
import { assets, cards } from '../db/schema';
import { moveMoney } from '../asset/move-money';
import { recordEvent } from '../event/record-event';
import { reverseOpenHolds } from '../spending/reverse-authorization';
import { carryControls } from '../spending/carry-controls';
import { applyCard } from './apply-card';
import { findCardOrThrow } from './find-card';
import { cardReplace } from '@/lib/wallet/contract/operations/card-replace';
import { bindHandler } from '../bind-handler';

export async function replaceCard(options: {
  db: Executor;
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<'cardReplace'>;
  now?: Date;
}): Promise<CardApplication> {
  const { db, app, params } = options;
  const now = options.now ?? new Date();
  const old = await findCardOrThrow({
    ...options,
    appUserId: params.appUserId,
    cardId: params.cardId,
    lock: true,
  });
  const from = old.card.status as CardStatus;
  if (!nextStatus(from, 'cancel')) {
    throw new WalletError(
      ResultCode.CARD_STATUS_CONFLICT,
      `Card ${old.card.id} is ${from}, so it cannot be ${CARD_ACTION_VERBS.cancel.done} or replaced.`,
    );
  }

  // Open holds first, as a cancel does: the card's row is locked FOR UPDATE, so no authorization
  // opens a new one meanwhile; then the whole balance is free to move to the new card.
  await reverseOpenHolds({ db, app, cardId: old.card.id, now });

  // Who pays: the agency for one of its assets, the user for one of theirs (4005 otherwise, from
  // applyCard); by default the asset that paid for the old card.
  const paymentAssetId = params.paymentAssetId ?? old.card.paymentAssetId;
  const [payment] = await db
    .select({ userId: assets.userId })
    .from(assets)
    .where(and(eq(assets.id, paymentAssetId), eq(assets.appId, app.id)));
  if (!payment) {
    throw new WalletError(
      ResultCode.PAYMENT_ASSET_NOT_FOUND,
      `Payment asset ${paymentAssetId} is not one of the agency's or user ${params.appUserId}'s assets.`,
    );
  }

  const issued = await applyCard({
    db,
    engine: options.engine,
    app,
    payer: payment.userId === null ? 'AGENCY' : 'USER',
    params: {
      agencyCode: params.agencyCode,
      appId: params.appId,
      timestamp: params.timestamp,
      nonce: params.nonce,
      sign: params.sign,
      appUserId: params.appUserId,
      paymentAssetId,
      categoryId: old.card.categoryId,
      embossedName: old.card.embossedName,
      needDelivery: params.needDelivery,
      ...(params.addressId !== undefined ? { addressId: params.addressId } : {}),
      ...(old.card.cardImageUrl ? { cardImageUrl: old.card.cardImageUrl } : {}),
    },
    now,
  });

  const [fresh] = await db
    .select({ cardAssetId: cards.cardAssetId })
    .from(cards)
    .where(eq(cards.id, issued.cardId));
  if (!fresh) throw new Error(`replacement card ${issued.cardId} is missing`);
  await moveMoney({
    db,
    fromAssetId: old.card.cardAssetId,
    toAssetId: fresh.cardAssetId,
    amountMinor: 'all',
    outType: 'CARD_REFUND',
    inType: 'CARD_REFUND',
    cardId: old.card.id,
  });
  // Its controls and what their limits have counted, after the holds' reversal lowered the counts.
  await carryControls(db, old.card.id, issued.cardId);

  const [cancelled] = await db
    .update(cards)
    .set({
      status: 'CANCELLED',
      statusReason: params.reason,
      updatedAt: now,
      // A refund to the old card follows its balance (docs/card-spending.md "Rules").
      balanceMovedTo: fresh.cardAssetId,
    })
    .where(eq(cards.id, old.card.id))
    .returning({ id: cards.id });
  if (!cancelled) throw new Error('card update returned no row');
  await recordEvent({
    db,
    app,
    type: 'card.status_changed',
    data: {
      cardId: old.card.id,
      appUserId: old.owner.appUserId,
      fromStatus: from,
      toStatus: 'CANCELLED',
      reason: params.reason,
    },
    now,
  });
  return {
    ...issued,
    msg: `Card ${old.card.id} is cancelled and replaced by card ${issued.cardId}. ${issued.msg}`,
  };
}

/** cardReplace's handler (lib/wallet/contract/operations/card-replace.ts). */
export const cardReplaceHandler = bindHandler(cardReplace, replaceCard);
