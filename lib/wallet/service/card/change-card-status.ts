// card/activate, card/lock, card/unlock and card/cancel (docs/wallet-api.md "Card lifecycle"), in
// the caller's transaction: the card's row is locked first (so a status change and a top-up of the
// same card queue rather than race), the lifecycle table decides (4009 otherwise), the history
// trigger records the change with its reason. Cancelling returns the card asset's balance to the
// user's wallet asset of that currency, with a ledger entry on both, in the same transaction,
// after reversing the card's open holds (docs/card-spending.md "Rules"). The
// change is a card.status_changed event, written in that transaction too. The card keeps where its
// balance went, for a refund after the cancel (docs/card-spending.md "Rules").
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '@/lib/db/open';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { CardChangeReason, ManagedCard } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { cards } from '../db/schema';
import { walletAssetOf } from './cancelled-balance';
import { moveMoney } from '../asset/move-money';
import { recordEvent } from '../event/record-event';
import {
  CARD_ACTION_VERBS,
  nextStatus,
  type CardAction,
  type CardStatus,
} from '@/lib/wallet/contract/card-lifecycle';
import { lockCardOfParams, toManagedCard } from './find-card';
import { reverseOpenHolds } from '../spending/reverse-authorization';
import { cardActivate } from '@/lib/wallet/contract/operations/card-activate';
import { cardLock } from '@/lib/wallet/contract/operations/card-lock';
import { cardUnlock } from '@/lib/wallet/contract/operations/card-unlock';
import { cardCancel } from '@/lib/wallet/contract/operations/card-cancel';
import { bindHandler } from '../bind-handler';

export async function changeCardStatus(options: {
  db: Executor;
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  action: CardAction;
  params: { appUserId: string; cardId: number; reason?: CardChangeReason };
  now?: Date;
}): Promise<ManagedCard> {
  const { db, app, action, params } = options;
  const now = options.now ?? new Date();
  const found = await lockCardOfParams(options);
  const from = found.card.status as CardStatus;
  const to = nextStatus(from, action);
  if (!to) {
    throw new WalletError(
      ResultCode.CARD_STATUS_CONFLICT,
      `Card ${found.card.id} is ${from}, so it cannot be ${CARD_ACTION_VERBS[action].done}.`,
    );
  }

  let balanceMovedTo: number | undefined;
  if (action === 'cancel') {
    // Open holds first (docs/card-spending.md "Rules"): the card's row is locked FOR UPDATE, so
    // no authorization opens a new one meanwhile; then the whole balance is free to go back.
    await reverseOpenHolds({ db, app, cardId: found.card.id, now });
    balanceMovedTo = await refundCardBalance(
      db,
      found.card,
      { appId: app.id, userId: found.owner.id },
      found.category.currency,
    );
  }

  const [updated] = await db
    .update(cards)
    .set({
      status: to,
      statusReason: params.reason ?? null,
      updatedAt: now,
      // Where a later refund to the card goes (docs/card-spending.md "Rules").
      ...(balanceMovedTo !== undefined ? { balanceMovedTo } : {}),
      ...(action === 'activate' ? { cardAccountStatus: 'APPROVED', activeTime: now } : {}),
    })
    .where(eq(cards.id, found.card.id))
    .returning();
  if (!updated) throw new Error('card update returned no row');
  await recordEvent({
    db,
    app,
    type: 'card.status_changed',
    data: {
      cardId: updated.id,
      appUserId: found.owner.appUserId,
      fromStatus: from,
      toStatus: to,
      reason: params.reason ?? null,
    },
    now,
  });
  return toManagedCard({ ...found, card: updated }, app.appId);
}

/** The card asset's whole balance back to the owner's wallet asset of the card's currency; which. */
async function refundCardBalance(
  db: Executor,
  card: { id: number; cardAssetId: number },
  owner: { appId: number; userId: number },
  currency: string,
): Promise<number> {
  const walletId = await walletAssetOf(db, owner, currency);
  await moveMoney({
    db,
    fromAssetId: card.cardAssetId,
    toAssetId: walletId,
    amountMinor: 'all',
    outType: 'CARD_REFUND',
    inType: 'CARD_REFUND',
    cardId: card.id,
  });
  return walletId;
}

/** cardActivate's handler (lib/wallet/contract/operations/card-activate.ts). */
export const cardActivateHandler = bindHandler(cardActivate, (context) =>
  changeCardStatus({ ...context, action: 'activate' }),
);

/** cardLock's handler (lib/wallet/contract/operations/card-lock.ts). */
export const cardLockHandler = bindHandler(cardLock, (context) =>
  changeCardStatus({ ...context, action: 'lock' }),
);

/** cardUnlock's handler (lib/wallet/contract/operations/card-unlock.ts). */
export const cardUnlockHandler = bindHandler(cardUnlock, (context) =>
  changeCardStatus({ ...context, action: 'unlock' }),
);

/** cardCancel's handler (lib/wallet/contract/operations/card-cancel.ts). */
export const cardCancelHandler = bindHandler(cardCancel, (context) =>
  changeCardStatus({ ...context, action: 'cancel' }),
);
