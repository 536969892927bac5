// One asset's ledger as the back-office shows and exports it (/assets/[assetId],
// docs/back-office.md "Routes"; asset/ledger, docs/wallet-api.md "Ledgers"): the entry types in
// plain words, the page's address (its owner hint and the paging contract of paging.ts), and the
// CSV rows. The CSV keeps the wallet's codes, signed decimal amounts and ISO 8601 UTC times, for
// programs (as cards-csv.ts explains), and defuses formula starts with the same cell writer. Pure
// and client-safe.
import { csvLine, CSV_BOM } from '@/lib/backoffice/cards/cards-csv';
import { pagingHref, type Paging } from '@/lib/backoffice/shared/paging';
import type { LedgerEntry } from '@/lib/wallet/contract/schemas';
import { LEDGER_TYPES } from '@/lib/wallet/contract/schemas';

export type LedgerType = (typeof LEDGER_TYPES)[number];

/** Each entry type as staff read it. */
export const LEDGER_TYPE_LABELS: Record<LedgerType, string> = {
  PROVISION: 'Opening balance',
  CREDIT: 'Deposit',
  CARD_FEE: 'Card fee',
  TRANSFER_IN: 'Transfer in',
  TRANSFER_OUT: 'Transfer out',
  CARD_REFUND: 'Card balance returned',
  CARD_SPEND: 'Card purchase',
  MERCHANT_REFUND: 'Merchant refund',
  DEPOSIT: 'Chain deposit',
  DISPUTE_CREDIT: 'Dispute won',
};

/** A short line on what each type means, for the type's title and the page's legend. */
export const LEDGER_TYPE_HINTS: Record<LedgerType, string> = {
  PROVISION: 'The balance the asset was opened with',
  CREDIT: 'Money paid into the asset by an operator',
  CARD_FEE: 'The fee for issuing a card',
  TRANSFER_IN: 'Money moved here from another asset',
  TRANSFER_OUT: 'Money moved from here to another asset',
  CARD_REFUND: "A cancelled card's balance, moved back to the user's wallet",
  CARD_SPEND: 'A purchase with the card, cleared by the merchant',
  MERCHANT_REFUND: 'A merchant refunded a purchase to the card',
  DEPOSIT: 'A USDT deposit from a chain, screened and credited 1:1',
  DISPUTE_CREDIT: 'A disputed purchase given back to the card: the network decided for the cardholder',
};

export function ledgerTypeLabel(type: string): string {
  return (LEDGER_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

// ---------------------------------------------------------------- the address

/**
 * `/assets/7`, or `/assets/7?user=u-1` for a user's asset: the wallet's ledger does not say whose
 * an asset is, and there is no operation that finds a user's asset by its ID alone, so a link to a
 * user's asset names the user, and the page checks that the asset is theirs.
 */
export function assetPath(assetId: number, ownerAppUserId?: string | null): string {
  const base = `/assets/${assetId}`;
  return ownerAppUserId ? `${base}?${new URLSearchParams({ user: ownerAppUserId }).toString()}` : base;
}

/** What the page shows besides the page number: whose asset (the owner hint) and which type. */
export interface LedgerView {
  owner: string | null;
  type: LedgerType | null;
}

/** What the `type` filter accepts, in the words of the wallet's own field errors. */
export const LEDGER_TYPE_RULE = `must be one of ${LEDGER_TYPES.join(', ')}, or left out for every type`;

/** The `type` query value as a ledger type: absent or blank is every type, else it must be one. */
export function parseLedgerType(value: string | undefined): { type: LedgerType | null; valid: boolean } {
  if (value === undefined || value.trim() === '') return { type: null, valid: true };
  const type = LEDGER_TYPES.find((t) => t === value.trim());
  return type ? { type, valid: true } : { type: null, valid: false };
}

/** The page's own link parameters besides paging (the owner hint, the type filter). */
export function assetLinkParams(view: LedgerView): Record<string, string | null> {
  return { user: view.owner, type: view.type };
}

export function assetPageHref(assetId: number, view: LedgerView, paging: Paging): string {
  return pagingHref(`/assets/${assetId}`, paging, assetLinkParams(view));
}

/** The CSV of what the page shows: the same owner hint and type, every page. */
export function assetExportHref(assetId: number, view: LedgerView): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(assetLinkParams(view))) if (value) query.set(key, value);
  const base = `/assets/${assetId}/export`;
  return query.size > 0 ? `${base}?${query.toString()}` : base;
}

/** The route segment as an asset ID, or null when it could never be one. */
export function assetIdFromSegment(segment: string): number | null {
  return /^[1-9]\d{0,9}$/.test(segment) && Number(segment) <= 2_147_483_647 ? Number(segment) : null;
}

// ---------------------------------------------------------------- CSV

export const LEDGER_CSV_HEADER = [
  'Entry ID',
  'Time (UTC)',
  'Type',
  'Amount',
  'Balance after',
  'Currency',
  'Card ID',
  'Transfer ID',
] as const;

/** A major-unit amount as a plain decimal at the asset's places ("-25.00"): no symbol, no grouping. */
export function csvAmount(amount: number, decimalPlaces: number): string {
  return amount.toFixed(decimalPlaces);
}

export function ledgerCsvLine(
  entry: LedgerEntry,
  asset: { currency: string; decimalPlaces: number },
): string {
  return csvLine([
    String(entry.entryId),
    entry.createdAt,
    entry.type,
    csvAmount(entry.amount, asset.decimalPlaces),
    csvAmount(entry.balanceAfter, asset.decimalPlaces),
    asset.currency,
    entry.cardId === null ? '' : String(entry.cardId),
    entry.transferId === null ? '' : String(entry.transferId),
  ]);
}

export function ledgerCsvPreamble(): string {
  return `${CSV_BOM}${csvLine(LEDGER_CSV_HEADER)}`;
}

/** "asset-7-ledger-20260501.csv" (or "asset-7-ledger-card-fee-20260501.csv" for one type), by the UTC date. */
export function ledgerCsvFilename(assetId: number, now: Date, type: LedgerType | null = null): string {
  const kind = type ? `-${type.toLowerCase().replaceAll('_', '-')}` : '';
  return `asset-${assetId}-ledger${kind}-${now.toISOString().slice(0, 10).replaceAll('-', '')}.csv`;
}
