// Rejecting a request with a comment (another member of staff who may do the action), or the maker
// withdrawing their own (docs/back-office.md "Approvals"). Either is a conditional UPDATE from
// PENDING and unexpired, with its audit entry in the same transaction: it can race neither an
// approval nor the other, and nothing reaches the wallet.
import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { approvalRequests } from '@/lib/backoffice/db/schema';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { recordAudit } from '@/lib/backoffice/audit/record-audit';
import { StaffFacingError } from '@/lib/backoffice/shared/errors';
import { assertCan } from '@/lib/backoffice/staff/staff-access';
import { APPROVAL_PERMISSION } from './approval-kinds';
import { expireDueRequests } from './expire-requests';
import { findRequest, notDecidableReason, waitingAt } from './request-state';

export async function rejectRequest(options: {
  db: Database;
  actor: CurrentStaff;
  id: number;
  comment: string;
  now?: Date;
}): Promise<{ id: number; status: 'REJECTED'; returnPath: string }> {
  const { db, actor, id, comment } = options;
  const now = options.now ?? new Date();
  await expireDueRequests(db, now);
  return db.transaction(async (tx) => {
    const row = await findRequest(tx, id);
    assertCan(actor, APPROVAL_PERMISSION[row.kind]);
    if (row.makerId === actor.id)
      throw new StaffFacingError('You asked for this yourself: withdraw it instead of rejecting it.');
    const [done] = await tx
      .update(approvalRequests)
      .set({ status: 'REJECTED', deciderId: actor.id, deciderEmail: actor.email, decidedAt: now, comment })
      .where(and(eq(approvalRequests.id, id), ne(approvalRequests.makerId, actor.id), waitingAt(now)))
      .returning();
    if (!done) throw new StaffFacingError(notDecidableReason(row, now));
    await recordAudit(tx, {
      actor,
      action: 'approval.reject',
      targetType: 'approval',
      targetId: String(id),
      ...(done.subjectUser ? { subjectUser: done.subjectUser } : {}),
      outcome: 'success',
      summary: `Rejected request ${id} of ${done.makerEmail} (${done.summary}): ${comment}`,
    });
    return { id, status: 'REJECTED', returnPath: done.returnPath };
  });
}

export async function withdrawRequest(options: {
  db: Database;
  actor: CurrentStaff;
  id: number;
  now?: Date;
}): Promise<{ id: number; status: 'WITHDRAWN'; returnPath: string }> {
  const { db, actor, id } = options;
  const now = options.now ?? new Date();
  await expireDueRequests(db, now);
  return db.transaction(async (tx) => {
    const row = await findRequest(tx, id);
    if (row.makerId !== actor.id)
      throw new StaffFacingError('Only the person who asked can withdraw a request.');
    const [done] = await tx
      .update(approvalRequests)
      .set({ status: 'WITHDRAWN', decidedAt: now, deciderId: actor.id, deciderEmail: actor.email })
      .where(and(eq(approvalRequests.id, id), eq(approvalRequests.makerId, actor.id), waitingAt(now)))
      .returning();
    if (!done) throw new StaffFacingError(notDecidableReason(row, now));
    await recordAudit(tx, {
      actor,
      action: 'approval.withdraw',
      targetType: 'approval',
      targetId: String(id),
      ...(done.subjectUser ? { subjectUser: done.subjectUser } : {}),
      outcome: 'success',
      summary: `Withdrew request ${id}: ${done.summary}`,
    });
    return { id, status: 'WITHDRAWN', returnPath: done.returnPath };
  });
}
