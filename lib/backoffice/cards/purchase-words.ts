// A purchase (an authorization) in words, for rows and audit sentences (docs/back-office.md "How
// values read"): whose card it was on ("Virtual Visa Classic ••4242 of Grace Hopper"), the purchase
// ("$30.00 at Corner Cafe") and what became of it ("approved and held", "declined: over the daily
// limit"), from the one mapping of statuses and decline reasons (authorization-view.ts,
// decline-reasons.ts). IDs only where the wallet could not name the person or the card. Pure and
// client-safe: the names are read by lib/backoffice/names/purchase-holders.ts.
import { formatDecimalText } from '@/lib/backoffice/shared/format';
import type { Authorization } from '@/lib/wallet/contract/schemas';
import { purchaseStatusText } from './authorization-view';
import { DECLINE_REASON_TEXT } from './decline-reasons';

/** A person purchases are on: their name and their cards' labels by card ID. */
export type HolderNames = { name: string; cards: ReadonlyMap<number, string> };

/** The people purchases are on, by app user ID. */
export type PurchaseHolders = ReadonlyMap<string, HolderNames>;

/** Whose purchase: the person's name and the card's label (null when the wallet did not list it). */
export type PurchaseHolder = { name: string; card: string | null };

type OnCard = Pick<Authorization, 'appUserId' | 'cardId'>;

export function holderOf(a: OnCard, holders: PurchaseHolders): PurchaseHolder | null {
  const person = holders.get(a.appUserId);
  return person ? { name: person.name, card: person.cards.get(a.cardId) ?? null } : null;
}

/** "Virtual Visa Classic ••4242 of Grace Hopper"; "card 5 of user grace-001" when unnamed. */
export function purchaseCardText(a: OnCard, holder: PurchaseHolder | null): string {
  const card = holder?.card ?? `card ${a.cardId}`;
  return `${card} of ${holder?.name ?? `user ${a.appUserId}`}`;
}

/** An amount as money, with at least two decimals and every one it has: "$30.00", "€0.125". */
export function moneyText(amount: number | string, currency: string): string {
  return formatDecimalText(String(amount), currency, 2);
}

/** "$30.00 at Corner Cafe" */
export function purchaseText(a: Pick<Authorization, 'amount' | 'currency' | 'merchant'>): string {
  return `${moneyText(a.amount, a.currency)} at ${a.merchant.name}`;
}

/** What became of it: "approved and held", "declined: over the daily limit", "partly refunded". */
export function purchaseOutcomeText(
  a: Pick<Authorization, 'status' | 'declineReason' | 'clearedAmount' | 'refundedAmount'>,
): string {
  if (a.status === 'DECLINED') {
    return a.declineReason
      ? `declined: ${DECLINE_REASON_TEXT[a.declineReason].label.toLowerCase()}`
      : 'declined';
  }
  if (a.status === 'PENDING') return 'approved and held';
  return purchaseStatusText(a).label.toLowerCase();
}
