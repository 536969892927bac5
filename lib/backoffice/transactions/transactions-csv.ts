// The programme's purchases as CSV (RFC 4180, lib/backoffice/cards/cards-csv.ts's cells): one
// line per authorization of the filter, codes as the wallet sends them (status, declineReason,
// decidedBy) beside the words, times ISO 8601 UTC, amounts in major units, and whose purchase it
// is by name (the last columns, so the earlier ones keep their places). Pure.
import { purchaseStatusText } from '@/lib/backoffice/cards/authorization-view';
import { CSV_BOM, csvLine } from '@/lib/backoffice/cards/cards-csv';
import type { PurchaseHolder } from '@/lib/backoffice/cards/purchase-words';
import { DECLINE_REASON_TEXT } from '@/lib/backoffice/cards/decline-reasons';
import { mccGroupName } from '@/lib/wallet/contract/merchant-categories';
import type { Authorization } from '@/lib/wallet/contract/schemas';

export const TRANSACTIONS_CSV_HEADER = [
  'Authorization ID',
  'Created (UTC)',
  'Updated (UTC)',
  'Status',
  'Decline reason',
  'Decline reason in words',
  'App user ID',
  'Card ID',
  'Merchant',
  'MCC',
  'Category',
  'Merchant country',
  'Amount',
  'Held',
  'Cleared',
  'Refunded',
  'Currency',
  'Decided by',
  'Transaction ID',
  'Status in words',
  'Holder',
  'Card',
] as const;

export function transactionsCsvPreamble(): string {
  return CSV_BOM + csvLine(TRANSACTIONS_CSV_HEADER);
}

/** One purchase; its holder by name when the wallet named them (empty otherwise). */
export function transactionCsvLine(a: Authorization, holder: PurchaseHolder | null = null): string {
  return csvLine([
    String(a.authorizationId),
    a.createdAt,
    a.updatedAt,
    a.status,
    a.declineReason ?? '',
    a.declineReason ? DECLINE_REASON_TEXT[a.declineReason].what : '',
    a.appUserId,
    String(a.cardId),
    a.merchant.name,
    a.merchant.mcc,
    mccGroupName(a.merchant.mcc),
    a.merchant.country,
    String(a.amount),
    String(a.heldAmount),
    String(a.clearedAmount),
    String(a.refundedAmount),
    a.currency,
    a.decidedBy,
    a.transactionId === null ? '' : String(a.transactionId),
    purchaseStatusText(a).label,
    holder?.name ?? '',
    holder?.card ?? '',
  ]);
}

export function transactionsCsvFilename(now: Date): string {
  return `purchases-${now.toISOString().slice(0, 10).replaceAll('-', '')}.csv`;
}
