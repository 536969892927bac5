// A fresh invitation link for someone who has not yet accepted theirs (the old one stops working).
import 'server-only';
import { eq } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { staff } from '@/lib/backoffice/db/schema';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { recordAudit } from '@/lib/backoffice/audit/record-audit';
import { StaffFacingError } from '../shared/errors';
import { newInviteToken } from './invite-staff';
import { assertCan, lockStaff } from './staff-access';

export async function reissueInvite(options: {
  db: Database;
  actor: CurrentStaff;
  input: { staffId: number };
}): Promise<{ invitePath: string; expiresAt: string }> {
  const { db, actor, input } = options;
  assertCan(actor, 'staff.manage');
  return db.transaction(async (tx) => {
    const target = await lockStaff(tx, input.staffId);
    if (target.status !== 'invited')
      throw new StaffFacingError(`${target.email} has already accepted their invitation.`);
    const invite = newInviteToken();
    await tx
      .update(staff)
      .set({ inviteTokenHash: invite.hash, inviteExpiresAt: invite.expiresAt, updatedAt: new Date() })
      .where(eq(staff.id, target.id));
    await recordAudit(tx, {
      actor,
      action: 'staff.reissue_invite',
      targetType: 'staff',
      targetId: target.email,
      outcome: 'success',
      summary: `Issued a new invitation link to ${target.email}`,
    });
    return { invitePath: `/invite/${invite.token}`, expiresAt: invite.expiresAt.toISOString() };
  });
}
