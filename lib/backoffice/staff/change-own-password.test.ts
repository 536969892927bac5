// Changing one's own password against a real database: the right current password stores the new
// one, ends every session (session_version goes up) and writes one audit entry without any
// password in it; a wrong one changes nothing on the account and is recorded as a failure; the
// form's rules are the invitation's.
import { asc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { verifyPassword } from '@/lib/backoffice/auth/password';
import { claimAttempt } from '@/lib/backoffice/auth/sign-in-throttle';
import { auditLog, staff } from '@/lib/backoffice/db/schema';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { changeOwnPasswordSchema } from '@/lib/backoffice/staff/forms';
import { resetTestDatabase } from '@/tests/helpers/wallet-db';
import { StaffFacingError } from '../shared/errors';
import {
  changeOwnPassword,
  PasswordAttemptsWaitError,
  WRONG_CURRENT_PASSWORD,
  WrongCurrentPasswordError,
} from './change-own-password';
import { createStaffAccount } from './create-staff-account';
import { setStaffStatus } from './set-staff-status';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const PASSWORD = 'current-password-123';
const NEW_PASSWORD = 'a brand new passphrase';
let db: Database;
let me: CurrentStaff;

async function row(id: number) {
  const [r] = await db.select().from(staff).where(eq(staff.id, id));
  if (!r) throw new Error(`no staff row ${id}`);
  return r;
}

const audit = () => db.select().from(auditLog).orderBy(asc(auditLog.id));

beforeAll(async () => {
  await resetTestDatabase();
}, 120_000);

beforeEach(async () => {
  db = (await resetTestDatabase()).backoffice;
  const { staffId } = await createStaffAccount({
    db,
    email: 'sam@example.com',
    name: 'Sam',
    role: 'support',
    password: PASSWORD,
  });
  me = { id: staffId, email: 'sam@example.com', name: 'Sam', role: 'support' };
}, 120_000);

const ADDRESS = '203.0.113.21';

describe('changeOwnPassword', () => {
  it('stores the new password, bumps the session version and audits once, naming no password', async () => {
    const before = await row(me.id);
    const auditBefore = (await audit()).length;
    const result = await changeOwnPassword({
      db,
      actor: me,
      address: ADDRESS,
      input: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    const after = await row(me.id);
    expect(result).toEqual({ sessionVersion: before.sessionVersion + 1 });
    expect(after.sessionVersion).toBe(before.sessionVersion + 1);
    expect(await verifyPassword(NEW_PASSWORD, after.passwordHash!)).toBe(true);
    expect(await verifyPassword(PASSWORD, after.passwordHash!)).toBe(false);
    // Nothing else about the account changes.
    expect({ ...after, passwordHash: null, sessionVersion: 0, updatedAt: null }).toEqual({
      ...before,
      passwordHash: null,
      sessionVersion: 0,
      updatedAt: null,
    });

    const added = (await audit()).slice(auditBefore);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      actorId: me.id,
      actorEmail: 'sam@example.com',
      actorRole: 'support',
      action: 'staff.password_change',
      targetType: 'staff',
      targetId: 'sam@example.com',
      subjectUser: null,
      outcome: 'success',
      resultCode: null,
      summary: 'sam@example.com changed their own password; their other sessions ended',
    });
    expect(JSON.stringify(added)).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(added)).not.toContain(PASSWORD);
  });

  it('a wrong current password changes nothing on the account, and is recorded as a failure', async () => {
    const before = await row(me.id);
    const auditBefore = (await audit()).length;
    const attempt = changeOwnPassword({
      db,
      actor: me,
      address: ADDRESS,
      input: { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD },
    });
    await expect(attempt).rejects.toBeInstanceOf(WrongCurrentPasswordError);
    await expect(attempt).rejects.toThrow(WRONG_CURRENT_PASSWORD);
    expect(await row(me.id)).toEqual(before);
    expect(await verifyPassword(PASSWORD, (await row(me.id)).passwordHash!)).toBe(true);

    const added = (await audit()).slice(auditBefore);
    expect(added).toEqual([
      expect.objectContaining({
        actorId: me.id,
        action: 'staff.password_change',
        outcome: 'failure',
        summary: 'sam@example.com tried to change their own password: the current password was wrong',
      }),
    ]);
    expect(JSON.stringify(added)).not.toContain('not-my-password');
  });

  it('wrong current passwords count towards the sign-in throttle: after four, the next waits unheard', async () => {
    for (let i = 0; i < 4; i++) {
      await expect(
        changeOwnPassword({
          db,
          actor: me,
          address: ADDRESS,
          input: { currentPassword: `guess-${i}`, newPassword: NEW_PASSWORD },
        }),
      ).rejects.toBeInstanceOf(WrongCurrentPasswordError);
    }
    const before = await row(me.id);
    const auditBefore = (await audit()).length;
    // The right password, too soon: refused without being checked, beside the field.
    const attempt = changeOwnPassword({
      db,
      actor: me,
      address: ADDRESS,
      input: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    await expect(attempt).rejects.toBeInstanceOf(PasswordAttemptsWaitError);
    await expect(attempt).rejects.toMatchObject({
      field: 'currentPassword',
      seconds: 1,
      message: 'Too many wrong passwords: wait 1 second before the next try. This one was not checked.',
    });
    expect(await row(me.id)).toEqual(before);
    expect(await audit()).toHaveLength(auditBefore);
    // The same account's sign-in is slowed alike (one count per account and address).
    expect(await claimAttempt(db, { account: 'sam@example.com', address: ADDRESS })).toMatchObject({
      heard: false,
    });
  });

  it('refuses an account that is no longer active, and changes nothing', async () => {
    const { staffId } = await createStaffAccount({
      db,
      email: 'root@example.com',
      name: 'Root',
      role: 'admin',
      password: PASSWORD,
    });
    const admin: CurrentStaff = { id: staffId, email: 'root@example.com', name: 'Root', role: 'admin' };
    await setStaffStatus({ db, actor: admin, input: { staffId: me.id, status: 'disabled' } });
    const before = await row(me.id);
    const auditBefore = (await audit()).length;
    const attempt = changeOwnPassword({
      db,
      actor: me,
      address: ADDRESS,
      input: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    await expect(attempt).rejects.toBeInstanceOf(StaffFacingError);
    await expect(attempt).rejects.toThrow('Your account is not active.');
    expect(await row(me.id)).toEqual(before);
    expect(await audit()).toHaveLength(auditBefore);
  });
});

describe('changeOwnPasswordSchema', () => {
  const errors = (input: Record<string, string>) =>
    changeOwnPasswordSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

  it('asks for the current password, the invitation rules for the new one, and a matching repeat', () => {
    expect(errors({ currentPassword: '', newPassword: 'short', confirmPassword: 'other' })).toEqual([
      'currentPassword: Enter your current password',
      'newPassword: Password must be at least 12 characters',
      'confirmPassword: The two passwords do not match',
    ]);
    expect(errors({ currentPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD })).toEqual([
      'newPassword: The new password must differ from the current one',
    ]);
    expect(
      changeOwnPasswordSchema.safeParse({
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      }).success,
    ).toBe(true);
  });
});
