// What was done to a user, their cards and addresses (the audit entries about them), newest
// first, read-only, on their page for every role: a support agent on a call sees who locked,
// unlocked or replaced what, when, and their note (docs/back-office.md "Pages", a user).
// Server-compatible.
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { RowsTable } from '@/components/ui/rows-table';
import { LocalTime } from '@/components/ui/local-time';

export type UserActivityRow = {
  id: number;
  at: string;
  action: string;
  who: string;
  outcome: 'success' | 'failure' | 'denied';
  summary: string;
  note: string | null;
};

const OUTCOME = {
  success: { label: 'Done', tone: 'success' },
  failure: { label: 'Failed', tone: 'danger' },
  denied: { label: 'Refused', tone: 'warning' },
} as const;

export function UserActivityCard({ rows, limit }: { rows: readonly UserActivityRow[]; limit: number }) {
  return (
    <Card role="region" aria-labelledby="activity-title">
      <CardHeader>
        <CardTitle id="activity-title">Activity</CardTitle>
        <CardDescription>
          What staff did for this user, their cards and addresses: the latest {limit}, newest first.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>
        ) : (
          <RowsTable
            data-testid="user-activity"
            head={
              <>
                <TableHead>What</TableHead>
                <TableHead>Who</TableHead>
                <TableHead>When</TableHead>
                <TableHead>Outcome</TableHead>
              </>
            }
            rows={rows}
            row={(row) => (
              <TableRow key={row.id}>
                <TableCell className="min-w-64 whitespace-normal">
                  <span className="font-medium">{row.action}</span>
                  <span className="block text-xs text-muted-foreground">{row.summary}</span>
                  {row.note ? <span className="mt-1 block text-sm">“{row.note}”</span> : null}
                </TableCell>
                <TableCell>{row.who}</TableCell>
                <TableCell className="whitespace-nowrap">
                  <LocalTime value={row.at} />
                </TableCell>
                <TableCell>
                  <Badge variant={OUTCOME[row.outcome].tone}>{OUTCOME[row.outcome].label}</Badge>
                </TableCell>
              </TableRow>
            )}
          />
        )}
      </CardContent>
    </Card>
  );
}
