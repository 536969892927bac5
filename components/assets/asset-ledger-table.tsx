// AssetLedgerTable: one page of an asset's ledger, newest first: when, what (the type in plain
// words), the signed amount and the balance after it, and the other side in words ("Transfer to
// Grace Hopper's Wallet (USD)", "Grace Hopper's Virtual Visa Classic ••1234": ledger-names.ts),
// linking to that asset's ledger or that card's page (not prefetched: opening a card page is a
// wallet call and a read-access entry in the audit log). Values come formatted by the one
// formatter (format.ts). Server-compatible.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ledgerTypeLabel, LEDGER_TYPE_HINTS, type LedgerType } from '@/lib/backoffice/assets/asset-ledger';
import { formatMoney } from '@/lib/backoffice/shared/format';
import type { LedgerEntry } from '@/lib/wallet/contract/schemas';
import { cn } from '@/lib/utils';
import { LocalTime } from '@/components/ui/local-time';

export function AssetLedgerTable({
  entries,
  currency,
  decimalPlaces,
  otherSides,
}: {
  entries: readonly LedgerEntry[];
  currency: string;
  decimalPlaces: number;
  /** Each entry's other side in words, by entry ID (otherSidesOf). */
  otherSides: ReadonlyMap<number, { text: string; href: string }>;
}) {
  return (
    <Table label="Ledger entries" data-testid="ledger-table">
      <caption className="sr-only">Ledger entries, newest first</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Time (UTC)</TableHead>
          <TableHead>Type</TableHead>
          <TableHead className="text-right" keyColumn="end">
            Amount
          </TableHead>
          <TableHead className="text-right">Balance after</TableHead>
          <TableHead>Other side</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.entryId} data-testid={`ledger-entry-${entry.entryId}`}>
            <TableCell className="whitespace-nowrap tabular-nums">
              <LocalTime value={entry.createdAt} />
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <span title={LEDGER_TYPE_HINTS[entry.type as LedgerType]}>{ledgerTypeLabel(entry.type)}</span>
            </TableCell>
            <TableCell
              keyColumn="end"
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
            <TableCell className="min-w-48 whitespace-normal">
              <OtherSide side={otherSides.get(entry.entryId)} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The other side as a link, or nothing when the entry has none (an opening balance, a deposit). */
export function OtherSide({ side }: { side: { text: string; href: string } | undefined }): ReactNode {
  if (!side) return null;
  return (
    <Link prefetch={false} href={side.href} className="font-medium underline underline-offset-4">
      {side.text}
    </Link>
  );
}
