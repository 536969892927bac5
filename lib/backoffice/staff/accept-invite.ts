// Accepting an invitation: the invited member sets their password once, with the link they were
// given; the link is then spent.
import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { staff } from '@/lib/backoffice/db/schema';
import { hashPassword } from '@/lib/backoffice/auth/password';
import { recordAudit } from '@/lib/backoffice/audit/record-audit';
import { StaffFacingError } from '../shared/errors';
import { hashInviteToken } from './invite-staff';

export const INVITE_INVALID = 'This invitation link is not valid or has expired. Ask an admin for a new one.';

/** The invitation a token belongs to, if it is still usable: for the page that shows the form. */
export async function findOpenInvite(db: Database, token: string) {
  const [row] = await db
    .select({
      id: staff.id,
      email: staff.email,
      name: staff.name,
      role: staff.role,
      expiresAt: staff.inviteExpiresAt,
    })
    .from(staff)
    .where(and(eq(staff.inviteTokenHash, hashInviteToken(token)), eq(staff.status, 'invited')))
    .limit(1);
  if (!row || !row.expiresAt || row.expiresAt.getTime() < Date.now()) return null;
  return row;
}

export async function acceptInvite(options: {
  db: Database;
  input: { token: string; password: string };
}): Promise<{ email: string }> {
  const { db, input } = options;
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(staff)
      .where(and(eq(staff.inviteTokenHash, hashInviteToken(input.token)), eq(staff.status, 'invited')))
      .for('update');
    if (!row || !row.inviteExpiresAt || row.inviteExpiresAt.getTime() < Date.now()) {
      throw new StaffFacingError(INVITE_INVALID);
    }
    await tx
      .update(staff)
      .set({
        passwordHash,
        status: 'active',
        inviteTokenHash: null,
        inviteExpiresAt: null,
        updatedAt: new Date(),
      })
      .where(eq(staff.id, row.id));
    await recordAudit(tx, {
      actor: { id: row.id, email: row.email, role: row.role },
      action: 'staff.accept_invite',
      targetType: 'staff',
      targetId: row.email,
      outcome: 'success',
      summary: `${row.email} accepted their invitation and set a password`,
    });
    return { email: row.email };
  });
}
