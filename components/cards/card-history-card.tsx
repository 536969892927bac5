// A card's status history (card/detail `history`, docs/wallet-api.md "Card record") as a timeline,
// newest first: each change with its reason and time; issuance is the first entry.
// Server-compatible.
import { History } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CardStatusBadge } from '@/components/ui/status-badge';
import { REASON_LABELS } from '@/lib/backoffice/cards/card-programme-rules';
import { formatDateTime } from '@/lib/backoffice/shared/format';
import type { CardStatusChange } from '@/lib/wallet/contract/schemas';

export function CardHistoryCard({ history }: { history: readonly CardStatusChange[] }) {
  const newestFirst = [...history].reverse();
  return (
    <Card role="region" aria-labelledby="history-title">
      <CardHeader>
        <CardTitle id="history-title">Status history</CardTitle>
        <CardDescription>
          {history.length} change{history.length === 1 ? '' : 's'}, newest first
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4 border-l border-border pl-5" data-testid="card-history">
          {newestFirst.map((change, index) => (
            <li key={`${change.at}-${index}`} className="relative">
              <History
                className="absolute top-0.5 -left-[1.7rem] size-4 rounded-full bg-card text-muted-foreground"
                aria-hidden="true"
              />
              <p className="flex flex-wrap items-center gap-2 text-sm">
                {change.fromStatus === null ? (
                  <span>Issued as</span>
                ) : (
                  <>
                    <CardStatusBadge status={change.fromStatus} />
                    <span aria-label="to">→</span>
                  </>
                )}
                <CardStatusBadge status={change.toStatus} />
                {change.reason ? (
                  <span className="text-muted-foreground">Reason: {REASON_LABELS[change.reason]}</span>
                ) : null}
              </p>
              <p className="mt-1 text-xs text-muted-foreground">
                <time dateTime={change.at}>{formatDateTime(change.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
