// A card's status history (card/detail `history`, docs/wallet-api.md "Card record") as a timeline,
// newest first: each change with its reason and time, who made it and their note (from the audit
// log: card-history-who.ts); issuance is the first entry.
// Server-compatible.
import { History } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CardStatusBadge } from '@/components/ui/status-badge';
import { REASON_LABELS } from '@/lib/backoffice/cards/card-programme-rules';
import type { ChangeWho } from '@/lib/backoffice/cards/card-history-who';
import type { CardStatusChange } from '@/lib/wallet/contract/schemas';
import { LocalTime } from '@/components/ui/local-time';

export function CardHistoryCard({
  history,
  who,
}: {
  history: readonly CardStatusChange[];
  /** Who made each change and their note, by the index of `history`; null when not known. */
  who: readonly (ChangeWho | null)[];
}) {
  const newestFirst = history.map((change, i) => ({ change, who: who[i] ?? null })).reverse();
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
          {newestFirst.map(({ change, who: by }, index) => (
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
                <LocalTime value={change.at} />
                {by ? (
                  <span data-testid="card-history-who">
                    {' '}
                    · by {by.name}
                    {by.role ? ` (${by.role})` : ''}
                  </span>
                ) : null}
              </p>
              {by?.note ? (
                <p className="mt-1 text-sm whitespace-pre-line" data-testid="card-history-note">
                  “{by.note}”
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
