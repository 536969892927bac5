// Disabling and re-enabling a member of staff. Disabling ends every session of the account at
// once; re-enabling restores access (an account that never accepted its invitation goes back to
// `invited`).
import 'server-only';
import { eq } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { staff } from '@/lib/backoffice/db/schema';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { recordAudit } from '@/lib/backoffice/audit/record-audit';
import type { SetStaffStatusInput } from '@/lib/backoffice/staff/forms';
import { StaffFacingError } from '../shared/errors';
import { assertAnotherActiveAdmin, assertCan, bumpSessionVersion, lockStaff } from './staff-access';

export async function setStaffStatus(options: {
  db: Database;
  actor: CurrentStaff;
  input: SetStaffStatusInput;
}): Promise<{ staffId: number; status: string }> {
  const { db, actor, input } = options;
  assertCan(actor, 'staff.manage');
  if (input.staffId === actor.id)
    throw new StaffFacingError('You cannot disable or enable your own account.');
  return db.transaction(async (tx) => {
    const target = await lockStaff(tx, input.staffId);
    if (input.status === 'disabled') {
      if (target.status === 'disabled') return { staffId: target.id, status: target.status };
      if (target.role === 'admin' && target.status === 'active')
        await assertAnotherActiveAdmin(tx, target.id);
      await tx
        .update(staff)
        .set({ status: 'disabled', sessionVersion: bumpSessionVersion, updatedAt: new Date() })
        .where(eq(staff.id, target.id));
    } else {
      if (target.status !== 'disabled') return { staffId: target.id, status: target.status };
      const status = target.passwordHash ? 'active' : 'invited';
      await tx.update(staff).set({ status, updatedAt: new Date() }).where(eq(staff.id, target.id));
    }
    const verb = input.status === 'disabled' ? 'Disabled' : 'Re-enabled';
    await recordAudit(tx, {
      actor,
      action: input.status === 'disabled' ? 'staff.disable' : 'staff.enable',
      targetType: 'staff',
      targetId: target.email,
      outcome: 'success',
      summary: `${verb} ${target.email}${input.status === 'disabled' ? ' and ended their sessions' : ''}`,
    });
    return { staffId: target.id, status: input.status };
  });
}
