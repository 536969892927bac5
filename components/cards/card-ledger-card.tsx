// The latest entries of a card's own asset (asset/ledger, docs/wallet-api.md "Ledgers"), newest
// first, with the way to its whole ledger. Server-compatible.
import { ListOrdered } from 'lucide-react';
import Link from 'next/link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { RowsTable } from '@/components/ui/rows-table';
import { formatCount, formatMoney } from '@/lib/backoffice/shared/format';
import { LEDGER_TYPE_LABELS } from '@/lib/backoffice/assets/ledger-labels';
import { OtherSide } from '@/components/assets/asset-ledger-table';
import type { LedgerPage } from '@/lib/wallet/contract/schemas';
import { LocalTime } from '@/components/ui/local-time';

export function CardLedgerCard({
  page,
  assetId,
  currency,
  decimalPlaces,
  otherSides,
}: {
  page: LedgerPage;
  assetId: number;
  currency: string;
  decimalPlaces: number;
  /** Each entry's other side in words, by entry ID (otherSidesOf). */
  otherSides: ReadonlyMap<number, { text: string; href: string }>;
}) {
  const money = (amount: number) => formatMoney(amount, currency, decimalPlaces);
  return (
    <Card role="region" aria-labelledby="ledger-title">
      <CardHeader>
        <CardTitle id="ledger-title">Ledger</CardTitle>
        <CardDescription>
          {page.dataTotal === 0
            ? 'No money has moved on this card.'
            : `${formatCount(page.dataTotal)} entr${page.dataTotal === 1 ? 'y' : 'ies'}; the latest ${page.list.length} below. `}
          {page.dataTotal > 0 ? (
            <Link href={`/assets/${assetId}`} className="text-link underline underline-offset-4">
              The whole ledger
            </Link>
          ) : null}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {page.list.length === 0 ? (
          <EmptyState
            icon={<ListOrdered />}
            titleAs="h3"
            title="No entries yet"
            description="Top-ups, and the return of its balance when the card is cancelled, appear here."
          />
        ) : (
          <RowsTable
            label="Card ledger"
            data-testid="card-ledger"
            head={
              <>
                <TableHead>When</TableHead>
                <TableHead>Type</TableHead>
                <TableHead className="text-right" keyColumn="end">
                  Amount
                </TableHead>
                <TableHead className="text-right">Balance after</TableHead>
                <TableHead>Other side</TableHead>
              </>
            }
            rows={page.list}
            row={(entry) => (
              <TableRow key={entry.entryId}>
                <TableCell className="whitespace-nowrap">
                  <LocalTime value={entry.createdAt} />
                </TableCell>
                <TableCell>{LEDGER_TYPE_LABELS[entry.type]}</TableCell>
                <TableCell className="text-right tabular-nums" keyColumn="end">
                  {entry.amount > 0 ? '+' : ''}
                  {money(entry.amount)}
                </TableCell>
                <TableCell className="text-right tabular-nums">{money(entry.balanceAfter)}</TableCell>
                <TableCell className="min-w-48 whitespace-normal">
                  <OtherSide side={otherSides.get(entry.entryId)} />
                </TableCell>
              </TableRow>
            )}
          />
        )}
      </CardContent>
    </Card>
  );
}
