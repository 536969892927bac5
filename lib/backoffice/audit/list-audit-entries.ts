// Reading the audit log (admins): newest first, filtered by who, which user it is about, what,
// which target, outcome and date range; a page at a time for the screen, or every matching entry
// in batches for the CSV export.
import 'server-only';
import { and, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { auditLog } from '@/lib/backoffice/db/schema';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { AUDIT_PAGE_SIZE, type AuditFilters } from '@/lib/backoffice/audit/forms';
import { assertCan } from '../staff/staff-access';

export type AuditRow = typeof auditLog.$inferSelect;

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(filters: AuditFilters): SQL[] {
  const where: SQL[] = [];
  // Who: the staff picker's e-mail, exactly (audit_log_actor_idx).
  if (filters.actor) where.push(eq(auditLog.actorEmail, filters.actor));
  // The user an entry is about, whatever its target (the user, one of their cards or addresses,
  // a transfer to them): audit_log_subject_idx serves it, newest first.
  if (filters.user) where.push(eq(auditLog.subjectUser, filters.user));
  if (filters.action) where.push(ilike(auditLog.action, `${escapeLike(filters.action)}%`));
  if (filters.target) where.push(eq(auditLog.targetId, filters.target));
  if (filters.outcome) where.push(eq(auditLog.outcome, filters.outcome));
  if (filters.from) where.push(gte(auditLog.createdAt, sql`${filters.from}::date`));
  if (filters.to) where.push(lt(auditLog.createdAt, sql`${filters.to}::date + 1`));
  return where;
}

/** How many entries about a user their page shows, newest first. */
export const USER_ACTIVITY_ROWS = 20;

/**
 * The latest entries about one user (audit_log_subject_idx), for their page: what was done to
 * them, their cards and addresses, by whom, with what outcome and note. Read-only, for every role
 * ('audit.read_user'); the views (who opened the page) are left to the whole log.
 */
export async function listUserActivity(options: {
  db: Database;
  actor: CurrentStaff;
  appUserId: string;
}): Promise<AuditRow[]> {
  const { db, actor, appUserId } = options;
  assertCan(actor, 'audit.read_user');
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectUser, appUserId), sql`${auditLog.action} not like '%.view'`))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(USER_ACTIVITY_ROWS);
}

export async function listAuditEntries(options: {
  db: Database;
  actor: CurrentStaff;
  filters: AuditFilters;
}): Promise<{ entries: AuditRow[]; hasNext: boolean }> {
  const { db, actor, filters } = options;
  assertCan(actor, 'audit.read');
  const where = whereOf(filters);
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

/**
 * Every entry the filters select (the page number aside), newest first, `batchSize` at a time.
 * Keyset, not offset: entries written during a long export neither shift nor repeat rows. The
 * position is the last row's (created_at, id) read back by id, so the comparison keeps the
 * timestamp's microseconds, which a JavaScript Date would round away.
 */
export async function* auditEntryBatches(options: {
  db: Database;
  actor: CurrentStaff;
  filters: AuditFilters;
  batchSize?: number;
}): AsyncGenerator<AuditRow[], void> {
  const { db, actor, filters, batchSize = 500 } = options;
  assertCan(actor, 'audit.read');
  const base = whereOf(filters);
  let lastId: number | undefined;
  for (;;) {
    const where =
      lastId === undefined
        ? base
        : [
            ...base,
            sql`(${auditLog.createdAt}, ${auditLog.id}) < (select a.created_at, a.id from ${auditLog} a where a.id = ${lastId})`,
          ];
    const rows = await db
      .select()
      .from(auditLog)
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    lastId = rows.at(-1)!.id;
  }
}

/** The distinct actions recorded, for the filter's choices. */
export async function listAuditActions(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action);
  return rows.map((r) => r.action);
}
