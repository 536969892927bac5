'use server';
// The server actions of disputes (docs/back-office.md "Disputes"): opening one on a cleared
// purchase (support too: it moves no money, and a fraud dispute's lock is what a caller needs at
// once), sending one with its evidence or withdrawing it (operators and admins), and the sandbox's
// answer of the merchant's bank to a submitted one (operators and admins, while simulation is on).
// Each checks the caller through the action client, calls the wallet through runWalletMutation
// (audited whatever the outcome, with the member of staff's note) and reads the purchase or the
// dispute from the wallet, never from the form. State actions: usable as forms posted without
// JavaScript.
import { revalidatePath } from 'next/cache';
import { returnValidationErrors } from 'next-safe-action';
import { ACTION_PERMISSIONS } from '@/lib/backoffice/auth/permissions';
import { ActionError, authActionClient, keepTypedValues } from '@/lib/backoffice/shared/action-client';
import { runWalletMutation } from '@/lib/backoffice/shared/wallet-mutation';
import { getWalletClient, isWalletClientError } from '@/lib/backoffice/wallet-client';
import { cardHref, namesOfUser } from '@/lib/backoffice/names/wallet-names';
import { env } from '@/lib/env';
import type { Dispute } from '@/lib/wallet/contract/schemas';
import type { DisputeOutcome } from '@/lib/wallet/contract/enums';
import {
  disputeStepSummary,
  openAttemptSummary,
  openDoneSummary,
  type DisputedPurchase,
} from './dispute-summaries';
import {
  openDisputePostSchema,
  openDisputeSchema,
  settleDisputePostSchema,
  settleDisputeSchema,
  submitDisputePostSchema,
  submitDisputeSchema,
  withdrawDisputePostSchema,
  withdrawDisputeSchema,
} from './forms';

const disputeHref = (disputeId: number) => `/disputes/${disputeId}`;

function refresh(d: Pick<Dispute, 'appUserId' | 'cardId' | 'disputeId'>): void {
  revalidatePath(cardHref(d.appUserId, d.cardId));
  revalidatePath(disputeHref(d.disputeId));
  revalidatePath('/disputes');
  // The navigation's count of disputes due soon, and the dashboard's (the layout).
  revalidatePath('/', 'layout');
}

/** The card in words for a summary; null when the wallet cannot name it now. */
async function cardText(appUserId: string, cardId: number): Promise<string | null> {
  try {
    return (await namesOfUser(appUserId))?.cards.find((c) => c.cardId === cardId)?.text ?? null;
  } catch (error) {
    if (isWalletClientError(error)) return null;
    throw error;
  }
}

/**
 * The purchase the form names, as the wallet knows it: the same card, person and clearing, or a
 * refusal. What the audit entry says is never on the form's word alone.
 */
async function disputedPurchase(input: {
  appUserId: string;
  cardId: number;
  authorizationId: number;
  transactionId: number;
}): Promise<DisputedPurchase> {
  const a = await getWalletClient().authorizationDetail({ authorizationId: input.authorizationId });
  if (
    a.appUserId !== input.appUserId ||
    a.cardId !== input.cardId ||
    a.transactionId !== input.transactionId
  ) {
    throw new ActionError('That purchase is not on this card. Open the dispute from the purchase itself.');
  }
  return {
    merchant: a.merchant.name,
    currency: a.currency,
    amount: Number((a.clearedAmount - a.refundedAmount).toFixed(6)),
    cardText: await cardText(a.appUserId, a.cardId),
  };
}

/**
 * The wallet's "cannot be disputed" (4018: more than is left, or the purchase too old) beside the
 * amount, the one thing the caller can change: a form posted without JavaScript then keeps what
 * was typed, as for any field's refusal. It is audited as refused before this (runWalletMutation).
 */
async function amountRefusalBesideField<T>(open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    if (isWalletClientError(error) && error.code === 4018) {
      returnValidationErrors(openDisputeSchema, { amount: { _errors: [error.staffMessage] } });
    }
    throw error;
  }
}

export type OpenedDispute = { disputeId: number; status: Dispute['status']; cardLocked: boolean };

