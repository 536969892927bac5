// What can wait for a second member of staff (docs/back-office.md "Approvals"), and the states a request goes
// through. Pure and shared: the domain functions, the pages and the filters all read it.
//
//   PENDING ─ approve ─> EXECUTING ─ wallet says 0 ─> APPROVED
//      │                     └──── wallet refuses ──> FAILED (with the result code)
//      ├─ reject (with a comment) ─> REJECTED
//      ├─ withdraw (the maker) ────> WITHDRAWN
//      └─ 72 hours pass ───────────> EXPIRED
import { ACTION_PERMISSIONS, type Permission } from '@/lib/backoffice/auth/permissions';
import { cardActionWords } from '@/lib/wallet/contract/card-lifecycle';

export const APPROVAL_KINDS = [
  'card.issue',
  'asset.transfer',
  'card.unlock',
  'card.cancel',
  'deposit.release',
  'card.replace',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

export const APPROVAL_STATUSES = [
  'PENDING',
  'EXECUTING',
  'APPROVED',
  'FAILED',
  'REJECTED',
  'WITHDRAWN',
  'EXPIRED',
] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** A request is approvable, rejectable or withdrawable only while PENDING and not yet expired. */
export const APPROVAL_TTL_MS = 72 * 60 * 60 * 1000;

/**
 * The permission the maker needed, and every approver needs: "who may do the same action", the
 * one its server action reads (ACTION_PERMISSIONS in permissions.ts).
 */
export const APPROVAL_PERMISSION: Record<ApprovalKind, Permission> = {
  'card.issue': ACTION_PERMISSIONS['card.issue'],
  'asset.transfer': ACTION_PERMISSIONS['asset.transfer'],
  'card.unlock': ACTION_PERMISSIONS['card.unlock'],
  'card.cancel': ACTION_PERMISSIONS['card.cancel'],
  'deposit.release': ACTION_PERMISSIONS['deposit.release'],
  'card.replace': ACTION_PERMISSIONS['card.replace'],
};

export const APPROVAL_KIND_LABELS: Record<ApprovalKind, string> = {
  'card.issue': 'Card issuance paid by the agency',
  'asset.transfer': 'Transfer out of an agency asset',
  'card.unlock': `${cardActionWords('unlock').Verb} a card locked as stolen or fraud`,
  'card.cancel': `${cardActionWords('cancel').Verb} a card`,
  'deposit.release': 'Credit or reject a deposit held by KYT',
  'card.replace': 'Replace a card locked as stolen or fraud',
};

export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, string> = {
  PENDING: 'Waiting for approval',
  EXECUTING: 'Approved, being carried out',
  APPROVED: 'Approved and done',
  FAILED: 'Approved, the wallet refused',
  REJECTED: 'Rejected',
  WITHDRAWN: 'Withdrawn',
  EXPIRED: 'Expired',
};

/** The filters of /approvals: what a person looks for, not every internal state. */
export const APPROVAL_FILTERS = [
  'pending',
  'approved',
  'rejected',
  'expired',
  'withdrawn',
  'failed',
  'all',
] as const;
export type ApprovalFilter = (typeof APPROVAL_FILTERS)[number];

export const APPROVAL_FILTER_STATUSES: Record<ApprovalFilter, readonly ApprovalStatus[]> = {
  pending: ['PENDING'],
  approved: ['APPROVED', 'EXECUTING'],
  rejected: ['REJECTED'],
  expired: ['EXPIRED'],
  withdrawn: ['WITHDRAWN'],
  failed: ['FAILED'],
  all: APPROVAL_STATUSES,
};

export const APPROVAL_FILTER_LABELS: Record<ApprovalFilter, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
  failed: 'Failed',
  all: 'All',
};

/** What a maker's action returns instead of the wallet's answer: the request now waiting. */
export type PendingApproval = { approval: { id: number; status: 'PENDING'; expiresAt: string } };

/** The action's answer is a request waiting for a second person, not the wallet's result. */
export function isPendingApproval(data: unknown): data is PendingApproval {
  return typeof data === 'object' && data !== null && 'approval' in data;
}

/** What the maker is told, in a toast or beside the form, once their request waits. */
export function pendingApprovalText(pending: PendingApproval): string {
  return `Request ${pending.approval.id} now waits for another member of staff to approve it (within 72 hours). Nothing changes until then.`;
}
