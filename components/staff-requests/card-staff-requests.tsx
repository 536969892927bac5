// A locked card's next step (docs/back-office.md "Staff requests"), on the card's page: what an
// operator or admin can do about it (replace it; unlock it, after a second person's approval when
// it is locked as stolen or fraud), support's form to ask them, and the card's requests (every
// open one, and those closed in the last week) with who asked, why, and what became of each; whoever
// may do what one asks marks it done or dismisses it here. Server-rendered; the forms work without
// JavaScript.
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  CloseStaffRequestForms,
  FileStaffRequestForm,
} from '@/components/staff-requests/staff-request-forms';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { can } from '@/lib/backoffice/auth/permissions';
import { REASON_LABELS } from '@/lib/backoffice/cards/card-programme-rules';
import { getDb } from '@/lib/backoffice/db';
import { formatDateTime } from '@/lib/backoffice/shared/format';
import { staffNamesById } from '@/lib/backoffice/staff/staff-names';
import {
  STAFF_REQUEST_KIND_LABELS,
  STAFF_REQUEST_KINDS,
  STAFF_REQUEST_PERMISSION,
  STAFF_REQUEST_STATUS_LABELS,
  type StaffRequestStatus,
} from '@/lib/backoffice/staff-requests/staff-request-kinds';
import { staffRequestsForCard } from '@/lib/backoffice/staff-requests/staff-requests';

const STATUS_VARIANT = { OPEN: 'warning', DONE: 'success', DISMISSED: 'neutral' } as const satisfies Record<
  StaffRequestStatus,
  string
>;

export async function CardStaffRequests({
  staff,
  appUserId,
  cardId,
  status,
  lockReason,
  unlockWaits,
}: {
  staff: CurrentStaff;
  appUserId: string;
  cardId: number;
  status: string;
  /** Why it is locked (the reason of its last change, e.g. STOLEN), when it is. */
  lockReason: string | null;
  /** Unlocking it waits for a second person's approval (the policy). */
  unlockWaits: boolean;
}) {
  const db = await getDb();
  const requests = await staffRequestsForCard({ db, actor: staff, appUserId, cardId });
  const locked = status === 'LOCKED';
  const because = lockReason
    ? ((REASON_LABELS as Readonly<Record<string, string>>)[lockReason] ?? lockReason)
    : null;
  if (!locked && requests.length === 0) return null;
  const names = await staffNamesById(
    db,
    requests.flatMap((r) => [r.makerId, r.closerId]),
  );
  const nameOf = (id: number | null, email: string | null) =>
    id === staff.id ? 'you' : ((id !== null ? names.get(id) : undefined) ?? email ?? 'someone');
  const open = new Set(requests.filter((r) => r.status === 'OPEN').map((r) => r.kind));
  const askable = STAFF_REQUEST_KINDS.filter((kind) => !open.has(kind));
  // Those who may do it themselves use the card's own buttons; the rest may ask them.
  const mayAsk =
    locked &&
    can(staff.role, 'cards.request') &&
    !STAFF_REQUEST_KINDS.every((kind) => can(staff.role, STAFF_REQUEST_PERMISSION[kind]));

  return (
    <Card role="region" aria-labelledby="next-steps-title" data-testid="card-next-steps">
      <CardHeader>
        <CardTitle id="next-steps-title">{locked ? 'Next steps' : 'Requests about this card'}</CardTitle>
        {locked ? (
          <CardDescription>
            This card is locked{because ? ` (${because.toLowerCase()})` : ''}: it cannot be used. An operator
            or admin can:
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-6">
        {locked ? (
          <ul className="grid list-disc gap-1 pl-5 text-sm">
            <li>
              <strong>Replace it</strong>: this card is cancelled and a new one of the same kind is issued to
              the holder, with its balance.
            </li>
            <li>
              <strong>Unlock it</strong>
              {unlockWaits
                ? ': locked as stolen or fraud, the unlock waits for a second member of staff to approve it.'
                : ': it can be used again at once.'}
            </li>
          </ul>
        ) : null}
        {requests.length > 0 ? (
          <ul className="grid gap-4" aria-label="Requests about this card">
            {requests.map((r) => (
              <li
                key={r.id}
                className="grid min-w-0 gap-2 rounded-lg border p-4"
                data-testid={`staff-request-${r.id}`}
              >
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-medium">{STAFF_REQUEST_KIND_LABELS[r.kind]}</span>
                  <Badge variant={STATUS_VARIANT[r.status]} data-testid="staff-request-status">
                    {STAFF_REQUEST_STATUS_LABELS[r.status]}
                  </Badge>
                </div>
                <p className="text-sm text-muted-foreground">
                  Request {r.id}, asked by {nameOf(r.makerId, r.makerEmail)},{' '}
                  <time dateTime={r.createdAt.toISOString()}>{formatDateTime(r.createdAt)}</time>
                </p>
                <p className="whitespace-pre-line break-words text-sm" data-testid="staff-request-note">
                  {r.note}
                </p>
                {r.status !== 'OPEN' && r.closedAt ? (
                  <p className="break-words text-sm" data-testid="staff-request-outcome">
                    {r.status === 'DONE' ? 'Done' : 'Dismissed'} by {nameOf(r.closerId, r.closerEmail)},{' '}
                    <time dateTime={r.closedAt.toISOString()}>{formatDateTime(r.closedAt)}</time>
                    {r.comment ? `: ${r.comment}` : '.'}
                  </p>
                ) : null}
                {r.status === 'OPEN' && can(staff.role, STAFF_REQUEST_PERMISSION[r.kind]) ? (
                  <CloseStaffRequestForms id={r.id} />
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {mayAsk && askable.length > 0 ? (
          <FileStaffRequestForm appUserId={appUserId} cardId={cardId} kinds={askable} />
        ) : null}
      </CardContent>
    </Card>
  );
}
