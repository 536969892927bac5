// Finding one of a user's cards (4008 when the app has no such user's card), as the card
// programme's operations need it: the card row, its owner and its category from the catalogue.
import { and, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '@/lib/db/open';
import { maskedCardNumber } from '@/lib/wallet/contract/card-number';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { ManagedCard } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { cards, users } from '../db/schema';
import { categoriesFor, type Category } from './category-catalogue';

export type CardRowFull = typeof cards.$inferSelect;
export type CardOwner = { id: number; appUserId: string; email: string };
export type FoundCard = { card: CardRowFull; owner: CardOwner; category: Category };

export function cardNotFound(cardId: number, appUserId: string): WalletError {
  return new WalletError(
    ResultCode.CARD_NOT_FOUND,
    `Card ${cardId} is not one of user ${appUserId}'s cards.`,
  );
}

/** The card, locked FOR UPDATE when `lock` (every status change takes the card's row first). */
export async function findCardOrThrow(options: {
  db: Executor;
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  appUserId: string;
  cardId: number;
  lock?: boolean;
}): Promise<FoundCard> {
  const { db, engine, app, appUserId, cardId } = options;
  const query = db
    .select({ card: cards, owner: { id: users.id, appUserId: users.appUserId, email: users.email } })
    .from(cards)
    .innerJoin(users, eq(users.id, cards.userId))
    .where(and(eq(cards.id, cardId), eq(cards.appId, app.id), eq(users.appUserId, appUserId)))
    .limit(1);
  // Locks the card's row (and its owner's: a status change and an address change of one user
  // then queue, which is rare and short).
  const [found] = options.lock ? await query.for('update') : await query;
  if (!found) throw cardNotFound(cardId, appUserId);
  const category = (await categoriesFor(engine, [found.card.categoryId], db)).get(found.card.categoryId);
  if (!category) throw new Error(`card ${cardId} has an unknown category`);
  return { ...found, category };
}

/** The card the operation's parameters name, locked: the first step of every change to a card. */
export function lockCardOfParams(options: {
  db: Executor;
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  params: { appUserId: string; cardId: number };
}): Promise<FoundCard> {
  const { params } = options;
  return findCardOrThrow({ ...options, appUserId: params.appUserId, cardId: params.cardId, lock: true });
}

/** The card record of the card programme's operations (docs/wallet-api.md "Card record"). */
/** What toManagedCard reads of a card row (card/list selects just these). */
export type ManagedCardSource = {
  card: Pick<
    CardRowFull,
    | 'id'
    | 'cardAssetId'
    | 'paymentAssetId'
    | 'cardHolder'
    | 'first6'
    | 'last4'
    | 'numberLength'
    | 'cardUuid'
    | 'embossedName'
    | 'expireMonth'
    | 'expireYear'
    | 'status'
    | 'cardAccountStatus'
  >;
  owner: Pick<CardOwner, 'appUserId' | 'email'>;
  category: Category;
};

export function toManagedCard({ card, owner, category }: ManagedCardSource, appId: string): ManagedCard {
  return {
    appId,
    appUserId: owner.appUserId,
    cardAssetId: card.cardAssetId,
    cardHolder: card.cardHolder,
    cardId: card.id,
    cardName: category.name,
    cardNumber: maskedCardNumber({ first6: card.first6, last4: card.last4, length: card.numberLength }),
    cardUUID: card.cardUuid,
    currency: category.currency,
    currencyIcon: category.currencyIcon,
    currencySymbol: category.currencySymbol,
    decimalPlaces: category.decimalPlaces,
    expireMonth: card.expireMonth,
    expireYear: card.expireYear,
    last4: card.last4,
    marginAssetId: card.paymentAssetId,
    network: category.network,
    status: card.status as ManagedCard['status'],
    type: category.type as ManagedCard['type'],
    userEmail: owner.email,
    cardAccountStatus: card.cardAccountStatus as ManagedCard['cardAccountStatus'],
    embossedName: card.embossedName,
  };
}
