// A list of deposits (docs/deposits-and-kyt.md "Deposits"): when, chain, amount and what is
// credited, sender, status and the KYT verdict with its reasons in words. Server-compatible: the
// rows come in as views made on the server (deposit-view.ts).
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { ReactNode } from 'react';

export type DepositRowView = {
  depositId: number;
  appUserId: string;
  /** The person's name, when the page read it; their ID is shown otherwise. */
  userName: string | null;
  createdAt: string;
  chain: string;
  amount: string;
  credited: string;
  fromAddress: string;
  txHash: string;
  confirmations: string;
  status: { variant: BadgeVariant; label: string };
  risk: { variant: BadgeVariant; label: string } | null;
  reasons: string[];
  note: string | null;
};

export function DepositsTable({
  deposits,
  showUser = false,
  actions,
  actionsLabel = 'Decision',
  label,
}: {
  deposits: readonly DepositRowView[];
  showUser?: boolean;
  /** What may be done with a row (the release form on /compliance). */
  actions?: (deposit: DepositRowView) => ReactNode;
  /** The heading of the actions' column. */
  actionsLabel?: string;
  label: string;
}) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Deposit</TableHead>
          {showUser ? <TableHead>User</TableHead> : null}
          <TableHead>Amount</TableHead>
          <TableHead>From</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>KYT</TableHead>
          {actions ? <TableHead>{actionsLabel}</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {deposits.map((d) => (
          <TableRow key={d.depositId} data-testid={`deposit-${d.depositId}`}>
            <TableCell>
              <div className="font-medium">#{d.depositId}</div>
              <div className="text-xs text-muted-foreground">
                {d.chain} · {d.createdAt}
              </div>
              <div className="max-w-48 truncate font-mono text-xs text-muted-foreground" title={d.txHash}>
                {d.txHash}
              </div>
            </TableCell>
            {showUser ? (
              <TableCell>
                <a
                  className="underline-offset-4 hover:underline"
                  href={`/users/${encodeURIComponent(d.appUserId)}`}
                >
                  {d.userName ?? d.appUserId}
                </a>
              </TableCell>
            ) : null}
            <TableCell>
              <div>{d.amount}</div>
              <div className="text-xs text-muted-foreground">credits {d.credited}</div>
            </TableCell>
            <TableCell>
              <span className="block max-w-48 truncate font-mono text-xs" title={d.fromAddress}>
                {d.fromAddress}
              </span>
            </TableCell>
            <TableCell>
              <Badge variant={d.status.variant}>{d.status.label}</Badge>
              <div className="text-xs text-muted-foreground">{d.confirmations}</div>
              {d.note ? <div className="text-xs text-muted-foreground">Note: {d.note}</div> : null}
            </TableCell>
            <TableCell className="min-w-64 whitespace-normal">
              {d.risk ? (
                <Badge variant={d.risk.variant}>{d.risk.label}</Badge>
              ) : (
                <span>Not screened yet</span>
              )}
              {d.reasons.length > 0 ? (
                <ul className="mt-1 list-disc pl-4 text-xs text-muted-foreground">
                  {d.reasons.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              ) : null}
            </TableCell>
            {actions ? <TableCell>{actions(d)}</TableCell> : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
