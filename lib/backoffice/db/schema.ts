// The back-office's own data: Postgres schema `backoffice` (staff accounts, sign-in throttling,
// audit log). The back-office never reads the `wallet` schema: all it knows of users, cards
// and assets it learns from the wallet API.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSchema,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const backoffice = pgSchema('backoffice');

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

import type { AuditOutcome, StaffRole, StaffStatus } from '@/lib/backoffice/auth/staff-roles';
import type { ApprovalKind, ApprovalStatus } from '@/lib/backoffice/approvals/approval-kinds';
import type {
  StaffRequestKind,
  StaffRequestStatus,
} from '@/lib/backoffice/staff-requests/staff-request-kinds';

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
    /** Two-factor sign-in (two-factor.ts): the TOTP secret, sealed with the master key; null when off. */
    totpSecret: text('totp_secret'),
    /** A secret being enrolled (sealed), until the member of staff confirms it with a code. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: at('totp_enabled_at'),
    /** The time step of the last code accepted: a code is good once (no replay within its step). */
    totpLastStep: integer('totp_last_step'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('staff_invite_token_key').on(t.inviteTokenHash),
  ],
);

/**
 * The sign-in throttle's counters: one row per (scope, key), claimed by every attempt before its
 * password or code is checked (sign-in-throttle.ts), so that simultaneous attempts see each other.
 */
export const signInThrottle = backoffice.table(
  'sign_in_throttle',
  {
    /**
     * 'account' (lower-cased e-mail), 'address' (client IP), 'pair' ("<e-mail>|<IP>") or
     * 'device' ("<e-mail>|<device id>", a browser holding a valid device cookie).
     */
    scope: text('scope').$type<'account' | 'address' | 'pair' | 'device'>().notNull(),
    key: text('key').notNull(),
    /** Attempts claimed (and not forgiven) in the current window. */
    failures: integer('failures').notNull().default(0),
    lastFailureAt: at('last_failure_at'),
    /** No attempt in this scope is heard before this time. */
    nextAttemptAt: at('next_attempt_at'),
    /**
     * An attempt beyond the free ones is being checked until it settles (or, if its process died,
     * until this time): no other attempt in the scope is heard meanwhile, however slow the check.
     */
    checkingUntil: at('checking_until'),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('sign_in_throttle_last_idx').on(t.lastFailureAt)],
);

/**
 * Each member of staff's share of the back-office's wallet budget (docs/security.md "Rate limit"):
 * wallet calls per staff key and second, counted before each call is sent
 * (wallet-client/staff-pace.ts), here so that every back-office instance sees them.
 */
export const staffCallCounts = backoffice.table(
  'staff_call_counts',
  {
    /** `staff:<id>`, or `no-session` for a call made outside a signed-in request. */
    staffKey: text('staff_key').notNull(),
    second: bigint('second', { mode: 'number' }).notNull(),
    calls: integer('calls').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.staffKey, t.second] }),
    index('staff_call_counts_second_idx').on(t.second),
  ],
);

/** Two-factor recovery codes: SHA-256 of each code, each usable once. */
/**
 * A two-factor sign-in half-way (lib/backoffice/auth/two-factor-pending.ts): the password was
 * right, the code is awaited. The browser holds the token; only its SHA-256 is kept. Deleted by
 * the sign-in it ends (one conditional DELETE: used twice, it signs in once), or once expired.
 */
export const signInPending = backoffice.table(
  'sign_in_pending',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** The account's session version when the password was right: a sign-out since voids it. */
    sessionVersion: integer('session_version').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('sign_in_pending_expires_idx').on(t.expiresAt)],
);

export const staffRecoveryCodes = backoffice.table(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('staff_recovery_codes_key').on(t.staffId, t.codeHash)],
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
    /** What the member of staff wrote about it (a card's lock, unlock, cancel), as typed. */
    note: text('note'),
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
    /** Who must sign in with two factors: 'nobody', 'admins' or 'staff' (everyone). */
    twoFactorRequiredFor: text('two_factor_required_for')
      .$type<'nobody' | 'admins' | 'staff'>()
      .notNull()
      .default('nobody'),
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
    /**
     * What the request does, in words, for whoever decides it: each fact a term, a text naming
     * people, cards and assets (never an ID), and the page it links to (approval-facts.ts).
     * Null on requests made before it was kept.
     */
    facts: jsonb('facts').$type<{ term: string; text: string; href?: string }[]>(),
    /** Why the maker asks, in their words, shown to whoever decides. */
    reason: text('reason'),
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

/**
 * Requests between members of staff (lib/backoffice/staff-requests, docs/back-office.md "Staff
 * requests"): support, who may only lock a card, asks an operator or admin to replace or unlock
 * it, with a note; whoever may do that completes it once done (checked against the wallet) or
 * dismisses it with a comment. At most one open request of each kind per card.
 */
export const staffRequests = backoffice.table(
  'staff_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<StaffRequestKind>().notNull(),
    status: text('status').$type<StaffRequestStatus>().notNull(),
    appUserId: text('app_user_id').notNull(),
    cardId: integer('card_id').notNull(),
    /** What is asked, in words ("Replace Grace Hopper's Virtual Visa Classic ••1234"). */
    summary: text('summary').notNull(),
    /** Why, in the asker's words (what the caller said). */
    note: text('note').notNull(),
    makerId: integer('maker_id').notNull(),
    makerEmail: text('maker_email').notNull(),
    createdAt: at('created_at').notNull(),
    closerId: integer('closer_id'),
    closerEmail: text('closer_email'),
    closedAt: at('closed_at'),
    /** The closer's comment: required when dismissed. */
    comment: text('comment'),
  },
  (t) => [
    uniqueIndex('staff_requests_open_key')
      .on(t.appUserId, t.cardId, t.kind)
      .where(sql`${t.status} = 'OPEN'`),
    index('staff_requests_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('staff_requests_card_idx').on(t.appUserId, t.cardId, t.createdAt.desc()),
  ],
);
