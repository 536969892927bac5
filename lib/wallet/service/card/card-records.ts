// Shaping stored cards into the spec's card record (2.4) and user card summary (2.7).
import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import { cardCategories, cards } from '@/lib/wallet/service/db/schema';
import type { CardRecord, UserCardSummary } from '@/lib/wallet/contract/schemas';
import type { Executor } from '../context';
import type { UserRow } from '../user/find-user';

type CardRow = typeof cards.$inferSelect;
type CategoryRow = typeof cardCategories.$inferSelect;
export type CardWithCategory = { card: CardRow; category: CategoryRow };

export async function cardsOfUsers(db: Executor, userIds: number[]): Promise<CardWithCategory[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ card: cards, category: cardCategories })
    .from(cards)
    .innerJoin(cardCategories, eq(cards.categoryId, cardCategories.id))
    .where(inArray(cards.userId, userIds))
    .orderBy(asc(cards.id));
}

const iso = (d: Date) => d.toISOString();

export function toCardRecord(
  { card, category }: CardWithCategory,
  user: Pick<UserRow, 'email' | 'mobile'>,
  agencyCode: string,
): CardRecord {
  return {
    activeTime: card.activeTime ? iso(card.activeTime) : null,
    agencyCode,
    cardAccountStatus: card.cardAccountStatus as CardRecord['cardAccountStatus'],
    cardAssetId: card.cardAssetId,
    cardHolder: card.cardHolder,
    cardId: card.id,
    cardNumber: card.cardNumber,
    cardUUID: card.cardUuid,
    categoryId: card.categoryId,
    channel: card.channel,
    currency: category.currency,
    currencyIcon: category.currencyIcon,
    currencySymbol: category.currencySymbol,
    decimalPlaces: category.decimalPlaces,
    email: user.email,
    embossedName: card.embossedName,
    expireMonth: card.expireMonth,
    expireYear: card.expireYear,
    feature: category.feature,
    last4: card.cardNumber.slice(-4),
    level: category.level,
    marginAssetId: card.paymentAssetId,
    mobile: user.mobile,
    name: category.name,
    network: category.network,
    rejectReason: card.rejectReason ?? '',
    status: card.status as CardRecord['status'],
    styleConfig: category.styleConfig,
    type: category.type as CardRecord['type'],
    updateTime: iso(card.updatedAt),
    userId: card.userId,
  };
}

export function toUserCardSummary(
  { card, category }: CardWithCategory,
  user: Pick<UserRow, 'email' | 'appUserId'>,
  appId: string,
): UserCardSummary {
  return {
    appId,
    appUserId: user.appUserId,
    cardAssetId: card.cardAssetId,
    cardHolder: card.cardHolder,
    cardId: card.id,
    cardName: category.name,
    cardNumber: card.cardNumber,
    cardUUID: card.cardUuid,
    currency: category.currency,
    currencyIcon: category.currencyIcon,
    currencySymbol: category.currencySymbol,
    decimalPlaces: category.decimalPlaces,
    expireMonth: card.expireMonth,
    expireYear: card.expireYear,
    last4: card.cardNumber.slice(-4),
    marginAssetId: card.paymentAssetId,
    network: category.network,
    status: card.status as UserCardSummary['status'],
    type: category.type as UserCardSummary['type'],
    userEmail: user.email,
  };
}
