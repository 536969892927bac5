// The back-office's own data: Postgres schema `backoffice` (staff accounts, sign-in throttling,
// audit log). The back-office never reads the `wallet` schema: all it knows of users, cards
// and assets it learns from the wallet API.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSchema,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const backoffice = pgSchema('backoffice');

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

import type { AuditOutcome, StaffRole, StaffStatus } from '@/lib/backoffice/auth/staff-roles';
import type { ApprovalKind, ApprovalStatus } from '@/lib/backoffice/approvals/approval-kinds';

export { AUDIT_OUTCOMES, STAFF_ROLES, STAFF_STATUSES } from '@/lib/backoffice/auth/staff-roles';
export type { AuditOutcome, StaffRole, StaffStatus } from '@/lib/backoffice/auth/staff-roles';

export const staff = backoffice.table(
  'staff',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    status: text('status').$type<StaffStatus>().notNull(),
    /** scrypt hash; null until an invited member sets a password. */
    passwordHash: text('password_hash'),
    /**
     * Sessions are JWTs carrying this number; bumping it (sign-out, disabling, a role change)
     * ends every session of the account at once, on every instance.
     */
    sessionVersion: integer('session_version').notNull().default(1),
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: at('invite_expires_at'),
    lastSignInAt: at('last_sign_in_at'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('staff_invite_token_key').on(t.inviteTokenHash),
  ],
);

/** One row per failed sign-in, by account and by client address, counted over a window. */
export const signInFailures = backoffice.table(
  'sign_in_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'account' (lower-cased e-mail), 'address' (client IP) or 'pair' ("<e-mail>|<IP>"). */
    scope: text('scope').$type<'account' | 'address' | 'pair'>().notNull(),
    key: text('key').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_key_idx').on(t.scope, t.key, t.createdAt)],
);

/** Who did what, to which user or card, with what outcome and wallet result code. */
export const auditLog = backoffice.table(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: at('created_at').notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email').notNull(),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /**
     * The app user the entry is about, whatever its target (the user, one of their cards or
     * addresses, a transfer to them): filtering by a user finds every event about them.
     */
    subjectUser: text('subject_user'),
    outcome: text('outcome').$type<AuditOutcome>().notNull(),
    resultCode: integer('result_code'),
    summary: text('summary').notNull(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_action_idx').on(t.action, t.createdAt.desc()),
    index('audit_log_actor_idx').on(t.actorEmail, t.createdAt.desc()),
    index('audit_log_target_idx').on(t.targetId),
    index('audit_log_subject_idx').on(t.subjectUser, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * The agency's settings (docs/back-office.md "Approvals"): one row, id 1; absent until an admin
 * first saves them, when the defaults of settings-schema.ts apply. Amounts are decimal strings in
 * major units.
 */
export const settings = backoffice.table(
  'settings',
  {
    id: integer('id').primaryKey(),
    issueApprovalOn: boolean('issue_approval_on').notNull(),
    issueApprovalMinFee: text('issue_approval_min_fee').notNull(),
    transferApprovalOn: boolean('transfer_approval_on').notNull(),
    transferApprovalMinAmount: text('transfer_approval_min_amount').notNull(),
    unlockApprovalOn: boolean('unlock_approval_on').notNull(),
    cancelApprovalOn: boolean('cancel_approval_on').notNull(),
    lowBalanceThreshold: text('low_balance_threshold').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [check('settings_one_row', sql`${t.id} = 1`)],
);

/**
 * A wallet call waiting for a second member of staff (docs/back-office.md "Approvals"): the exact
 * operation and parameters, with the requestId fixed at submission (unique: the maker's double
 * submit is one request), who asked, who decided, and how the call ended.
 */
export const approvalRequests = backoffice.table(
  'approval_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ApprovalKind>().notNull(),
    status: text('status').$type<ApprovalStatus>().notNull(),
    /** The wallet call's requestId, fixed at submission: the call is made with it, once. */
    requestId: text('request_id').notNull(),
    /** The wallet operation (lib/wallet/contract/operations.ts) and its parameters, exactly. */
    operation: text('operation').notNull(),
    params: jsonb('params').$type<Record<string, string | number | boolean>>().notNull(),
    /** A sentence for people; never a card number, document number or secret. */
    summary: text('summary').notNull(),
    /** The amount at stake, for the list (the transfer, or the card's fee), in major units. */
    amount: text('amount'),
    currency: text('currency'),
    subjectUser: text('subject_user'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** The page the maker asked from, where its state is shown to them. */
    returnPath: text('return_path').notNull(),
    makerId: integer('maker_id').notNull(),
    makerEmail: text('maker_email').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    deciderId: integer('decider_id'),
    deciderEmail: text('decider_email'),
    decidedAt: at('decided_at'),
    comment: text('comment'),
    /** The wallet's result code once the call was made (0 for success). */
    resultCode: integer('result_code'),
    resultMessage: text('result_message'),
    completedAt: at('completed_at'),
  },
  (t) => [
    uniqueIndex('approval_requests_request_id_key').on(t.requestId),
    index('approval_requests_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('approval_requests_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('approval_requests_return_path_idx').on(t.returnPath, t.createdAt.desc()),
  ],
);

/**
 * Each transfer out of an agency asset that a member of staff made alone, without a second
 * person, written (under a lock on the maker's staff row) before the wallet is called: the
 * approval policy counts what one maker moved alone over the last 24 hours
 * (lib/backoffice/approvals/direct-transfers.ts). A transfer the wallet refused is removed;
 * one whose outcome is unknown stays counted.
 */
export const directTransfers = backoffice.table(
  'direct_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    makerId: integer('maker_id').notNull(),
    /** The wallet call's requestId: the maker's double submit is one transfer, counted once. */
    requestId: text('request_id').notNull(),
    /** In major units, exact (the policy's amounts carry up to six decimals). */
    amount: numeric('amount', { precision: 21, scale: 6 }).notNull(),
    fromAssetId: integer('from_asset_id').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('direct_transfers_request_id_key').on(t.requestId),
    index('direct_transfers_maker_idx').on(t.makerId, t.createdAt),
  ],
);
