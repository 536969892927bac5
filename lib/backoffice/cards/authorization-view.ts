// A card purchase (an authorization, docs/card-spending.md "Authorization") for people: its status
// in words and tone, who decided it, and the merchant's category and country by name. Pure and
// zod-free: the card page, /transactions, the sandbox and the CSV read it.
import {
  AUTHORIZATION_STATUSES,
  type AuthorizationStatus,
  type DecidedBy,
} from '@/lib/wallet/contract/enums';
import { mccDescription, mccGroupName } from '@/lib/wallet/contract/merchant-categories';
import type { Authorization } from '@/lib/wallet/contract/schemas';
import { countryName } from '@/lib/backoffice/shared/format';

export const AUTHORIZATION_STATUS_TEXT: Readonly<
  Record<
    AuthorizationStatus,
    { label: string; tone: 'warning' | 'success' | 'neutral' | 'danger'; means: string }
  >
> = {
  PENDING: {
    label: 'Held',
    tone: 'warning',
    means: 'Approved; the amount is held until the merchant clears it',
  },
  CLEARED: { label: 'Cleared', tone: 'success', means: 'The merchant cleared it; the money left the card' },
  REVERSED: { label: 'Reversed', tone: 'neutral', means: 'The merchant released the hold; nothing was paid' },
  EXPIRED: { label: 'Expired', tone: 'neutral', means: 'Never cleared; the hold was released after 7 days' },
  DECLINED: { label: 'Declined', tone: 'danger', means: 'Refused; no money was held' },
};

export type PurchaseStatusText = (typeof AUTHORIZATION_STATUS_TEXT)[AuthorizationStatus];

/**
 * A purchase's badge (docs/back-office.md "Pages"): its status, except that a cleared purchase the
 * merchant refunded, in whole or in part, says so: "Cleared" alone would read as money spent.
 * The one mapping from a purchase to its words: the card page, /transactions, the sandbox.
 */
export function purchaseStatusText(
  a: Pick<Authorization, 'status' | 'clearedAmount' | 'refundedAmount'>,
): PurchaseStatusText {
  if (a.status !== 'CLEARED' || a.refundedAmount <= 0) return AUTHORIZATION_STATUS_TEXT[a.status];
  return a.refundedAmount >= a.clearedAmount
    ? {
        label: 'Refunded',
        tone: 'neutral',
        means: 'The merchant cleared it, then refunded all of it to the card',
      }
    : {
        label: 'Partly refunded',
        tone: 'success',
        means: 'The merchant cleared it, then refunded part of it to the card',
      };
}

/** The statuses as a filter select's options (SelectOptions), in the contract's order. */
export const AUTHORIZATION_STATUS_OPTIONS = AUTHORIZATION_STATUSES.map((s) => ({
  value: s,
  label: AUTHORIZATION_STATUS_TEXT[s].label,
}));

export const DECIDED_BY_TEXT: Readonly<Record<DecidedBy, string>> = {
  RULES: "The wallet's own checks (card status, controls, balance)",
  AGENCY: "The card programme's decision endpoint",
  FALLBACK: "The decision endpoint's fallback (it did not answer in time)",
};

/** "Gambling · Betting, casinos and lotteries (MCC 7995)" */
export function merchantCategoryText(mcc: string): string {
  const group = mccGroupName(mcc);
  const description = mccDescription(mcc);
  return group === 'Other' ? `Other (MCC ${mcc})` : `${group} · ${description} (MCC ${mcc})`;
}

/** The merchant in one line: "Lucky Casino, Gambling, Malta". */
export function merchantLine(a: Pick<Authorization, 'merchant'>): string {
  return `${a.merchant.name}, ${mccGroupName(a.merchant.mcc)}, ${countryName(a.merchant.country)}`;
}
