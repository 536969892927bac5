// RowsTable: a Table with one header row and a body of one row per item — the shape of every
// list card (a user's cards, assets, activity; a card's ledger; the API page's operations).
// `head` holds the header cells, `row` renders one item's TableRow (with its key).
// Server-compatible.
import type * as React from 'react';
import { Table, TableBody, TableHeader, TableRow, type TableProps } from '@/components/ui/table';

export function RowsTable<T>({
  head,
  rows,
  row,
  ...tableProps
}: Omit<TableProps, 'children'> & {
  head: React.ReactNode;
  rows: readonly T[];
  row: (item: T) => React.ReactNode;
}) {
  return (
    <Table {...tableProps}>
      <TableHeader>
        <TableRow>{head}</TableRow>
      </TableHeader>
      <TableBody>{rows.map(row)}</TableBody>
    </Table>
  );
}
