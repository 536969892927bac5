// Deposits in words (docs/back-office.md "Compliance"): the decisions on a held deposit, the KYT
// risk levels and reasons (any reason the contract's enum holds, RISK_REASON_WORDS), USDT amounts;
// and a held deposit as whoever decides its release reads it: the decision asked for, the person by
// name, the deposit, its amount and what it would credit, the sender, the risk level and every
// reason. Those facts are written when the request is asked, from the wallet's own record of the
// deposit (never from the form), and kept with the request (approval-facts.ts). Pure and
// client-safe: the release form reads the decisions' words from here.
import type { ApprovalFact } from '@/lib/backoffice/approvals/approval-facts';
import { formatDateTime } from '@/lib/backoffice/shared/format';
import {
  RISK_REASON_WORDS,
  type DepositDecision,
  type RiskLevel,
  type RiskReason,
} from '@/lib/wallet/contract/enums';
import type { Deposit } from '@/lib/wallet/contract/schemas';

/** Each decision in words, as the form offers it and the request shows it. */
export const DEPOSIT_DECISION_WORDS: Record<DepositDecision, string> = {
  CREDIT: "Credit the user's wallet",
  REJECT: 'Reject: credit nothing',
};

export const RISK_LEVEL_WORDS: Record<RiskLevel, string> = {
  LOW: 'Low risk',
  MEDIUM: 'Medium risk',
  HIGH: 'High risk',
  SEVERE: 'Severe risk',
};

/**
 * A reason in words; one this build has no words for yet (a newer wallet's) reads as its name in
 * plain case rather than disappearing.
 */
export function riskReasonText(reason: RiskReason | string): string {
  const words = (RISK_REASON_WORDS as Readonly<Record<string, string>>)[reason];
  if (words) return words;
  const plain = reason.toLowerCase().replaceAll('_', ' ');
  return plain.charAt(0).toUpperCase() + plain.slice(1);
}

/** "20,000.00 USDT": the token amount as sent, 2 to 6 decimals. */
export function usdtText(amount: number): string {
  return `${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })} USDT`;
}

/** "20,000.00 USD": what a deposit credits (or would) to the user's wallet. */
export function creditedText(creditedAmount: number): string {
  return `${creditedAmount.toLocaleString('en-US', { minimumFractionDigits: 2 })} USD`;
}

/** The amount as a decimal string in major units (the request's `amount`), exactly as sent. */
export function usdtDecimal(amount: number): string {
  return amount.toFixed(6).replace(/\.?0+$/, '');
}

export function depositReleaseFacts(
  deposit: Deposit,
  decision: DepositDecision,
  person: { name: string; href: string } | null,
): ApprovalFact[] {
  return [
    { term: 'Decision', text: DEPOSIT_DECISION_WORDS[decision] },
    person
      ? { term: 'Person', text: person.name, href: person.href }
      : { term: 'Person', text: `a user the wallet cannot name now (${deposit.appUserId})` },
    {
      term: 'Deposit',
      text: `#${deposit.depositId} on ${deposit.chain}, ${formatDateTime(deposit.createdAt)}`,
    },
    { term: 'Amount', text: `${usdtText(deposit.amount)} (credits ${creditedText(deposit.creditedAmount)})` },
    { term: 'From', text: deposit.fromAddress },
    { term: 'Risk', text: deposit.risk ? RISK_LEVEL_WORDS[deposit.risk.level] : 'Not screened' },
    {
      term: 'KYT reasons',
      text:
        deposit.risk && deposit.risk.reasons.length > 0
          ? deposit.risk.reasons.map(riskReasonText).join('\n')
          : 'None',
    },
  ];
}
