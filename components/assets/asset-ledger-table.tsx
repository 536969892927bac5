// AssetLedgerTable: one page of an asset's ledger, newest first: when, what (the type in plain
// words), the signed amount and the balance after it, and the card or transfer it belongs to. A
// card links to its page when the asset's owner, and so the card's holder, is known (not
// prefetched: opening a card page is a wallet call and a read-access entry in the audit log). Values come
// formatted by the one formatter (format.ts). Server-compatible.
import Link from 'next/link';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ledgerTypeLabel, LEDGER_TYPE_HINTS, type LedgerType } from '@/lib/backoffice/assets/asset-ledger';
import { formatDateTime, formatMoney } from '@/lib/backoffice/shared/format';
import type { LedgerEntry } from '@/lib/wallet/contract/schemas';
import { cn } from '@/lib/utils';

export function AssetLedgerTable({
  entries,
  currency,
  decimalPlaces,
  cardHolder,
}: {
  entries: readonly LedgerEntry[];
  currency: string;
  decimalPlaces: number;
  /** The app user whose cards the entries name (a user's asset), for the card links. */
  cardHolder: string | null;
}) {
  return (
    <Table label="Ledger entries" data-testid="ledger-table">
      <caption className="sr-only">Ledger entries, newest first</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Time (UTC)</TableHead>
          <TableHead>Type</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead className="text-right">Balance after</TableHead>
          <TableHead>Card</TableHead>
          <TableHead>Transfer</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.entryId} data-testid={`ledger-entry-${entry.entryId}`}>
            <TableCell className="whitespace-nowrap tabular-nums">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <span title={LEDGER_TYPE_HINTS[entry.type as LedgerType]}>{ledgerTypeLabel(entry.type)}</span>
            </TableCell>
            <TableCell
              className={cn(
                'text-right whitespace-nowrap tabular-nums',
                entry.amount < 0 ? 'text-danger-fg' : 'text-success-fg',
              )}
            >
              {formatMoney(entry.amount, currency, decimalPlaces, { signed: true })}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {formatMoney(entry.balanceAfter, currency, decimalPlaces)}
            </TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">
              {entry.cardId === null ? null : cardHolder === null ? (
                `Card ${entry.cardId}`
              ) : (
                <Link
                  prefetch={false}
                  href={`/users/${encodeURIComponent(cardHolder)}/cards/${entry.cardId}`}
                  className="font-medium underline underline-offset-4"
                >
                  Card {entry.cardId}
                </Link>
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">
              {entry.transferId === null ? null : `Transfer ${entry.transferId}`}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
