// The back-office's own data: Postgres schema `backoffice` (staff accounts, sign-in throttling,
// audit log). The back-office never reads the `wallet` schema: all it knows of users, cards
// and assets it learns from the wallet API.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  pgSchema,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const backoffice = pgSchema('backoffice');

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

import type { AuditOutcome, StaffRole, StaffStatus } from '@/lib/backoffice/auth/staff-roles';

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
