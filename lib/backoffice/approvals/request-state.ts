// A request's state at a moment (docs/back-office.md "Approvals"), one rule written twice side by
// side: in SQL for the conditional updates and counts that decide, in JS for the pages and messages
// that show. A PENDING request past its expiry is EXPIRED whether or not expireDueRequests has
// written it yet; an EXECUTING one whose outcome is unknown (the wallet could not be reached) or
// that has been executing longer than STALE_AFTER_MS (a crash) may be carried out again. Also:
// reading one request, and why it cannot be decided now, in the staff's words.
import 'server-only';
import { and, eq, gt, isNotNull, lt, or, type SQL } from 'drizzle-orm';
import type { BackofficeExecutor as Executor } from '@/lib/backoffice/db';
import { approvalRequests } from '@/lib/backoffice/db/schema';
import { StaffFacingError } from '@/lib/backoffice/shared/errors';
import { formatDateTime } from '@/lib/backoffice/shared/format';
import { APPROVAL_STATUS_LABELS, type ApprovalStatus } from './approval-kinds';

type Row = typeof approvalRequests.$inferSelect;

/** A request EXECUTING this long without an outcome was cut off (a crash): it may be carried out again. */
export const STALE_AFTER_MS = 2 * 60 * 1000;

/** PENDING and not yet expired: what may be approved, rejected or withdrawn. */
export function waitingAt(now: Date): SQL {
  return and(eq(approvalRequests.status, 'PENDING'), gt(approvalRequests.expiresAt, now))!;
}

/** EXECUTING with an unknown outcome, or for longer than STALE_AFTER_MS. */
export function unfinishedAt(now: Date): SQL {
  return and(
    eq(approvalRequests.status, 'EXECUTING'),
    or(
      isNotNull(approvalRequests.resultMessage),
      lt(approvalRequests.decidedAt, new Date(now.getTime() - STALE_AFTER_MS)),
    ),
  )!;
}

/** The status as it stands at `now` (waitingAt's rule): PENDING past its expiry reads EXPIRED. */
export function statusAt(row: Pick<Row, 'status' | 'expiresAt'>, now: Date): ApprovalStatus {
  return row.status === 'PENDING' && row.expiresAt <= now ? 'EXPIRED' : row.status;
}

/** unfinishedAt's rule, for the page that offers to carry it out again. */
export function isUnfinished(row: Pick<Row, 'status' | 'resultMessage' | 'decidedAt'>, now: Date): boolean {
  return (
    row.status === 'EXECUTING' &&
    (row.resultMessage !== null ||
      (row.decidedAt !== null && row.decidedAt.getTime() < now.getTime() - STALE_AFTER_MS))
  );
}

/** The request, or the staff's error that it does not exist. */
export async function findRequest(tx: Executor, id: number): Promise<Row> {
  const [row] = await tx.select().from(approvalRequests).where(eq(approvalRequests.id, id));
  if (!row) throw new StaffFacingError('That request does not exist.');
  return row;
}

/** Why the conditional update of approve/reject/withdraw matched nothing, in the staff's words. */
export function notDecidableReason(row: Row | undefined, now: Date): string {
  if (!row) return 'That request does not exist.';
  const status = statusAt(row, now);
  if (status === 'EXPIRED')
    return `Request ${row.id} expired on ${formatDateTime(row.expiresAt)} and can no longer be decided.`;
  const by = row.deciderEmail ? ` by ${row.deciderEmail}` : '';
  return `Request ${row.id} is no longer waiting: ${APPROVAL_STATUS_LABELS[status].toLowerCase()}${by}.`;
}
