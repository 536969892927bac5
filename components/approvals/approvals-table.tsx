// The list of approval requests (/approvals, docs/back-office.md "Approvals"): each request's
// number (its page), what it asks for, the amount at stake, who asked and when, its state and,
// while it waits, when it expires. A table from the sm breakpoint; on a phone the same cells stack.
// Server-rendered.
import Link from 'next/link';
import { ApprovalStatusBadge } from '@/components/ui/status-badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ResultCode } from '@/components/ui/result-code';
import { APPROVAL_KIND_LABELS } from '@/lib/backoffice/approvals/approval-kinds';
import type { ApprovalRow } from '@/lib/backoffice/approvals/list-approvals';
import { formatDateTime, formatDecimalText } from '@/lib/backoffice/shared/format';

/** The amount as recorded (at least cents, as many decimals as it has): it is the call's own parameter. */
export function approvalAmount(row: Pick<ApprovalRow, 'amount' | 'currency'>): string {
  return row.amount === null || row.currency === null ? '—' : formatDecimalText(row.amount, row.currency, 2);
}

export function ApprovalsTable({
  rows,
  label,
  staffNames,
}: {
  rows: ApprovalRow[];
  label: string;
  /** Who asked and decided, by name (their e-mail when the account is gone). */
  staffNames: ReadonlyMap<number, string>;
}) {
  const nameOf = (id: number | null, email: string | null) =>
    (id === null ? undefined : staffNames.get(id)) ?? email;
  return (
    <Table label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Request</TableHead>
          <TableHead>What</TableHead>
          <TableHead className="text-right" keyColumn="end">
            Amount
          </TableHead>
          <TableHead>Asked by</TableHead>
          <TableHead>State</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} data-testid={`approval-${row.id}`}>
            <TableCell>
              <Link href={`/approvals/${row.id}`} className="font-medium underline underline-offset-2">
                Request {row.id}
              </Link>
            </TableCell>
            <TableCell className="min-w-56 max-w-md whitespace-normal text-sm">
              <div className="font-medium">{APPROVAL_KIND_LABELS[row.kind]}</div>
              <div className="text-muted-foreground">{row.summary}</div>
            </TableCell>
            <TableCell className="text-right tabular-nums" keyColumn="end">
              {approvalAmount(row)}
            </TableCell>
            <TableCell className="min-w-40 whitespace-normal text-sm">
              <div className="break-words">{nameOf(row.makerId, row.makerEmail)}</div>
              <div className="text-xs text-muted-foreground">
                <time dateTime={row.createdAt.toISOString()}>{formatDateTime(row.createdAt)}</time>
              </div>
            </TableCell>
            <TableCell className="text-sm">
              <ApprovalStatusBadge status={row.status} />
              <div className="mt-1 text-xs text-muted-foreground">
                {row.status === 'PENDING' ? (
                  <>
                    expires{' '}
                    <time dateTime={row.expiresAt.toISOString()}>{formatDateTime(row.expiresAt)}</time>
                  </>
                ) : row.deciderEmail ? (
                  <>by {nameOf(row.deciderId, row.deciderEmail)}</>
                ) : null}
                {row.resultCode !== null && row.resultCode !== 0 ? (
                  <>
                    {' '}
                    · code <ResultCode code={row.resultCode} />
                  </>
                ) : null}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
