// Shared checks of the staff domain: the actor's permission, and the rule that an agency is
// never left without an active admin.
import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import { can, type Permission } from '@/lib/backoffice/auth/permissions';
import type { BackofficeExecutor as Executor } from '@/lib/backoffice/db';
import { staff } from '@/lib/backoffice/db/schema';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { PermissionDeniedError, StaffFacingError } from '../shared/errors';

export function assertCan(actor: CurrentStaff, permission: Permission): void {
  if (!can(actor.role, permission))
    throw new PermissionDeniedError(`Your role (${actor.role}) does not allow this.`);
}

export async function lockStaff(db: Executor, staffId: number) {
  const [row] = await db.select().from(staff).where(eq(staff.id, staffId)).for('update');
  if (!row) throw new StaffFacingError('That member of staff does not exist.');
  return row;
}

/** Refuses a change that would leave no active admin (other than `staffId`). */
export async function assertAnotherActiveAdmin(db: Executor, staffId: number): Promise<void> {
  // Lock every active admin row, so two admins demoting each other at once cannot both succeed.
  const others = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'admin'), eq(staff.status, 'active'), ne(staff.id, staffId)))
    .for('update');
  if (others.length === 0) {
    throw new StaffFacingError('This is the only active admin. Make someone else an admin first.');
  }
}

export const bumpSessionVersion = sql`${staff.sessionVersion} + 1`;
