// Approving a request (docs/back-office.md "Approvals"): another member of staff who may do the
// same action, never the maker (admins included), approves; the wallet call recorded at submission
// is then made with its requestId, exactly once. "Once" is a conditional UPDATE: PENDING and
// unexpired and not the approver's own -> EXECUTING; of two approvals at the same moment one
// matches and the other, waiting on the row, finds it EXECUTING and matches nothing. Its outcome is
// written after the call: APPROVED, or FAILED with the wallet's result code. When the wallet could
// not be reached the outcome is unknown: the request stays EXECUTING with that said, and may be
// carried out again (the same requestId makes the wallet answer with what it did, never do it
// twice); so may one left EXECUTING by a crash, after STALE_AFTER_MS. The approver may say why they
// approve (a comment, kept with the request and in the audit entry, as a rejection's is).
import 'server-only';
import { and, eq, ne, or } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { approvalRequests } from '@/lib/backoffice/db/schema';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { recordAudit } from '@/lib/backoffice/audit/record-audit';
import { describeWalletFailure } from '@/lib/backoffice/audit/wallet-failure';
import { StaffFacingError } from '@/lib/backoffice/shared/errors';
import { assertCan } from '@/lib/backoffice/staff/staff-access';
import { WalletClientError, isWalletClientError } from '@/lib/backoffice/wallet-client';
import { APPROVAL_PERMISSION, type ApprovalStatus } from './approval-kinds';
import { expireDueRequests } from './expire-requests';
import { findRequest, notDecidableReason, unfinishedAt, waitingAt } from './request-state';

/** Makes the recorded wallet call (the action passes the wallet client; tests may count calls). */
export type ApprovedCall = (operation: string, params: Record<string, unknown>) => Promise<unknown>;

export type ApprovalOutcome = {
  id: number;
  status: ApprovalStatus;
  resultCode: number | null;
  resultMessage: string | null;
  returnPath: string;
  /** The wallet's answer, when it succeeded. */
  result?: unknown;
};

export async function approveRequest(options: {
  db: Database;
  actor: CurrentStaff;
  id: number;
  call: ApprovedCall;
  /** The approver's comment, if any (trimmed, at most 500 characters: forms.ts). */
  comment?: string;
  now?: Date;
}): Promise<ApprovalOutcome> {
  const { db, actor, id, comment } = options;
  const now = options.now ?? new Date();
  await expireDueRequests(db, now);
  const claimed = await db.transaction(async (tx) => {
    const row = await findRequest(tx, id);
    assertCan(actor, APPROVAL_PERMISSION[row.kind]);
    if (row.makerId === actor.id)
      throw new StaffFacingError('You asked for this yourself: another member of staff must approve it.');
    const [won] = await tx
      .update(approvalRequests)
      .set({
        status: 'EXECUTING',
        deciderId: actor.id,
        deciderEmail: actor.email,
        decidedAt: now,
        resultMessage: null,
        // Carried out again without a comment keeps the first approver's.
        ...(comment ? { comment } : {}),
      })
      .where(
        and(
          eq(approvalRequests.id, id),
          ne(approvalRequests.makerId, actor.id),
          or(waitingAt(now), unfinishedAt(now)),
        ),
      )
      .returning();
    if (!won) {
      const [current] = await tx.select().from(approvalRequests).where(eq(approvalRequests.id, id));
      throw new StaffFacingError(notDecidableReason(current, now));
    }
    await recordAudit(tx, {
      actor,
      action: 'approval.approve',
      targetType: 'approval',
      targetId: String(id),
      ...(won.subjectUser ? { subjectUser: won.subjectUser } : {}),
      outcome: 'success',
      ...(comment ? { note: comment } : {}),
      summary: `${row.status === 'EXECUTING' ? 'Carried out again' : 'Approved'} request ${id} of ${won.makerEmail}: ${won.summary}${comment ? ` (comment: ${comment})` : ''}`,
    });
    return won;
  });

  const how = `request ${id} of ${claimed.makerEmail}, approved by ${actor.email}`;
  const base = {
    actor,
    action: claimed.kind,
    targetType: claimed.targetType as 'user' | 'card',
    targetId: claimed.targetId ?? '',
    ...(claimed.subjectUser ? { subjectUser: claimed.subjectUser } : {}),
  };
  let result: unknown;
  try {
    result = await options.call(claimed.operation, claimed.params);
  } catch (error) {
    const answered = isWalletClientError(error) && error.code !== null && error.code !== 0;
    const message = isWalletClientError(error) ? error.staffMessage : 'Something went wrong on our side.';
    const status: ApprovalStatus = answered ? 'FAILED' : 'EXECUTING';
    const resultCode = answered ? (error as WalletClientError).code : null;
    await db.transaction(async (tx) => {
      await tx
        .update(approvalRequests)
        .set({
          status,
          resultCode,
          // Unknown outcome: said so, and the request may be carried out again (see above).
          resultMessage: answered
            ? message
            : `${message} The outcome is unknown: carry it out again to finish it.`,
          completedAt: answered ? new Date() : null,
        })
        .where(eq(approvalRequests.id, id));
      await recordAudit(tx, {
        ...base,
        outcome: 'failure',
        resultCode,
        summary: `${claimed.summary} (${how}): ${describeWalletFailure(error)}`,
      });
    });
    return {
      id,
      status,
      resultCode,
      resultMessage: message,
      returnPath: claimed.returnPath,
    };
  }
  const cardId = (result as { cardId?: unknown } | null)?.cardId;
  await db.transaction(async (tx) => {
    await tx
      .update(approvalRequests)
      .set({ status: 'APPROVED', resultCode: 0, resultMessage: null, completedAt: new Date() })
      .where(eq(approvalRequests.id, id));
    await recordAudit(tx, {
      ...base,
      // An issued card becomes the entry's target, as a direct issuance's does.
      ...(claimed.kind === 'card.issue' && typeof cardId === 'number'
        ? { targetType: 'card' as const, targetId: String(cardId) }
        : {}),
      outcome: 'success',
      resultCode: 0,
      summary: `${claimed.summary} (${how})${claimed.kind === 'card.issue' && typeof cardId === 'number' ? `: card ${cardId}` : ''}`,
    });
  });
  return {
    id,
    status: 'APPROVED',
    resultCode: 0,
    resultMessage: null,
    returnPath: claimed.returnPath,
    result,
  };
}
