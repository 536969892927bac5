// Why a purchase was declined, in words a support agent can read to the caller, and what can be
// done about it (docs/back-office.md "Pages": a card's authorizations). Keyed by the contract's
// declineReason (docs/card-spending.md "Decision order"); the sentence of what happened is the
// contract's own (DECLINE_REASON_WORDS), this module adds a short label for tables and filters and
// the next step. Pure and zod-free: the card page, /transactions and the sandbox all read it.
import { DECLINE_REASONS, DECLINE_REASON_WORDS, type DeclineReason } from '@/lib/wallet/contract/enums';
import { mccDescription, mccGroupName } from '@/lib/wallet/contract/merchant-categories';
import { countryName } from '@/lib/backoffice/shared/format';

export type DeclineReasonText = {
  /** A few words for a table cell or a filter's option. */
  label: string;
  /** What happened, to read to the caller. */
  what: string;
  /** What can be done about it, and by whom. */
  next: string;
};

export const DECLINE_REASON_TEXT: Readonly<Record<DeclineReason, DeclineReasonText>> = {
  CARD_NOT_ACTIVE: {
    label: 'Card not active',
    what: DECLINE_REASON_WORDS.CARD_NOT_ACTIVE,
    next: 'Check the card status above: an operator activates a new card or unlocks a locked one; a cancelled card cannot be used again.',
  },
  CARD_EXPIRED: {
    label: 'Card expired',
    what: DECLINE_REASON_WORDS.CARD_EXPIRED,
    next: 'The card cannot be used any more; an operator can issue the user a new card.',
  },
  CVV_MISMATCH: {
    label: 'Wrong CVV',
    what: DECLINE_REASON_WORDS.CVV_MISMATCH,
    next: 'The cardholder sees the CVV on their card-details page; after three wrong ones within 24 hours the card is locked (reason CVV_ATTEMPTS) until an operator unlocks it.',
  },
  EXPIRY_MISMATCH: {
    label: 'Wrong expiry date',
    what: DECLINE_REASON_WORDS.EXPIRY_MISMATCH,
    next: "The cardholder sees the expiry date (MM/YY) on their card-details page; the merchant's form must send the card's.",
  },
  CURRENCY_NOT_SUPPORTED: {
    label: 'Other currency',
    what: DECLINE_REASON_WORDS.CURRENCY_NOT_SUPPORTED,
    next: "The card pays in its own currency only; the merchant should charge in the card's currency.",
  },
  MCC_BLOCKED: {
    label: 'Merchant category blocked',
    what: DECLINE_REASON_WORDS.MCC_BLOCKED,
    next: "This card's spending controls block this kind of merchant; an operator can change them on this card's page.",
  },
  COUNTRY_BLOCKED: {
    label: 'Country blocked',
    what: DECLINE_REASON_WORDS.COUNTRY_BLOCKED,
    next: "This card's spending controls block this country; an operator can change them on this card's page.",
  },
  LIMIT_PER_TRANSACTION: {
    label: 'Over the per-purchase limit',
    what: DECLINE_REASON_WORDS.LIMIT_PER_TRANSACTION,
    next: 'A smaller purchase goes through; an operator can raise the limit in the spending controls.',
  },
  LIMIT_DAILY: {
    label: 'Over the daily limit',
    what: DECLINE_REASON_WORDS.LIMIT_DAILY,
    next: 'The spending controls show what remains today and when the limit resets (midnight UTC); an operator can raise the limit.',
  },
  LIMIT_MONTHLY: {
    label: 'Over the monthly limit',
    what: DECLINE_REASON_WORDS.LIMIT_MONTHLY,
    next: 'The spending controls show what remains this month and when it resets (the 1st, UTC); an operator can raise the limit.',
  },
  LIMIT_ALL_TIME: {
    label: 'Over the total limit',
    what: DECLINE_REASON_WORDS.LIMIT_ALL_TIME,
    next: 'The spending controls show what remains; it never resets, so only an operator raising the limit lets more through.',
  },
  INSUFFICIENT_FUNDS: {
    label: 'Not enough money',
    what: DECLINE_REASON_WORDS.INSUFFICIENT_FUNDS,
    next: 'The available balance is above; held purchases count against it. The card can be topped up from the wallet.',
  },
  AGENCY_DECLINED: {
    label: 'Declined by the programme',
    what: DECLINE_REASON_WORDS.AGENCY_DECLINED,
    next: "The card programme's own decision service said no; its team can say why (the wallet does not know).",
  },
  AGENCY_TIMEOUT: {
    label: 'Programme did not answer',
    what: DECLINE_REASON_WORDS.AGENCY_TIMEOUT,
    next: "Trying the purchase again may work; if it keeps happening, the programme's decision service is slow (see Developers).",
  },
  AGENCY_UNAVAILABLE: {
    label: 'Programme unavailable',
    what: DECLINE_REASON_WORDS.AGENCY_UNAVAILABLE,
    next: "Trying the purchase again may work; if it keeps happening, the programme's decision service is failing or answering wrongly (see Developers).",
  },
};

/** The reasons in the decision's order, with their labels: a filter's options. */
export const DECLINE_REASON_OPTIONS = DECLINE_REASONS.map((reason) => ({
  value: reason,
  label: DECLINE_REASON_TEXT[reason].label,
}));

/**
 * One declined purchase explained: the reason's words with the merchant's category or country
 * named where it is the cause ("Gambling merchants (Betting, casinos and lotteries, MCC 7995) are
 * blocked on this card.").
 */
export function explainDecline(
  reason: DeclineReason,
  merchant: { mcc: string; country: string },
): DeclineReasonText {
  const text = DECLINE_REASON_TEXT[reason];
  if (reason === 'MCC_BLOCKED') {
    const group = mccGroupName(merchant.mcc);
    const what =
      group === 'Other'
        ? `Merchants of category MCC ${merchant.mcc} are blocked on this card.`
        : `${group} merchants (${mccDescription(merchant.mcc)}, MCC ${merchant.mcc}) are blocked on this card.`;
    return { ...text, what };
  }
  if (reason === 'COUNTRY_BLOCKED') {
    return {
      ...text,
      what: `Purchases from merchants in ${countryName(merchant.country)} are blocked on this card.`,
    };
  }
  return text;
}
