// The card programme's rules in the back-office that client components use as they render and as
// staff type (docs/wallet-api.md "Card lifecycle"; docs/back-office.md "Roles"), without zod: the
// reasons as staff read them (the actions and their words are the contract's card-lifecycle.ts),
// and the money dialogs' check of an amount against the wallet's amount rule, the asset's decimals
// and the source's balance, in integer minor units, and whether it will wait for approval.
// card-programme.ts builds the forms' schemas on these; lazy-resolver.ts says why the two are
// apart.
import {
  amountTextRule,
  compareAmounts,
  decimalToMinor,
  formatMinor,
  majorToMinor,
} from '@/lib/wallet/contract/money';
import {
  CARD_CHANGE_REASONS,
  type CardChangeReason,
  type CardStatusReason,
} from '@/lib/wallet/contract/enums';
import { parseAmountInput } from '@/lib/backoffice/shared/amount-input';

export { CARD_CHANGE_REASONS, type CardChangeReason };

/**
 * The reasons of docs/wallet-api.md "Card lifecycle", as staff read them: the agency's, and the
 * two the service gives itself ("The cardholder's channel").
 */
export const REASON_LABELS: Record<CardStatusReason, string> = {
  LOST: 'Lost',
  STOLEN: 'Stolen',
  DAMAGED: 'Damaged',
  FRAUD_SUSPECTED: 'Fraud suspected',
  USER_REQUEST: 'The user asked',
  OTHER: 'Other',
  CARDHOLDER_FROZEN: 'Frozen by the cardholder',
  CVV_ATTEMPTS: 'Three wrong CVVs within 24 hours',
};

/** A status reason staff may give again (a lock's reason offered for a replacement), else null. */
export function agencyReasonOf(reason: CardStatusReason | null | undefined): CardChangeReason | null {
  return (CARD_CHANGE_REASONS as readonly string[]).includes(reason ?? '')
    ? (reason as CardChangeReason)
    : null;
}

/** The kinds of transfer docs/wallet-api.md "Transfers" allows, as the back-office offers them. */
export const TRANSFER_KINDS = ['fund-wallet', 'top-up'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/** The longest note a card's lock, unlock or cancel keeps (the audit log's NOTE_MAX). */
export const CARD_NOTE_MAX = 500;

/** The wallet's amount rule as a sentence about the field, or undefined when it holds. */
export function amountRuleMessage(text: string): string | undefined {
  const rule = amountTextRule(text);
  return rule === undefined ? undefined : `Amount ${rule}.`;
}

/** What a dialog knows of an asset money can leave or arrive at. */
export type TransferAsset = {
  assetId: number;
  /** e.g. "Card margin (USD)", "Wallet (USD)", "Card •••• 3771" */
  label: string;
  currency: string;
  decimalPlaces: number;
  /** Integer minor units: the dialog's arithmetic never touches a float. */
  balanceMinor: number;
  /** One of the agency's assets: a transfer out of it may wait for approval (docs/back-office.md "Approvals"). */
  agency?: boolean;
};

export type TransferCheck =
  | {
      ok: true;
      /** As the contract writes it ("1500.00" for "1,500.00" typed): the one any sum or comparison reads. */
      amount: string;
      amountMinor: number;
      fromAfterMinor: number;
      toAfterMinor: number;
    }
  | { ok: false; message: string };

/**
 * Whether `amount` can move from `from` to `to`, before any call: the wallet's amount rule, the
 * asset's decimals, and the source's balance. Integer minor units only.
 */
export function checkTransfer(amount: string, from: TransferAsset, to: TransferAsset): TransferCheck {
  // As typed ("1,500.00", "$25"), read by the one amount reader (amount-input.ts).
  const typed = parseAmountInput(amount);
  if (!typed.ok) return { ok: false, message: typed.message };
  const text = typed.amount;
  const rule = amountRuleMessage(text);
  if (rule) return { ok: false, message: rule };
  if (from.currency !== to.currency) {
    return { ok: false, message: `Money moves only in one currency (${from.currency} → ${to.currency}).` };
  }
  if ((text.split('.')[1] ?? '').length > from.decimalPlaces) {
    return {
      ok: false,
      message: `Amount must have at most ${from.decimalPlaces} decimal${from.decimalPlaces === 1 ? '' : 's'} in ${from.currency}.`,
    };
  }
  // Past 2^53 minor units (15 digits and the decimals) is past every balance too.
  const amountMinor = decimalToMinor(text, from.decimalPlaces);
  if (amountMinor === undefined || amountMinor > from.balanceMinor) {
    return {
      ok: false,
      message: `Amount must be at most the balance of ${from.label}: ${formatMinor(from.balanceMinor, from.decimalPlaces)} ${from.currency}.`,
    };
  }
  return {
    ok: true,
    amount: text,
    amountMinor,
    fromAfterMinor: from.balanceMinor - amountMinor,
    toAfterMinor: to.balanceMinor + amountMinor,
  };
}

/**
 * Whether the dialog says, as the amount is typed, that the transfer will wait for approval
 * (docs/back-office.md "Approvals"): out of an agency asset, from `waitsFrom` (what is left of the
 * maker's 24 hours; null: never). Reads the checked amount, never the typed text, so every prefix
 * of "1,500.00" or "25." is an answer, not a RangeError (issue 40). The action decides again.
 */
export function transferWillWait(
  check: TransferCheck | undefined,
  from: TransferAsset | undefined,
  waitsFrom: string | null | undefined,
): boolean {
  return (
    check?.ok === true &&
    from?.agency === true &&
    waitsFrom != null &&
    compareAmounts(check.amount, waitsFrom) >= 0
  );
}

/** An asset as the wallet lists it (major units), as a dialog's asset (minor units). */
export function toTransferAsset(
  asset: { assetId: number; balance: number; currency: string; decimalPlaces: number },
  label: string,
): TransferAsset {
  return {
    assetId: asset.assetId,
    label,
    currency: asset.currency,
    decimalPlaces: asset.decimalPlaces,
    balanceMinor: majorToMinor(asset.balance, asset.decimalPlaces),
  };
}

type ListedAsset = {
  assetId: number;
  assetName: string;
  balance: number;
  currency: string;
  decimalPlaces: number;
};

/**
 * The agency's assets that may pay into an asset of `currency` (docs/wallet-api.md "Transfers": one
 * currency).
 */
export function agencyTransferSources(
  agencyAssets: readonly ListedAsset[],
  currency: string,
): TransferAsset[] {
  return agencyAssets
    .filter((a) => a.currency === currency)
    .map((a) => ({ ...toTransferAsset(a, `${a.assetName} (agency)`), agency: true }));
}

/** "Fund wallet": the user's wallet as the target, the agency's assets of its currency as sources. */
export function fundWalletTransfer(
  wallet: ListedAsset,
  user: { firstName: string; lastName: string },
  agencyAssets: readonly ListedAsset[],
): { target: TransferAsset; sources: TransferAsset[] } {
  return {
    target: toTransferAsset(wallet, `the wallet of ${user.firstName} ${user.lastName} (${wallet.currency})`),
    sources: agencyTransferSources(agencyAssets, wallet.currency),
  };
}
