// The open staff requests, on /approvals (docs/back-office.md "Staff requests"): what support has
// asked operators and admins to do about a card (replace it, unlock it), oldest first, each with
// who asked, when and why, and a link to the card's page where it is done or dismissed. Every role
// reads it (support sees that their request waits). One block per request, so it reads on a phone.
// Server-rendered.
import Link from 'next/link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { getDb } from '@/lib/backoffice/db';
import { cardHref } from '@/lib/backoffice/names/wallet-names';
import { formatDateTime } from '@/lib/backoffice/shared/format';
import { staffNamesById } from '@/lib/backoffice/staff/staff-names';
import { STAFF_REQUEST_KIND_LABELS } from '@/lib/backoffice/staff-requests/staff-request-kinds';
import { openStaffRequests } from '@/lib/backoffice/staff-requests/staff-requests';

export async function StaffRequestsQueue({ staff }: { staff: CurrentStaff }) {
  const db = await getDb();
  const rows = await openStaffRequests({ db, actor: staff });
  if (rows.length === 0) return null;
  const names = await staffNamesById(
    db,
    rows.map((r) => r.makerId),
  );
  return (
    <Card role="region" aria-labelledby="staff-requests-title" className="mb-6" data-testid="staff-requests">
      <CardHeader>
        <CardTitle id="staff-requests-title">Requests from support ({rows.length})</CardTitle>
        <CardDescription>
          Cards support has locked and cannot change further. Open the card to do what is asked, then mark it
          done, or dismiss it with a comment.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {rows.map((r) => (
            <li
              key={r.id}
              className="grid min-w-0 gap-1 rounded-lg border p-3 text-sm"
              data-testid={`staff-request-${r.id}`}
            >
              <Link
                href={cardHref(r.appUserId, r.cardId)}
                prefetch={false}
                className="break-words font-medium underline underline-offset-2"
              >
                {r.summary}
              </Link>
              <span className="text-muted-foreground">
                {STAFF_REQUEST_KIND_LABELS[r.kind]} · request {r.id}, asked by{' '}
                {r.makerId === staff.id ? 'you' : (names.get(r.makerId) ?? r.makerEmail)},{' '}
                <time dateTime={r.createdAt.toISOString()}>{formatDateTime(r.createdAt)}</time>
              </span>
              <span className="whitespace-pre-line break-words">{r.note}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
