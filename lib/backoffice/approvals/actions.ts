'use server';
// Server actions of /approvals (docs/back-office.md "Approvals"): approve (the recorded wallet call
// is made, once; with the approver's comment when they give one), reject with a comment, withdraw one's own. Each checks the caller itself: the
// action client their session, the domain function the permission of the request's own action and
// that the approver is not the maker. Usable as forms posted without JavaScript (state actions: the
// page answers with the outcome).
import { revalidatePath } from 'next/cache';
import { authActionClient, keepTypedValues } from '@/lib/backoffice/shared/action-client';
import { approveRequest, type ApprovalOutcome } from '@/lib/backoffice/approvals/approve-request';
import { rejectRequest, withdrawRequest } from '@/lib/backoffice/approvals/reject-request';
import { getDb } from '@/lib/backoffice/db';
import { withReleaseApproval } from '@/lib/backoffice/deposits/approved-release';
import {
  approvalRefPostSchema,
  approveApprovalPostSchema,
  rejectApprovalPostSchema,
} from '@/lib/backoffice/approvals/forms';
import { getWalletClient, type WalletClient } from '@/lib/backoffice/wallet-client';

export type ApprovalDecision = Omit<ApprovalOutcome, 'result'>;

function refresh(returnPath: string, id: number) {
  revalidatePath('/approvals');
  revalidatePath(`/approvals/${id}`);
  revalidatePath(returnPath);
  revalidatePath('/', 'layout');
}

export const approveApproval = authActionClient
  .metadata({ name: 'approval.approve', permission: 'approvals.decide' })
  .inputSchema(approveApprovalPostSchema, keepTypedValues)
  .stateAction<ApprovalDecision>(async ({ parsedInput, ctx }) => {
    const wallet = getWalletClient();
    const outcome = await approveRequest({
      db: await getDb(),
      actor: ctx.staff,
      id: parsedInput.id,
      ...(parsedInput.comment ? { comment: parsedInput.comment } : {}),
      // A deposit release carries the back-office's approval (apiRelease=false apps need it).
      call: (operation, params) =>
        wallet[operation as keyof WalletClient](withReleaseApproval(operation, params) as never),
    });
    refresh(outcome.returnPath, outcome.id);
    // The wallet's answer stays on the server (an issued card's number is never sent to a browser).
    return {
      id: outcome.id,
      status: outcome.status,
      resultCode: outcome.resultCode,
      resultMessage: outcome.resultMessage,
      returnPath: outcome.returnPath,
    };
  });

export const rejectApproval = authActionClient
  .metadata({ name: 'approval.reject', permission: 'approvals.decide' })
  .inputSchema(rejectApprovalPostSchema, keepTypedValues)
  .stateAction(async ({ parsedInput, ctx }) => {
    const done = await rejectRequest({ db: await getDb(), actor: ctx.staff, ...parsedInput });
    refresh(done.returnPath, done.id);
    return done;
  });

export const withdrawApproval = authActionClient
  .metadata({ name: 'approval.withdraw', permission: 'approvals.decide' })
  .inputSchema(approvalRefPostSchema)
  .stateAction(async ({ parsedInput, ctx }) => {
    const done = await withdrawRequest({ db: await getDb(), actor: ctx.staff, id: parsedInput.id });
    refresh(done.returnPath, done.id);
    return done;
  });
