// The contracts of the dispute forms (docs/back-office-guide.md "Disputes"): opening one on a
// cleared purchase (the reason, the amount read by the one amount reader, empty for what is left
// to dispute, and the caller's explanation), sending one with its evidence, withdrawing one with
// why, and the sandbox's settling of a submitted one as WON or LOST. One schema each, shared by
// the forms and the server actions of ./actions.ts; each also reads a form posted without
// JavaScript. Every message names what to do in the field it is beside.
import { z } from 'zod';
import { appUserIdParam, positiveIdParam, requestIdParam } from '@/lib/wallet/contract/schemas';
import { fromFormData } from '../shared/action-form-data';
import { optionalAmountField } from '../shared/amount-field';
import { EVIDENCE_MAX, EXPLANATION_MAX, NOTE_MAX } from './dispute-limits';
import { DISPUTE_OUTCOMES, DISPUTE_REASONS } from '@/lib/wallet/contract/enums';

const disputeId = positiveIdParam;

export const openDisputeSchema = z.object({
  /** Whose card: where the page goes back to, and whom the audit entry is about. */
  appUserId: appUserIdParam,
  cardId: positiveIdParam,
  authorizationId: positiveIdParam,
  /** What the wallet disputes: the purchase's clearing. */
  transactionId: positiveIdParam,
  reason: z.enum(DISPUTE_REASONS, 'Choose what happened, as the caller tells it.'),
  /** Empty: what is left to dispute of the purchase. */
  amount: optionalAmountField(),
  explanation: z
    .string()
    .trim()
    .max(
      EXPLANATION_MAX,
      `The explanation must be at most ${EXPLANATION_MAX.toLocaleString('en-US')} characters.`,
    )
    .optional()
    .transform((v) => (v ? v : undefined)),
  requestId: requestIdParam,
});
export const openDisputePostSchema = z.preprocess(fromFormData, openDisputeSchema);

export const submitDisputeSchema = z.object({
  disputeId,
  evidence: z
    .string('Enter the evidence: what the caller told you and what backs it.')
    .trim()
    .min(1, 'Enter the evidence: what the caller told you and what backs it.')
    .max(EVIDENCE_MAX, `The evidence must be at most ${EVIDENCE_MAX.toLocaleString('en-US')} characters.`),
  requestId: requestIdParam,
});
export const submitDisputePostSchema = z.preprocess(fromFormData, submitDisputeSchema);

export const withdrawDisputeSchema = z.object({
  disputeId,
  note: z
    .string('Say why it is withdrawn.')
    .trim()
    .min(1, 'Say why it is withdrawn (the caller found the purchase, the merchant refunded...).')
    .max(NOTE_MAX, `The note must be at most ${NOTE_MAX} characters.`),
  requestId: requestIdParam,
});
export const withdrawDisputePostSchema = z.preprocess(fromFormData, withdrawDisputeSchema);

export const settleDisputeSchema = z.object({
  disputeId: z.coerce
    .number('Choose a submitted dispute.')
    .int('Choose a submitted dispute.')
    .positive('Choose a submitted dispute.')
    .max(2_147_483_647, 'Choose a submitted dispute.'),
  outcome: z.enum(DISPUTE_OUTCOMES, 'Choose what the merchant’s bank answers: won or lost.'),
  requestId: requestIdParam,
});
export const settleDisputePostSchema = z.preprocess(fromFormData, settleDisputeSchema);
