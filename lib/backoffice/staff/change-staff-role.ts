// Changing a member of staff's role. Their sessions end at once, so the new role applies from
// their next sign-in and never alongside the old one.
import 'server-only';
import { eq } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { staff } from '@/lib/backoffice/db/schema';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { recordAudit } from '@/lib/backoffice/audit/record-audit';
import type { ChangeStaffRoleInput } from '@/lib/backoffice/staff/forms';
import { StaffFacingError } from '../shared/errors';
import { assertAnotherActiveAdmin, assertCan, bumpSessionVersion, lockStaff } from './staff-access';

export async function changeStaffRole(options: {
  db: Database;
  actor: CurrentStaff;
  input: ChangeStaffRoleInput;
}): Promise<{ staffId: number; role: string }> {
  const { db, actor, input } = options;
  assertCan(actor, 'staff.manage');
  if (input.staffId === actor.id) throw new StaffFacingError('You cannot change your own role.');
  return db.transaction(async (tx) => {
    const target = await lockStaff(tx, input.staffId);
    if (target.role === input.role) return { staffId: target.id, role: target.role };
    if (target.role === 'admin' && target.status === 'active') await assertAnotherActiveAdmin(tx, target.id);
    await tx
      .update(staff)
      .set({ role: input.role, sessionVersion: bumpSessionVersion, updatedAt: new Date() })
      .where(eq(staff.id, target.id));
    await recordAudit(tx, {
      actor,
      action: 'staff.change_role',
      targetType: 'staff',
      targetId: target.email,
      outcome: 'success',
      summary: `Changed ${target.email} from ${target.role} to ${input.role}`,
    });
    return { staffId: target.id, role: input.role };
  });
}
