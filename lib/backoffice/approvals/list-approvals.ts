// Reading approval requests: the list of /approvals (by state, kind and whose, newest first, a
// page at a time), one request, the requests of the page a maker asked from, and the count of
// what waits for a given member of staff (the navigation's badge). Each first expires what is due,
// so nobody sees a request as waiting after its 72 hours.
import 'server-only';
import { and, desc, eq, gte, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { approvalRequests } from '@/lib/backoffice/db/schema';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { can } from '@/lib/backoffice/auth/permissions';
import { assertCan } from '@/lib/backoffice/staff/staff-access';
import {
  APPROVAL_FILTER_STATUSES,
  APPROVAL_KINDS,
  APPROVAL_PERMISSION,
  type ApprovalKind,
} from './approval-kinds';
import type { ApprovalFilters } from './approval-filters';
import { expireDueRequests } from './expire-requests';
import { statusAt, waitingAt } from './request-state';

export type ApprovalRow = typeof approvalRequests.$inferSelect;

/** The kinds this member of staff may approve: those whose action their role may do. */
export function approvableKinds(actor: Pick<CurrentStaff, 'role'>): ApprovalKind[] {
  return APPROVAL_KINDS.filter((kind) => can(actor.role, APPROVAL_PERMISSION[kind]));
}

function waitingFor(actor: CurrentStaff, now: Date): SQL | undefined {
  const kinds = approvableKinds(actor);
  if (kinds.length === 0) return undefined;
  return and(waitingAt(now), ne(approvalRequests.makerId, actor.id), inArray(approvalRequests.kind, kinds));
}

export async function listApprovals(options: {
  db: Database;
  actor: CurrentStaff;
  filters: ApprovalFilters;
  now?: Date;
}): Promise<{ rows: ApprovalRow[]; hasNext: boolean }> {
  const { db, actor, filters } = options;
  assertCan(actor, 'approvals.read');
  const now = options.now ?? new Date();
  await expireDueRequests(db, now);
  const where: (SQL | undefined)[] = [
    inArray(approvalRequests.status, [...APPROVAL_FILTER_STATUSES[filters.state]]),
  ];
  if (filters.kind) where.push(eq(approvalRequests.kind, filters.kind));
  if (filters.whose === 'mine') where.push(eq(approvalRequests.makerId, actor.id));
  if (filters.whose === 'for-me') {
    const mine = waitingFor(actor, now);
    if (!mine) return { rows: [], hasNext: false };
    where.push(mine);
  }
  // One row more than a page tells whether there is a next page, without counting.
  const rows = await db
    .select()
    .from(approvalRequests)
    .where(and(...where))
    .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id))
    .limit(filters.size + 1)
    .offset((filters.page - 1) * filters.size);
  return { rows: rows.slice(0, filters.size), hasNext: rows.length > filters.size };
}

export async function getApproval(options: {
  db: Database;
  actor: CurrentStaff;
  id: number;
  now?: Date;
}): Promise<ApprovalRow | null> {
  const { db, actor, id } = options;
  assertCan(actor, 'approvals.read');
  await expireDueRequests(db, options.now ?? new Date());
  const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
  return row ?? null;
}

/** How many requests wait for this person's decision (not their own, of a kind they may do). */
export async function countWaitingFor(options: {
  db: Database;
  actor: CurrentStaff;
  now?: Date;
}): Promise<number> {
  const { db, actor } = options;
  const now = options.now ?? new Date();
  // Read-only (every page's layout asks): waitingFor leaves out the expired itself.
  const where = waitingFor(actor, now);
  if (!where) return 0;
  return db.$count(approvalRequests, where);
}

/**
 * The requests asked from one page (a card, a user): every pending one, and the recent decided
 * ones. Read-only (it runs on every view of those pages): a request past its expiry reads as
 * EXPIRED here before expireDueRequests has written it.
 */
export async function approvalsForPage(options: {
  db: Database;
  actor: CurrentStaff;
  returnPath: string;
  now?: Date;
}): Promise<ApprovalRow[]> {
  const { db, actor, returnPath } = options;
  if (!can(actor.role, 'approvals.read')) return [];
  const now = options.now ?? new Date();
  const recent = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  const rows = await db
    .select()
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.returnPath, returnPath),
        // Anyone's that still waits (so nobody asks twice); the maker's own for a week after.
        or(
          inArray(approvalRequests.status, ['PENDING', 'EXECUTING']),
          and(eq(approvalRequests.makerId, actor.id), gte(approvalRequests.createdAt, recent)),
        ),
      ),
    )
    .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id))
    .limit(10);
  return rows
    .map((row) => ({ ...row, status: statusAt(row, now) }))
    .filter((row) => row.status !== 'EXPIRED' || row.makerId === actor.id);
}
