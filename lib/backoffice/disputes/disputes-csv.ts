// The disputes as CSV (RFC 4180 through lib/backoffice/cards/cards-csv.ts's cells, which defuse
// formulas): one line per dispute of the /disputes filter, codes as the wallet sends them (status,
// reason) beside the words, times ISO 8601 UTC, amounts in major units, and whose card it is by
// name last. Pure.
import { CSV_BOM, csvLine } from '@/lib/backoffice/cards/cards-csv';
import { DISPUTE_REASON_TEXT, DISPUTE_STATUS_BADGE } from './dispute-words';
import type { Dispute } from '@/lib/wallet/contract/schemas';

export const DISPUTES_CSV_HEADER = [
  'Dispute ID',
  'Created (UTC)',
  'Status',
  'Status in words',
  'Reason',
  'Reason in words',
  'Amount',
  'Currency',
  'Merchant',
  'Due by (UTC)',
  'Submitted (UTC)',
  'Resolved (UTC)',
  'App user ID',
  'Card ID',
  'Transaction ID',
  'Authorization ID',
  'Credit transaction ID',
  'Explanation',
  'Holder',
] as const;

export function disputesCsvPreamble(): string {
  return CSV_BOM + csvLine(DISPUTES_CSV_HEADER);
}

export function disputeCsvLine(d: Dispute, holderName: string | null = null): string {
  return csvLine([
    String(d.disputeId),
    d.createdAt,
    d.status,
    DISPUTE_STATUS_BADGE[d.status].label,
    d.reason,
    DISPUTE_REASON_TEXT[d.reason].label,
    String(d.amount),
    d.currency,
    d.merchant.name,
    d.dueBy,
    d.submittedAt ?? '',
    d.resolvedAt ?? '',
    d.appUserId,
    String(d.cardId),
    String(d.transactionId),
    String(d.authorizationId),
    d.creditTransactionId === null ? '' : String(d.creditTransactionId),
    d.explanation ?? '',
    holderName ?? '',
  ]);
}

export function disputesCsvFilename(now: Date): string {
  return `disputes-${now.toISOString().slice(0, 10).replaceAll('-', '')}.csv`;
}
