// Expiry (docs/back-office.md "Approvals": 72 hours): requests still PENDING at their expiry become
// EXPIRED, each with its audit entry, the next time anyone lists, counts or decides them. Until
// then the conditional updates of approve/reject/withdraw refuse them anyway (they test expires_at
// themselves), so a request is never approved late, whether or not this has run.
import 'server-only';
import { and, eq, lte } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { approvalRequests } from '@/lib/backoffice/db/schema';
import { recordAudit } from '@/lib/backoffice/audit/record-audit';

export const SYSTEM_ACTOR = { id: null, email: 'system', role: null } as const;

/** Its own transaction: an expiry stands even when the decision that found it is refused. */
export async function expireDueRequests(db: Database, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(approvalRequests)
      .set({ status: 'EXPIRED', decidedAt: now })
      .where(and(eq(approvalRequests.status, 'PENDING'), lte(approvalRequests.expiresAt, now)))
      .returning({
        id: approvalRequests.id,
        summary: approvalRequests.summary,
        subjectUser: approvalRequests.subjectUser,
        makerEmail: approvalRequests.makerEmail,
      });
    for (const row of expired) {
      await recordAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: 'approval.expire',
        targetType: 'approval',
        targetId: String(row.id),
        ...(row.subjectUser ? { subjectUser: row.subjectUser } : {}),
        outcome: 'success',
        summary: `Request ${row.id} of ${row.makerEmail} expired unapproved: ${row.summary}`,
      });
    }
    return expired.length;
  });
}