export const openDispute = authActionClient
  .metadata({ name: 'dispute.open', permission: ACTION_PERMISSIONS['dispute.open'] })
  .inputSchema(openDisputePostSchema, keepTypedValues)
  .stateAction<OpenedDispute>(async ({ parsedInput, ctx }) => {
    const { appUserId, cardId, transactionId, reason, amount, explanation, requestId } = parsedInput;
    const purchase = await disputedPurchase(parsedInput);
    const attempt = openAttemptSummary(parsedInput, purchase);
    const wallet = getWalletClient();
    const opened = await amountRefusalBesideField(() =>
      runWalletMutation({
        staff: ctx.staff,
        schema: openDisputeSchema,
        action: 'dispute.open',
        targetType: 'card',
        targetId: String(cardId),
        subjectUser: appUserId,
        summary: attempt,
        ...(explanation ? { note: explanation } : {}),
        call: async () => {
          const dispute = await wallet.disputeCreate({
            transactionId,
            reason,
            requestId,
            ...(amount ? { amount } : {}),
            ...(explanation ? { explanation } : {}),
          });
          // What the caller is told: a fraud dispute locks the card in the same transaction.
          const card = reason === 'FRAUDULENT' ? await wallet.cardDetail({ appUserId, cardId }) : null;
          return { dispute, cardLocked: card?.status === 'LOCKED' };
        },
        describe: ({ dispute, cardLocked }) => ({
          targetType: 'dispute',
          targetId: String(dispute.disputeId),
          summary: openDoneSummary(attempt, dispute, cardLocked),
        }),
      }),
    );
    refresh(opened.dispute);
    return {
      disputeId: opened.dispute.disputeId,
      status: opened.dispute.status,
      cardLocked: opened.cardLocked,
    };
  });

/** The dispute as the wallet has it now, for whom the entry is about and its words; null if it cannot say. */
async function currentDispute(disputeId: number): Promise<Dispute | null> {
  try {
    return await getWalletClient().disputeDetail({ disputeId });
  } catch (error) {
    if (isWalletClientError(error)) return null;
    throw error;
  }
}

export type DisputeStepResult = { disputeId: number; status: Dispute['status'] };

async function disputeStep(options: {
  staff: Parameters<typeof runWalletMutation>[0]['staff'];
  step: 'submit' | 'withdraw' | DisputeOutcome;
  action: string;
  schema: typeof submitDisputeSchema | typeof withdrawDisputeSchema | typeof settleDisputeSchema;
  disputeId: number;
  note?: string;
  call: () => Promise<Dispute>;
}): Promise<DisputeStepResult> {
  const before = await currentDispute(options.disputeId);
  const summary = disputeStepSummary(options.step, before ?? { disputeId: options.disputeId });
  const after = await runWalletMutation({
    staff: options.staff,
    schema: options.schema,
    action: options.action,
    targetType: 'dispute',
    targetId: String(options.disputeId),
    ...(before ? { subjectUser: before.appUserId } : {}),
    summary,
    ...(options.note ? { note: options.note } : {}),
    call: options.call,
    describe: (d) => ({ subjectUser: d.appUserId }),
  });
  refresh(after);
  return { disputeId: after.disputeId, status: after.status };
}

export const submitDispute = authActionClient
  .metadata({ name: 'dispute.submit', permission: ACTION_PERMISSIONS['dispute.submit'] })
  .inputSchema(submitDisputePostSchema, keepTypedValues)
  .stateAction<DisputeStepResult>(async ({ parsedInput, ctx }) => {
    const { disputeId, evidence, requestId } = parsedInput;
    return disputeStep({
      staff: ctx.staff,
      step: 'submit',
      action: 'dispute.submit',
      schema: submitDisputeSchema,
      disputeId,
      note: evidence,
      call: () => getWalletClient().disputeSubmit({ disputeId, evidence, requestId }),
    });
  });

export const withdrawDispute = authActionClient
  .metadata({ name: 'dispute.withdraw', permission: ACTION_PERMISSIONS['dispute.withdraw'] })
  .inputSchema(withdrawDisputePostSchema, keepTypedValues)
  .stateAction<DisputeStepResult>(async ({ parsedInput, ctx }) => {
    const { disputeId, note, requestId } = parsedInput;
    return disputeStep({
      staff: ctx.staff,
      step: 'withdraw',
      action: 'dispute.withdraw',
      schema: withdrawDisputeSchema,
      disputeId,
      note,
      call: () => getWalletClient().disputeWithdraw({ disputeId, requestId }),
    });
  });

export const settleDispute = authActionClient
  .metadata({ name: 'sandbox.dispute_outcome', permission: ACTION_PERMISSIONS['sandbox.dispute_outcome'] })
  .inputSchema(settleDisputePostSchema, keepTypedValues)
  .stateAction<DisputeStepResult>(async ({ parsedInput, ctx }) => {
    if (!env.WALLET_SIMULATION) {
      throw new ActionError(
        'Simulation is off here (WALLET_SIMULATION=false): the answer comes from the merchant’s bank.',
      );
    }
    const { disputeId, outcome, requestId } = parsedInput;
    const result = await disputeStep({
      staff: ctx.staff,
      step: outcome,
      action: 'sandbox.dispute_outcome',
      schema: settleDisputeSchema,
      disputeId,
      call: () => getWalletClient().simulateDisputeOutcome({ disputeId, outcome, requestId }),
    });
    revalidatePath('/sandbox');
    return result;
  });
