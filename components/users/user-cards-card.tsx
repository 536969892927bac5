// A user's cards (spec 4.6), each opening its card page. Card numbers arrive already masked (BIN
// and last four, docs/back-office.md "Data protection").
// Server-compatible.
import { CreditCard } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { CardStatusBadge } from '@/components/ui/status-badge';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { RowsTable } from '@/components/ui/rows-table';
import { formatExpiry } from '@/lib/backoffice/shared/format';

export type UserCardView = {
  cardId: number;
  maskedNumber: string;
  name: string;
  network: string;
  type: 'VIRTUAL' | 'PHYSICAL';
  status: string;
  expireMonth: string;
  expireYear: string;
};

const TYPE_LABELS = { VIRTUAL: 'Virtual', PHYSICAL: 'Physical' } as const;

export function UserCardsCard({
  appUserId,
  cards,
  error,
  action,
}: {
  /** Whose cards: each row opens the card's page. */
  appUserId: string;
  cards: readonly UserCardView[];
  /** Shown instead of the list when the cards could not be loaded. */
  error?: ReactNode;
  /** "Issue a card", for roles that may. */
  action?: ReactNode;
}) {
  return (
    <Card aria-labelledby="cards-title" role="region">
      <CardHeader>
        <CardTitle id="cards-title">Cards</CardTitle>
        <CardDescription>
          {error ? 'Could not be loaded.' : `${cards.length} card${cards.length === 1 ? '' : 's'}`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {error ??
          (cards.length === 0 ? (
            <EmptyState
              icon={<CreditCard />}
              titleAs="h3"
              title="No cards yet"
              description="The user holds no card under this agency."
              action={action}
            />
          ) : (
            <RowsTable
              head={
                <>
                  <TableHead>Card number</TableHead>
                  <TableHead>Card</TableHead>
                  <TableHead>Network</TableHead>
                  <TableHead>Type</TableHead>
                  <TableHead keyColumn="end">Status</TableHead>
                  <TableHead>Expires</TableHead>
                </>
              }
              rows={cards}
              row={(card) => (
                <TableRow key={card.cardId} data-testid={`card-row-${card.cardId}`}>
                  <TableCell className="font-mono tabular-nums">
                    <Link
                      href={`/users/${encodeURIComponent(appUserId)}/cards/${card.cardId}`}
                      className="text-link underline-offset-4 hover:underline"
                    >
                      {card.maskedNumber}
                    </Link>
                  </TableCell>
                  <TableCell className="font-medium">{card.name}</TableCell>
                  <TableCell>{card.network}</TableCell>
                  <TableCell>{TYPE_LABELS[card.type]}</TableCell>
                  <TableCell keyColumn="end">
                    <CardStatusBadge status={card.status} />
                  </TableCell>
                  <TableCell className="tabular-nums">
                    {formatExpiry(card.expireMonth, card.expireYear)}
                  </TableCell>
                </TableRow>
              )}
            />
          ))}
      </CardContent>
    </Card>
  );
}
