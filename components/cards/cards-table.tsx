// CardsTable: one page of the card list, a row per user (name and app user ID, e-mail,
// registration and the count of their cards by status) with their cards in a table of their own
// beneath it. The name leads to the user's page, a card number to the card's (not prefetched: a
// page of up to 100 users would render every card page, each a wallet call and a read-access
// entry in the audit log, for pages nobody opened). Renders what
// cards-view produced on the server, so card numbers arrive masked. Server-compatible.
import Link from 'next/link';
import { AccountStatusBadge, CardStatusBadge } from '@/components/ui/status-badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  CARD_TYPE_LABELS,
  summarizeCardStatuses,
  type CardsUserRow,
} from '@/lib/backoffice/cards/cards-view';
import { formatDate } from '@/lib/backoffice/shared/format';
import { LocalTime } from '@/components/ui/local-time';

const USER_COLUMNS = 4;

function UserCards({ user }: { user: CardsUserRow }) {
  return (
    <Table
      containerClassName="overflow-visible bg-background"
      className="[&_td]:px-3 [&_th]:px-3"
      data-testid={`cards-of-${user.appUserId}`}
    >
      <caption className="sr-only">
        Cards of {user.name} ({user.appUserId})
      </caption>
      <TableHeader>
        <TableRow>
          <TableHead>Card number</TableHead>
          <TableHead>Category</TableHead>
          <TableHead keyColumn="end">Status</TableHead>
          <TableHead>Account</TableHead>
          <TableHead>Expires</TableHead>
          <TableHead>Embossed name</TableHead>
          <TableHead>Active since (UTC)</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {user.cards.map((card) => (
          <TableRow key={card.cardId} data-testid={`card-row-${card.cardId}`}>
            <TableCell className="font-mono tabular-nums">
              <Link
                prefetch={false}
                href={`/users/${encodeURIComponent(user.appUserId)}/cards/${card.cardId}`}
                className="underline underline-offset-4"
              >
                {card.maskedNumber}
              </Link>
            </TableCell>
            <TableCell>
              <div data-testid="card-category">{card.categoryName}</div>
              <div className="text-xs text-muted-foreground" data-testid="card-network-type">
                {card.network} · {CARD_TYPE_LABELS[card.type]}
              </div>
            </TableCell>
            <TableCell keyColumn="end">
              <CardStatusBadge status={card.status} />
            </TableCell>
            <TableCell>
              <AccountStatusBadge status={card.accountStatus} />
            </TableCell>
            <TableCell className="tabular-nums">{card.expiry}</TableCell>
            <TableCell className="font-mono">{card.embossedName}</TableCell>
            <TableCell className="tabular-nums">
              {card.activeTime === null ? (
                <span className="text-muted-foreground">Not active yet</span>
              ) : (
                <time dateTime={card.activeTime}>{formatDate(card.activeTime)}</time>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function CardsTable({ users }: { users: readonly CardsUserRow[] }) {
  return (
    // On narrow screens the table scrolls here rather than in the kit's container, which takes no
    // tabIndex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
    <div
      role="region"
      aria-label="Users and their cards"
      tabIndex={0}
      className="overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <Table data-testid="cards-table" containerClassName="overflow-visible">
        <caption className="sr-only">Users and their cards</caption>
        <TableHeader>
          <TableRow>
            <TableHead>User</TableHead>
            <TableHead>E-mail</TableHead>
            <TableHead>Registered (UTC)</TableHead>
            <TableHead>Cards</TableHead>
          </TableRow>
        </TableHeader>
        {users.map((user) => (
          // One body per user, so the user's row and their cards stay one group.
          <TableBody key={user.appUserId} className="border-b-2 last:border-b-0">
            <TableRow data-testid={`cards-user-${user.appUserId}`} className="hover:bg-transparent">
              <TableHead
                scope="row"
                className="h-auto py-3 text-sm font-normal tracking-normal text-foreground normal-case"
              >
                <div className="font-medium" data-testid="user-name">
                  <Link
                    prefetch={false}
                    href={`/users/${encodeURIComponent(user.appUserId)}`}
                    className="underline underline-offset-4"
                  >
                    {user.name}
                  </Link>
                </div>
                <div className="font-mono text-xs text-muted-foreground" data-testid="user-id">
                  {user.appUserId}
                </div>
              </TableHead>
              <TableCell data-testid="user-email">{user.email}</TableCell>
              <TableCell className="tabular-nums" data-testid="user-registered">
                <LocalTime value={user.registerTime} />
              </TableCell>
              <TableCell data-testid="card-summary">{summarizeCardStatuses(user.cards)}</TableCell>
            </TableRow>
            {user.cards.length > 0 ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={USER_COLUMNS} className="bg-muted/30 py-3 pr-4 pl-8">
                  <UserCards user={user} />
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        ))}
      </Table>
    </div>
  );
}
