// The audit log: who did what, to which user or card, with what outcome and wallet result
// code. Written by domain functions in the same transaction as the change they record, and
// by wallet-calling actions right after the call, whatever its outcome.
import 'server-only';
import type { BackofficeExecutor as Executor } from '@/lib/backoffice/db';
import { auditLog, type AuditOutcome, type StaffRole } from '@/lib/backoffice/db/schema';

export type AuditActor = { id: number | null; email: string; role: StaffRole | null };

export type AuditEntry = {
  actor: AuditActor;
  /** dotted verb, e.g. user.register, card.issue, staff.invite, auth.sign_in */
  action: string;
  targetType?:
    | 'user'
    | 'card'
    | 'address'
    | 'staff'
    | 'session'
    | 'webhook'
    | 'event'
    | 'approval'
    | 'deposit'
    | 'kyt'
    | 'dispute';
  targetId?: string;
  /** The app user the entry is about (defaults to the target when the target is a user). */
  subjectUser?: string;
  outcome: AuditOutcome;
  resultCode?: number | null;
  /** A sentence for people; never a card number, document number or secret. */
  summary: string;
  /** What the member of staff wrote about it (a card's lock, unlock or cancel). */
  note?: string;
};

/** The longest note kept (the card dialogs' rule: card-programme-forms.ts). */
export const NOTE_MAX = 500;

export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    actorRole: entry.actor.role,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    subjectUser: entry.subjectUser ?? (entry.targetType === 'user' ? (entry.targetId ?? null) : null),
    outcome: entry.outcome,
    resultCode: entry.resultCode ?? null,
    summary: entry.summary.slice(0, 500),
    note: entry.note ? entry.note.slice(0, NOTE_MAX) : null,
  });
}

/**
 * A signed-in caller refused for their role: the one 'denied' entry an action (action-client.ts)
 * or a route handler (staff-route.ts) leaves, worded alike so the audit log reads one way.
 */
export async function recordDenied(
  db: Executor,
  staff: { id: number; email: string; role: StaffRole },
  action: string,
  permission: string,
): Promise<void> {
  await recordAudit(db, {
    actor: { id: staff.id, email: staff.email, role: staff.role },
    action,
    outcome: 'denied',
    summary: `Refused: the ${staff.role} role may not ${permission}`,
  });
}
