// Shaping stored cards into the spec's card record (2.4) and user card summary (2.7). The
// category's fields come from the in-memory catalogue (category-catalogue.ts), not a join.
import { maskedCardNumber } from '@/lib/wallet/contract/card-number';
import type { CardRecord, UserCardSummary } from '@/lib/wallet/contract/schemas';
import type { Category } from './category-catalogue';

/** The card columns the records use, as the hot reads select them (snake_case, driver types). */
export type CardRow = {
  id: number;
  category_id: number;
  card_asset_id: number;
  payment_asset_id: number;
  card_holder: string;
  /** What may be shown of the number (the whole one is sealed: card-secrets.ts). */
  first6: string;
  last4: string;
  number_length: number;
  card_uuid: string;
  expire_month: string;
  expire_year: string;
  status: string;
};

/** What the full 2.4 record needs beyond the summary's columns. */
export type FullCardRow = CardRow & {
  user_id: number;
  embossed_name: string;
  card_account_status: string;
  channel: string;
  reject_reason: string | null;
  active_time: Date | string | null;
  updated_at: Date | string;
};

const maskedNumber = (card: CardRow) =>
  maskedCardNumber({ first6: card.first6, last4: card.last4, length: card.number_length });

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function toCardRecord(
  card: FullCardRow,
  category: Category,
  user: { email: string; mobile: string },
  agencyCode: string,
): CardRecord {
  return {
    activeTime: card.active_time ? iso(card.active_time) : null,
    agencyCode,
    cardAccountStatus: card.card_account_status as CardRecord['cardAccountStatus'],
    cardAssetId: card.card_asset_id,
    cardHolder: card.card_holder,
    cardId: card.id,
    cardNumber: maskedNumber(card),
    cardUUID: card.card_uuid,
    categoryId: card.category_id,
    channel: card.channel,
    currency: category.currency,
    currencyIcon: category.currencyIcon,
    currencySymbol: category.currencySymbol,
    decimalPlaces: category.decimalPlaces,
    email: user.email,
    embossedName: card.embossed_name,
    expireMonth: card.expire_month,
    expireYear: card.expire_year,
    feature: category.feature,
    last4: card.last4,
    level: category.level,
    marginAssetId: card.payment_asset_id,
    mobile: user.mobile,
    name: category.name,
    network: category.network,
    rejectReason: card.reject_reason ?? '',
    status: card.status as CardRecord['status'],
    styleConfig: category.styleConfig,
    type: category.type as CardRecord['type'],
    updateTime: iso(card.updated_at),
    userId: card.user_id,
  };
}

export function toUserCardSummary(
  card: CardRow,
  category: Category,
  user: { email: string; appUserId: string },
  appId: string,
): UserCardSummary {
  return {
    appId,
    appUserId: user.appUserId,
    cardAssetId: card.card_asset_id,
    cardHolder: card.card_holder,
    cardId: card.id,
    cardName: category.name,
    cardNumber: maskedNumber(card),
    cardUUID: card.card_uuid,
    currency: category.currency,
    currencyIcon: category.currencyIcon,
    currencySymbol: category.currencySymbol,
    decimalPlaces: category.decimalPlaces,
    expireMonth: card.expire_month,
    expireYear: card.expire_year,
    last4: card.last4,
    marginAssetId: card.payment_asset_id,
    network: category.network,
    status: card.status as UserCardSummary['status'],
    type: category.type as UserCardSummary['type'],
    userEmail: user.email,
  };
}
