// A member of staff changing their own password (/account). The current password proves the
// session's holder is the account's owner; the change ends every session of the account (the
// session version goes up), and the caller re-issues the session of the browser it came from
// (session-cookie.ts). The audit entry is written in the same transaction as the change, and
// names no password. A wrong current password changes nothing on the account; the attempt is
// recorded as a failure, since guessing it from an unattended session is what it guards against,
// and counts towards the sign-in throttle (sign-in-throttle.ts): after a few, the next attempt
// waits, unheard, as a sign-in would.
import 'server-only';
import { eq } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { staff } from '@/lib/backoffice/db/schema';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { hashPassword, verifyPassword } from '@/lib/backoffice/auth/password';
import { recordAudit } from '@/lib/backoffice/audit/record-audit';
import { claimAttempt, forgiveAttempt, recordFailure } from '@/lib/backoffice/auth/sign-in-throttle';
import type { ChangeOwnPasswordInput } from '@/lib/backoffice/staff/forms';
import { StaffFacingError } from '../shared/errors';
import { bumpSessionVersion, lockStaff } from './staff-access';

export const WRONG_CURRENT_PASSWORD = 'This is not your current password';

/** The current password was wrong: shown beside that field. */
export class WrongCurrentPasswordError extends StaffFacingError {
  readonly field = 'currentPassword' as const;
  constructor() {
    super(WRONG_CURRENT_PASSWORD);
    this.name = 'WrongCurrentPasswordError';
  }
}

/** Too many wrong current passwords lately: this attempt was not heard. */
export class PasswordAttemptsWaitError extends StaffFacingError {
  readonly field = 'currentPassword' as const;
  constructor(readonly seconds: number) {
    super(
      `Too many wrong passwords: wait ${seconds} second${seconds === 1 ? '' : 's'} before the next try. This one was not checked.`,
    );
    this.name = 'PasswordAttemptsWaitError';
  }
}

export async function changeOwnPassword(options: {
  db: Database;
  actor: CurrentStaff;
  input: Pick<ChangeOwnPasswordInput, 'currentPassword' | 'newPassword'>;
  /** The caller's address, for the throttle (auth-options.ts clientAddress). */
  address: string;
}): Promise<{ sessionVersion: number }> {
  const { db, actor, input } = options;
  const keys = { account: actor.email.toLowerCase(), address: options.address };
  // Counted before the password is checked, like a sign-in (sign-in-throttle.ts).
  const claim = await claimAttempt(db, keys);
  if (!claim.heard) throw new PasswordAttemptsWaitError(Math.ceil(claim.waitMs / 1000));
  // Hashed before the transaction: scrypt takes a while, and the row stays locked meanwhile.
  const passwordHash = await hashPassword(input.newPassword);
  const auditActor = { id: actor.id, email: actor.email, role: actor.role };
  const changed = await db.transaction(async (tx) => {
    const row = await lockStaff(tx, actor.id);
    if (row.status !== 'active') throw new StaffFacingError('Your account is not active.');
    if (!row.passwordHash || !(await verifyPassword(input.currentPassword, row.passwordHash))) return null;
    const [updated] = await tx
      .update(staff)
      .set({ passwordHash, sessionVersion: bumpSessionVersion, updatedAt: new Date() })
      .where(eq(staff.id, row.id))
      .returning({ sessionVersion: staff.sessionVersion });
    if (!updated) throw new Error('staff update returned no row');
    await recordAudit(tx, {
      actor: auditActor,
      action: 'staff.password_change',
      targetType: 'staff',
      targetId: row.email,
      outcome: 'success',
      summary: `${row.email} changed their own password; their other sessions ended`,
    });
    return updated;
  });
  if (!changed) {
    await recordFailure(db, keys, claim);
    await recordAudit(db, {
      actor: auditActor,
      action: 'staff.password_change',
      targetType: 'staff',
      targetId: actor.email,
      outcome: 'failure',
      summary: `${actor.email} tried to change their own password: the current password was wrong`,
    });
    throw new WrongCurrentPasswordError();
  }
  await forgiveAttempt(db, keys, claim);
  return changed;
}
