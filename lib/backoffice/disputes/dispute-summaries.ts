// The audit log's sentences about disputes (docs/back-office.md "Disputes"): what was attempted,
// in words (the reason's label, the amount, the merchant, whose card), and what came of it. Pure.
import { formatMoney } from '@/lib/backoffice/shared/format';
import { DISPUTE_REASON_TEXT, DISPUTE_STATUS_BADGE } from './dispute-words';
import type { Dispute } from '@/lib/wallet/contract/schemas';
import { type DisputeOutcome, type DisputeReason } from '@/lib/wallet/contract/enums';

export type DisputedPurchase = {
  merchant: string;
  currency: string;
  /** What was cleared less what was refunded: what an empty amount disputes at most. */
  amount: number;
  /** "Grace Hopper's Virtual Visa Classic ••4242", or null when the wallet could not name it. */
  cardText: string | null;
};

export function openAttemptSummary(
  input: { reason: DisputeReason; amount: string; transactionId: number },
  purchase: DisputedPurchase,
): string {
  const amount = input.amount
    ? formatMoney(Number(input.amount), purchase.currency, 2)
    : 'what is left to dispute';
  const on = purchase.cardText ? ` on ${purchase.cardText}` : '';
  return `Opened a dispute (${DISPUTE_REASON_TEXT[input.reason].label.toLowerCase()}) of ${amount} of the purchase at ${purchase.merchant}${on} (transaction ${input.transactionId})`;
}

export function openDoneSummary(attempt: string, dispute: Dispute, cardLocked: boolean): string {
  const money = formatMoney(dispute.amount, dispute.currency, 2);
  return `${attempt}: dispute ${dispute.disputeId} of ${money}, due by ${dispute.dueBy.slice(0, 10)}${cardLocked ? '; the card is locked' : ''}`;
}

export function disputeStepSummary(
  step: 'submit' | 'withdraw' | DisputeOutcome,
  dispute: Pick<Dispute, 'disputeId' | 'merchant'> | { disputeId: number; merchant?: undefined },
): string {
  const at = dispute.merchant ? ` (${dispute.merchant.name})` : '';
  switch (step) {
    case 'submit':
      return `Sent dispute ${dispute.disputeId}${at} to the merchant's bank with its evidence`;
    case 'withdraw':
      return `Withdrew dispute ${dispute.disputeId}${at}`;
    default:
      return `Simulated the merchant's bank's answer to dispute ${dispute.disputeId}${at}: ${DISPUTE_STATUS_BADGE[step].label.toLowerCase()}`;
  }
}
