// Reading the audit log (admins): newest first, filtered by who, what, which target, outcome
// and date range.
import 'server-only';
import { and, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { auditLog } from '@/lib/backoffice/db/schema';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { AUDIT_PAGE_SIZE, type AuditFilters } from '@/lib/backoffice/forms/audit';
import { assertCan } from '../staff/staff-access';

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listAuditEntries(options: {
  db: Database;
  actor: CurrentStaff;
  filters: AuditFilters;
}) {
  const { db, actor, filters } = options;
  assertCan(actor, 'audit.read');
  const where: SQL[] = [];
  if (filters.actor) where.push(ilike(auditLog.actorEmail, `%${escapeLike(filters.actor)}%`));
  if (filters.action) where.push(ilike(auditLog.action, `${escapeLike(filters.action)}%`));
  if (filters.target) where.push(eq(auditLog.targetId, filters.target));
  if (filters.outcome) where.push(eq(auditLog.outcome, filters.outcome));
  if (filters.from) where.push(gte(auditLog.createdAt, sql`${filters.from}::date`));
  if (filters.to) where.push(lt(auditLog.createdAt, sql`${filters.to}::date + 1`));

  // One row more than a page tells whether there is a next page, without counting the log.
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((filters.page - 1) * AUDIT_PAGE_SIZE);
  return { entries: rows.slice(0, AUDIT_PAGE_SIZE), hasNext: rows.length > AUDIT_PAGE_SIZE };
}

/** The distinct actions recorded, for the filter's choices. */
export async function listAuditActions(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action);
  return rows.map((r) => r.action);
}
