// A dispute as the wallet sends it (DESIGN §15, docs/disputes.md once the service's definitions are
// merged): the one type the back-office's dispute pages, actions and words read. Until
// lib/wallet/contract carries the dispute operations this module holds their shapes, and
// disputeCalls() is the client's six dispute functions under the names the catalogue gives them;
// once it does, both become re-exports of the contract's own (one home per shape).
import type { WalletClient } from '@/lib/backoffice/wallet-client';

export const DISPUTE_REASONS = [
  'FRAUDULENT',
  'NOT_RECEIVED',
  'DUPLICATE',
  'INCORRECT_AMOUNT',
  'CANCELLED_SERVICE',
  'OTHER',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const DISPUTE_STATUSES = ['OPEN', 'SUBMITTED', 'WON', 'LOST', 'WITHDRAWN', 'EXPIRED'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const DISPUTE_OUTCOMES = ['WON', 'LOST'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

export type Dispute = {
  disputeId: number;
  transactionId: number;
  authorizationId: number;
  cardId: number;
  appUserId: string;
  status: DisputeStatus;
  reason: DisputeReason;
  amount: number;
  currency: string;
  merchant: { name: string; mcc: string; country: string };
  explanation: string | null;
  evidence: string | null;
  dueBy: string;
  createdAt: string;
  submittedAt: string | null;
  resolvedAt: string | null;
  creditTransactionId: number | null;
};

export type DisputePage = { list: Dispute[]; nextCursor: string | null };

export type DisputeListInput = {
  status?: DisputeStatus;
  reason?: DisputeReason;
  appUserId?: string;
  cardId?: number;
  from?: string;
  to?: string;
  pageSize?: number;
  cursor?: string;
};

export type DisputeCalls = {
  disputeCreate(input: {
    transactionId: number;
    reason: DisputeReason;
    amount?: string;
    explanation?: string;
    requestId: string;
  }): Promise<Dispute>;
  disputeSubmit(input: { disputeId: number; evidence: string; requestId: string }): Promise<Dispute>;
  disputeWithdraw(input: { disputeId: number; requestId: string }): Promise<Dispute>;
  disputeDetail(input: { disputeId: number }): Promise<Dispute>;
  disputeList(input: DisputeListInput): Promise<DisputePage>;
  simulateDisputeOutcome(input: {
    disputeId: number;
    outcome: DisputeOutcome;
    requestId: string;
  }): Promise<Dispute>;
};

/** The client's dispute functions (see the header: typed here until the catalogue has them). */
export function disputeCalls(client: WalletClient): DisputeCalls {
  return client as unknown as DisputeCalls;
}
