// Asking for a second person (docs/back-office.md "Approvals"): the maker's action, instead of
// calling the wallet, records the exact call (operation, parameters, the requestId fixed now) as
// PENDING, with the audit entry, in one transaction. The requestId is unique: the maker's double
// submit (the same dialog sent twice) finds the request it already made instead of making a second
// one.
import 'server-only';
import { eq } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { approvalRequests } from '@/lib/backoffice/db/schema';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { recordAudit } from '@/lib/backoffice/audit/record-audit';
import { StaffFacingError } from '@/lib/backoffice/shared/errors';
import { assertCan } from '@/lib/backoffice/staff/staff-access';
import type { WalletOperationName } from '@/lib/wallet/contract/operations';
import type { ApprovalFact } from './approval-facts';
import {
  APPROVAL_PERMISSION,
  APPROVAL_TTL_MS,
  type ApprovalKind,
  type PendingApproval,
} from './approval-kinds';

export type { PendingApproval };

export type ApprovalCall = {
  kind: ApprovalKind;
  operation: WalletOperationName;
  /** The wallet call's parameters, requestId included, exactly as they will be sent. */
  params: Record<string, string | number | boolean> & { requestId: string };
  summary: string;
  /** What it does in words, for whoever decides it (approval-facts.ts). */
  facts?: ApprovalFact[];
  /** Why the maker asks, in their words (every action of the back-office asks for one). */
  reason?: string;
  amount?: string;
  currency?: string;
  subjectUser?: string;
  targetType: 'user' | 'card';
  targetId: string;
  returnPath: string;
};

export async function requestApproval(options: {
  db: Database;
  actor: CurrentStaff;
  call: ApprovalCall;
  now?: Date;
}): Promise<PendingApproval> {
  const { db, actor, call } = options;
  assertCan(actor, APPROVAL_PERMISSION[call.kind]);
  const now = options.now ?? new Date();
  const expiresAt = new Date(now.getTime() + APPROVAL_TTL_MS);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(approvalRequests)
      .values({
        kind: call.kind,
        status: 'PENDING',
        requestId: call.params.requestId,
        operation: call.operation,
        params: call.params,
        summary: call.summary,
        facts: call.facts ?? null,
        reason: call.reason ?? null,
        amount: call.amount ?? null,
        currency: call.currency ?? null,
        subjectUser: call.subjectUser ?? null,
        targetType: call.targetType,
        targetId: call.targetId,
        returnPath: call.returnPath,
        makerId: actor.id,
        makerEmail: actor.email,
        createdAt: now,
        expiresAt,
      })
      .onConflictDoNothing({ target: approvalRequests.requestId })
      .returning();
    if (!created) {
      const [existing] = await tx
        .select()
        .from(approvalRequests)
        .where(eq(approvalRequests.requestId, call.params.requestId));
      // The same dialog sent again: the request it already made. Anything else reusing the
      // requestId is refused rather than mistaken for it.
      if (existing && existing.makerId === actor.id && existing.operation === call.operation) {
        if (existing.status !== 'PENDING')
          throw new StaffFacingError(
            `This was already asked for (request ${existing.id}), and is no longer waiting.`,
          );
        return {
          approval: { id: existing.id, status: 'PENDING', expiresAt: existing.expiresAt.toISOString() },
        };
      }
      throw new StaffFacingError(
        'This form was already used for another request. Reload the page and try again.',
      );
    }
    await recordAudit(tx, {
      actor,
      action: 'approval.request',
      targetType: 'approval',
      targetId: String(created.id),
      ...(call.subjectUser ? { subjectUser: call.subjectUser } : {}),
      outcome: 'success',
      summary: `Asked for approval (request ${created.id}): ${call.summary}${call.reason ? `. Why: ${call.reason}` : ''}`,
    });
    return { approval: { id: created.id, status: 'PENDING', expiresAt: expiresAt.toISOString() } };
  });
}
