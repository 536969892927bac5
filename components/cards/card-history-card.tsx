// A card's status history (card/detail `history`, docs/wallet-api.md "Card record") as a timeline,
// newest first: each change with its reason and time, who made it and their note (from the audit
// log: card-history-who.ts); issuance is the first entry. A replacement links the two cards: the
// new card's issuance names the card it replaces, the old card's cancellation the card that
// replaced it (card-replacement.ts).
// Server-compatible.
import { History } from 'lucide-react';
import Link from 'next/link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CardStatusBadge } from '@/components/ui/status-badge';
import { REASON_LABELS } from '@/lib/backoffice/cards/card-programme-rules';
import type { ChangeWho } from '@/lib/backoffice/cards/card-history-who';
import type { CardLink } from '@/lib/backoffice/cards/card-replacement';
import type { CardStatusChange } from '@/lib/wallet/contract/schemas';
import { LocalTime } from '@/components/ui/local-time';

function ReplacementLink({ words, link, testId }: { words: string; link: CardLink; testId: string }) {
  return (
    <span className="text-muted-foreground" data-testid={testId}>
      {words}{' '}
      <Link href={link.href} className="text-link underline-offset-4 hover:underline">
        {link.text}
      </Link>
    </span>
  );
}

export function CardHistoryCard({
  history,
  who,
  replaces = null,
  replacedBy = null,
}: {
  history: readonly CardStatusChange[];
  /** Who made each change and their note, by the index of `history`; null when not known. */
  who: readonly (ChangeWho | null)[];
  /** The card this one was issued to replace (card/replace), if any. */
  replaces?: CardLink | null;
  /** The card issued in this one's place, if any: its cancellation was the replacement. */
  replacedBy?: CardLink | null;
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
                {change.fromStatus === null && replaces ? (
                  <ReplacementLink words="to replace" link={replaces} testId="card-history-replaces" />
                ) : null}
                {change.toStatus === 'CANCELLED' && replacedBy ? (
                  <ReplacementLink words="replaced by" link={replacedBy} testId="card-history-replaced-by" />
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
