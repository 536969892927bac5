// Inviting a member of staff: an account in the `invited` state and a one-time link, valid for
// 72 hours, on which they choose their password. The link is shown to the admin once; only its
// hash is stored.
import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { staff } from '@/lib/backoffice/db/schema';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { recordAudit } from '@/lib/backoffice/audit/record-audit';
import type { InviteStaffInput } from '@/lib/backoffice/staff/forms';
import { StaffFacingError } from '../shared/errors';
import { assertCan } from './staff-access';

export const INVITE_VALIDITY_MS = 72 * 60 * 60_000;

export function newInviteToken(): { token: string; hash: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInviteToken(token), expiresAt: new Date(Date.now() + INVITE_VALIDITY_MS) };
}

export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function inviteStaff(options: {
  db: Database;
  actor: CurrentStaff;
  input: InviteStaffInput;
}): Promise<{ staffId: number; invitePath: string; expiresAt: string }> {
  const { db, actor, input } = options;
  assertCan(actor, 'staff.manage');
  const invite = newInviteToken();
  return db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(sql`lower(${staff.email}) = ${input.email}`);
    if (clash) throw new StaffFacingError(`A member of staff with the e-mail ${input.email} already exists.`);
    const [row] = await tx
      .insert(staff)
      .values({
        email: input.email,
        name: input.name,
        role: input.role,
        status: 'invited',
        inviteTokenHash: invite.hash,
        inviteExpiresAt: invite.expiresAt,
        createdBy: actor.id,
      })
      .returning({ id: staff.id });
    if (!row) throw new Error('staff insert returned no row');
    await recordAudit(tx, {
      actor,
      action: 'staff.invite',
      targetType: 'staff',
      targetId: input.email,
      outcome: 'success',
      summary: `Invited ${input.name} <${input.email}> as ${input.role}`,
    });
    return {
      staffId: row.id,
      invitePath: `/invite/${invite.token}`,
      expiresAt: invite.expiresAt.toISOString(),
    };
  });
}
