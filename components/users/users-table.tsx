// The user directory's table: one row per user (spec 4.2), each linking to the user's page.
// Rows carry only what the table shows, so nothing else of 4.2 (document numbers, card numbers)
// reaches the page. Server-compatible.
import Link from 'next/link';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { countryName, formatMobile } from '@/lib/backoffice/shared/format';
import type { UsersWithCardsPage } from '@/lib/wallet/contract/schemas';
import { LocalTime } from '@/components/ui/local-time';

export type UserRow = {
  appUserId: string;
  name: string;
  email: string;
  mobile: string;
  region: string;
  registerTime: string;
  cards: number;
};

/** A table row from a user of user/list or user/search (spec 4.2): only what the table shows. */
export function toUserRow(user: UsersWithCardsPage['list'][number]): UserRow {
  return {
    appUserId: user.appUserId,
    name: `${user.firstName} ${user.lastName}`,
    email: user.email,
    mobile: user.mobile,
    // A country code (the back-office registers one) by its name; other text as it came.
    region: countryName(user.regionDesc),
    registerTime: user.registerTime,
    cards: user.cardList.length,
  };
}

/** Long addresses may wrap before the "@", where a reader expects the break. */
function EmailWithBreak({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

export function UsersTable({ rows, caption }: { rows: readonly UserRow[]; caption: string }) {
  return (
    <Table>
      <TableCaption>{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead keyColumn="start">Name</TableHead>
          <TableHead>App user ID</TableHead>
          <TableHead>E-mail</TableHead>
          <TableHead>Mobile</TableHead>
          <TableHead>Region</TableHead>
          <TableHead>Registered</TableHead>
          <TableHead className="text-right">Cards</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.appUserId} data-testid={`user-row-${row.appUserId}`}>
            <TableCell className="font-medium" keyColumn="start">
              <Link
                href={`/users/${encodeURIComponent(row.appUserId)}`}
                className="text-link underline-offset-4 hover:underline focus-visible:rounded-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {row.name}
              </Link>
            </TableCell>
            <TableCell className="font-mono text-[0.8125rem]">{row.appUserId}</TableCell>
            <TableCell className="whitespace-normal">
              <EmailWithBreak email={row.email} />
            </TableCell>
            <TableCell className="tabular-nums">{formatMobile(row.mobile)}</TableCell>
            <TableCell>{row.region}</TableCell>
            <TableCell className="min-w-28 whitespace-normal tabular-nums">
              <LocalTime value={row.registerTime} />
            </TableCell>
            <TableCell className="text-right tabular-nums">{row.cards}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
