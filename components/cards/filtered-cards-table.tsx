// The filtered /cards list (card/list): one row per card, its number masked, its holder linked,
// its status the key column (kept in view on a phone), its issue day; then a link to the next
// page by cursor. Server-compatible.
import Link from 'next/link';
import { CardStatusBadge } from '@/components/ui/status-badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { FilteredCard } from '@/lib/backoffice/cards/card-filter-data';
import { CARD_TYPE_WORDS } from '@/lib/backoffice/cards/card-filters';
import { LocalTime } from '@/components/ui/local-time';

export function FilteredCardsTable({ cards, caption }: { cards: readonly FilteredCard[]; caption: string }) {
  return (
    <Table label="Cards found" data-testid="filtered-cards">
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Card</TableHead>
          <TableHead>Holder</TableHead>
          <TableHead keyColumn="end">Status</TableHead>
          <TableHead>Issued (UTC)</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {cards.map((card) => (
          <TableRow key={card.cardId} data-testid={`filtered-card-${card.cardId}`}>
            <TableCell>
              <Link
                prefetch={false}
                href={`/users/${encodeURIComponent(card.appUserId)}/cards/${card.cardId}`}
                className="font-mono tabular-nums underline underline-offset-4"
              >
                {card.maskedNumber}
              </Link>
              <div className="text-xs text-muted-foreground">
                {card.name} · {CARD_TYPE_WORDS[card.type]}
              </div>
            </TableCell>
            <TableCell>
              <Link
                prefetch={false}
                href={`/users/${encodeURIComponent(card.appUserId)}`}
                className="underline underline-offset-4"
              >
                {card.holder}
              </Link>
            </TableCell>
            <TableCell keyColumn="end">
              <CardStatusBadge status={card.status} />
            </TableCell>
            <TableCell className="tabular-nums">
              <LocalTime value={card.issueTime} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
